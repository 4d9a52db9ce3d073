import Foundation

/// Which web servers the feed leaves alone for a while. A server that
/// failed several entries in a row (no connection, no answer, a 5xx status)
/// is not asked about its other entries until a pause has passed; each
/// failure after a pause doubles it (30 s up to 10 min), and one answer
/// ends it. A machine and a server that is down are spared a request per
/// card: the cards of a resting server say what its last failure said.
public struct ServerBackoff: Sendable {
    public static let failuresBeforePause = 3
    public static let firstPause: TimeInterval = 30
    public static let longestPause: TimeInterval = 600

    private struct Server: Sendable {
        var failuresInARow = 0
        var pause: TimeInterval = 0
        var resumesAt: Date?
        var lastProblem: VideoProblem?
    }

    private var servers: [String: Server] = [:]

    public init() {}

    /// Nil while `host` may be asked; else when it may be asked again.
    public func restingUntil(_ host: String, at now: Date) -> Date? {
        guard let resumes = servers[host]?.resumesAt, resumes > now else { return nil }
        return resumes
    }

    /// What the server's last failure was (for the cards it is not asked about).
    public func lastProblem(of host: String) -> VideoProblem? {
        servers[host]?.lastProblem
    }

    /// An answer about one of `host`'s entries: `problem` nil when it
    /// answered (even with a video Reel cannot play).
    public mutating func record(_ host: String, problem: VideoProblem?, at now: Date) {
        var server = servers[host] ?? Server()
        guard let problem, ServerBackoff.isTheServers(problem) else {
            servers[host] = nil
            return
        }
        server.failuresInARow += 1
        server.lastProblem = problem
        if server.failuresInARow >= ServerBackoff.failuresBeforePause {
            server.pause = server.pause == 0 ? ServerBackoff.firstPause : min(server.pause * 2, ServerBackoff.longestPause)
            server.resumesAt = now.addingTimeInterval(server.pause)
            // After a pause, one more failure is enough for the next one.
            server.failuresInARow = ServerBackoff.failuresBeforePause - 1
        }
        servers[host] = server
    }

    /// Failures that say the server is down or refuses everyone, not that
    /// one entry is wrong (a 404 is the entry's, a 503 the server's).
    public static func isTheServers(_ problem: VideoProblem) -> Bool {
        switch problem {
        case .connection(let failure):
            return [.refused, .unknownHost, .timedOut, .lost, .certificate].contains(failure)
        case .network(let detail):
            guard let status = HTTPStatus.described(in: detail) ?? HTTPStatus.find(in: detail) else { return true }
            return (500...599).contains(status) || status == 429
        default:
            return false
        }
    }
}
