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
        let special = kind == .photo ? G_USER_DIRECTORY_PICTURES : G_USER_DIRECTORY_VIDEOS
        let base = g_get_user_special_dir(special).map { String(cString: $0) }
            ?? "\(String(cString: g_get_home_dir()))/\(kind == .photo ? "Pictures" : "Videos")"
        return "\(base)/Reel"
    }

    /// Creates the folder if needed and an empty file under a fresh name;
    /// returns its path. Throws with the system's words when it cannot.
    public static func reserve(_ kind: CaptureKind, fileExtension: String, in folder: String? = nil,
                               at date: Date = Date()) throws -> String {
        let folder = folder ?? self.folder(for: kind)
        if g_mkdir_with_parents(folder, 0o755) != 0 { throw GLibError(errno: errno) }
        for _ in 0..<100 {
            let name = CaptureNaming.fileName(kind, at: date, fileExtension: fileExtension) {
                FileManager.default.fileExists(atPath: "\(folder)/\($0)")
            }
            let path = "\(folder)/\(name)"
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

    /// Free bytes on the file system holding `path` (nil if unknown).
    public static func freeSpace(at path: String) -> UInt64? {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return nil }
        return UInt64(info.f_bavail) * UInt64(info.f_frsize)
    }
}
