import CGLib
import Foundation
import GLibKit
import ReelCore

/// Where photos and recordings go: `Pictures/Reel` and `Videos/Reel` (the
/// XDG folders, else the usual names in the home folder). A name is
/// reserved by creating the file exclusively, so two captures in the same
/// second, or another program's file, are never overwritten.
public enum CaptureFile {
    public static func folder(for kind: CaptureKind) -> String {
        let special = kind.isPicture ? G_USER_DIRECTORY_PICTURES : G_USER_DIRECTORY_VIDEOS
        let base = g_get_user_special_dir(special).map { String(cString: $0) }
            ?? "\(String(cString: g_get_home_dir()))/\(kind.isPicture ? "Pictures" : "Videos")"
        return "\(base)/Reel"
    }

    /// Creates the folder if needed and an empty file under a fresh name;
    /// returns its path. Throws with the system's words when it cannot.
    /// `hidden`: the name starts with a dot, and `publish` gives the file
    /// its visible name later (a recording, while it is written: the feed
    /// and the file manager do not list a file that is still growing).
    public static func reserve(_ kind: CaptureKind, fileExtension: String, in folder: String? = nil,
                               at date: Date = Date(), hidden: Bool = false) throws -> String {
        let folder = folder ?? self.folder(for: kind)
        if g_mkdir_with_parents(folder, 0o755) != 0 { throw GLibError(errno: errno) }
        for _ in 0..<100 {
            let name = CaptureNaming.fileName(kind, at: date, fileExtension: fileExtension) { isTaken($0, in: folder) }
            let path = "\(folder)/\(hidden ? "." : "")\(name)"
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if descriptor >= 0 {
                close(descriptor)
                return path
            }
            // Taken between the check and the creation: try the next name.
            if errno != EEXIST { throw GLibError(errno: errno) }
        }
        throw GLibError(errno: EEXIST)
    }

    /// Gives a hidden file (from `reserve(hidden:)`) its visible name, the
    /// same without the dot, or the next free one if that was taken
    /// meanwhile: never over another file. Returns the new path.
    public static func publish(_ hiddenPath: String) throws -> String {
        let folder = (hiddenPath as NSString).deletingLastPathComponent
        let hiddenName = (hiddenPath as NSString).lastPathComponent
        let visible = String(hiddenName.dropFirst())
        let stem = (visible as NSString).deletingPathExtension, ext = (visible as NSString).pathExtension
        for number in 1..<100 {
            let name = number == 1 ? visible : "\(stem) (\(number)).\(ext)"
            let path = "\(folder)/\(name)"
            // link() fails rather than replace an existing file.
            if link(hiddenPath, path) == 0 {
                unlink(hiddenPath)
                return path
            }
            if errno == EEXIST { continue }
            // A full disk may have no room for a second name: renaming needs
            // none (checked first, since rename() would replace).
            guard !FileManager.default.fileExists(atPath: path), rename(hiddenPath, path) == 0 else {
                throw GLibError(errno: errno)
            }
            return path
        }
        throw GLibError(errno: EEXIST)
    }

    /// A name is taken if the file exists, or its hidden twin (a recording
    /// under way).
    private static func isTaken(_ name: String, in folder: String) -> Bool {
        FileManager.default.fileExists(atPath: "\(folder)/\(name)") || FileManager.default.fileExists(atPath: "\(folder)/.\(name)")
    }
}
