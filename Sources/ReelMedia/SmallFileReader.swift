import Foundation
import ReelCore

/// Reads a small text file the person points Reel at (a subtitle file
/// beside a video or dropped, a playlist): only a regular file (a pipe
/// named Film.srt would block the read, and with it the window, until
/// something wrote to it) and only up to a size no such file reaches (a
/// film's subtitles are a few hundred kilobytes, a playlist of a hundred
/// thousand entries a few megabytes).
public enum SmallFileReader {
    public static let largest = 20 << 20

    /// The whole file, or nil for anything that is not a regular file of
    /// at most `largest` bytes.
    public static func contents(of path: String) -> Data? {
        guard isReadable(path) else { return nil }
        return FileManager.default.contents(atPath: path)
    }

    /// Its first `count` bytes (empty for what `contents` refuses).
    public static func head(of path: String, count: Int) -> Data {
        guard isReadable(path), let handle = FileHandle(forReadingAtPath: path) else { return Data() }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: count)) ?? Data()
    }

    /// A regular file (a link to one too) of at most `largest` bytes.
    public static func isReadable(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return SpecialFile.of(mode: UInt32(info.st_mode)) == nil && info.st_size <= largest
    }
}
