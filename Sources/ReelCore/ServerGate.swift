import Foundation

/// The feed's `ServerBackoff`, shared by the main thread and the worker
/// threads that ask the servers. A worker records each answer the moment
/// it has it and asks the gate before each request, so a burst of quick
/// failures stops at the third even while the main thread is busy and has
/// not yet seen the first of them.
public final class ServerGate: @unchecked Sendable {
    private let lock = NSLock()
    private var backoff = ServerBackoff()

    public init() {}

    /// Nil while `host` may be asked; else when it may be asked again.
    public func restingUntil(_ host: String, at now: Date = Date()) -> Date? {
        lock.lock()
        defer { lock.unlock() }
        return backoff.restingUntil(host, at: now)
    }

    /// What the server's last failure was (for the cards it is not asked about).
    public func lastProblem(of host: String) -> VideoProblem? {
        lock.lock()
        defer { lock.unlock() }
        return backoff.lastProblem(of: host)
    }

    /// An answer about one of `host`'s entries (`problem` nil when it answered).
    public func record(_ host: String, problem: VideoProblem?, at now: Date = Date()) {
        lock.lock()
        backoff.record(host, problem: problem, at: now)
        lock.unlock()
    }

    /// Whether a request about `uri` may go out now: always for a local
    /// file, for a web address while its server is not resting.
    public func mayAsk(_ uri: String, at now: Date = Date()) -> Bool {
        guard let host = ServerGate.host(of: uri) else { return true }
        return restingUntil(host, at: now) == nil
    }

    /// The server a web address asks; nil for a local file.
    public static func host(of uri: String) -> String? {
        guard !MediaLocator.isLocal(uri) else { return nil }
        return URL(string: uri)?.host
    }
}
