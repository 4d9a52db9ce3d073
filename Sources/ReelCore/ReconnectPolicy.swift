/// How the player tries again after a remote stream's connection is lost
/// mid-playback: soon at first, then twice a second (so playback resumes
/// within about a second of the server's return: a refused connection costs
/// next to nothing), and gives up after a minute with a clear error.
public struct ReconnectPolicy: Equatable, Sendable {
    public var firstDelay = 0.25
    public var longestDelay = 0.5
    public var giveUpAfter = 60.0

    public init() {}

    /// Seconds to wait before attempt `attempt` (0 is the first).
    public func delay(attempt: Int) -> Double {
        var delay = firstDelay
        for _ in 0..<max(0, min(attempt, 16)) { delay *= 2 }
        return min(delay, longestDelay)
    }

    /// Whether to try again, `elapsed` seconds after the connection was lost.
    public func shouldRetry(elapsed: Double) -> Bool { elapsed < giveUpAfter }
}
