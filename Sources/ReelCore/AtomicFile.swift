import Foundation

/// Replaces a file so that a crash or power loss leaves either the old
/// contents or the new, never a mix or an empty file.
public enum AtomicFile {
    /// Writes `data` to a temporary file in the same folder, flushes it to
    /// disk and renames it over `path`. Foundation's `.atomic` option does
    /// exactly this (with `fsync`) on Linux; this wrapper names the intent
    /// and keeps the contract in one place. Throws if the folder is missing
    /// or not writable, or `path` is a folder; the old file is then left as
    /// it was and no temporary file remains.
    public static func write(_ data: Data, to path: String) throws {
        try data.write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
