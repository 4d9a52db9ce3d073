import Foundation

/// The app's own event trace: with `REEL_TRACE=FILE` set, each event is one
/// JSON line `{"t": seconds since start, "event": name, ...fields}`. Tests
/// and the bench read it; without the variable nothing is written.
///
/// Sinks hear every event too, file or not: ReelCore cannot reach GLib, so
/// the app installs the sink that logs events for bug reports
/// (docs/ARCHITECTURE.md, "The trace").
public final class Trace: @unchecked Sendable {
    public static let shared = Trace(path: ProcessInfo.processInfo.environment["REEL_TRACE"])

    /// Called with each event's name and fields, on the thread that traced it.
    public typealias Sink = @Sendable (_ name: String, _ fields: [String: Sendable]) -> Void

    /// How much an event matters to someone reading a log.
    public enum Severity: Equatable, Sendable {
        /// What happened, for a bug report: shown when asked for.
        case debug
        /// Something failed: worth saying in every run.
        case warning
    }

    private let handle: FileHandle?
    private let start = Date()
    private let lock = NSLock()
    private var sinks: [Sink] = []

    init(path: String?) {
        guard let path, !path.isEmpty,
              FileManager.default.createFile(atPath: path, contents: nil) else { handle = nil; return }
        handle = FileHandle(forWritingAtPath: path)
    }

    /// Whether the trace file is written. Events too frequent or too costly
    /// for a log (every frame, object counts) are traced only then.
    public var isEnabled: Bool { handle != nil }

    public func addSink(_ sink: @escaping Sink) {
        lock.lock()
        sinks.append(sink)
        lock.unlock()
    }

    /// Writes one event. Field values are strings or numbers.
    public func event(_ event: TraceEvent, _ fields: [String: Sendable] = [:]) {
        let name = event.rawValue
        lock.lock()
        let sinks = self.sinks
        lock.unlock()
        for sink in sinks { sink(name, fields) }
        guard let handle else { return }
        var object: [String: Any] = ["t": Date().timeIntervalSince(start), "event": name]
        for (key, value) in fields { object[key] = value }
        guard var line = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return }
        line.append(0x0A)
        lock.lock()
        handle.write(line)
        lock.unlock()
    }

    /// An event's failures (`player-error`, `strip-error`, `camera-error`,
    /// `player-bus-error`: the names end in "-error") are warnings, and so is
    /// a media worker that crashed or hung (the app goes on without it, but
    /// a decoder or a source broke on a video); the rest is debug detail.
    public static func severity(of name: String) -> Severity {
        name.hasSuffix("-error") || crashes.contains(name) ? .warning : .debug
    }

    private static let crashes: Set<String> = [TraceEvent.mediaWorkerStopped.rawValue,
                                               TraceEvent.mediaWorkerHung.rawValue]

    /// One line for a log: the name, then the fields as sorted JSON, so a
    /// value with a newline or a space stays on its line and unambiguous.
    public static func describe(_ name: String, _ fields: [String: Sendable]) -> String {
        guard !fields.isEmpty, JSONSerialization.isValidJSONObject(fields as [String: Any]),
              let data = try? JSONSerialization.data(withJSONObject: fields as [String: Any],
                                                     options: [.sortedKeys, .withoutEscapingSlashes])
        else { return name }
        return name + " " + String(decoding: data, as: UTF8.self)
    }
}
