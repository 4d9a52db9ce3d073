import Foundation

/// The app's own event trace: with `REEL_TRACE=FILE` set, each event is one
/// JSON line `{"t": seconds since start, "event": name, ...fields}`. Tests
/// and the bench read it; without the variable nothing is written.
public final class Trace: @unchecked Sendable {
    public static let shared = Trace(path: ProcessInfo.processInfo.environment["REEL_TRACE"])

    private let handle: FileHandle?
    private let start = Date()
    private let lock = NSLock()

    init(path: String?) {
        guard let path, !path.isEmpty,
              FileManager.default.createFile(atPath: path, contents: nil) else { handle = nil; return }
        handle = FileHandle(forWritingAtPath: path)
    }

    public var isEnabled: Bool { handle != nil }

    /// Writes one event. Field values are strings or numbers.
    public func event(_ name: String, _ fields: [String: Sendable] = [:]) {
        guard let handle else { return }
        var object: [String: Any] = ["t": Date().timeIntervalSince(start), "event": name]
        for (key, value) in fields { object[key] = value }
        guard var line = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return }
        line.append(0x0A)
        lock.lock()
        handle.write(line)
        lock.unlock()
    }
}
