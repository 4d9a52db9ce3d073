/// Keeps a sound server's clock readings believable. Right after a flushing
/// seek is played (the stream uncorked with data written back at an earlier
/// offset), libpulse's interpolated stream time can come back as hundreds of
/// years, and it then stays there (libpulse never lets a stream's time go
/// back). A pipeline that takes its base time from such a reading waits for
/// ever: the video sink on a clock that never moves, the sound sink for room
/// hundreds of years ahead.
///
/// A stream's time cannot run ahead of the wall clock since the stream's
/// sink was made (sound plays in real time at any speed; a sound card's
/// crystal is off by a few parts per million). A reading beyond that, with
/// room to spare, is not believed: the time reported is the last believed
/// reading moved on by the wall time since, so the clock keeps running, and
/// readings are believed again once they are back in range.
public struct AudioClockGuard: Sendable {
    /// Slack over the wall clock: scheduling, and a clock a little fast.
    public static let slackSeconds = 1.0
    public static let slackFraction = 0.001

    private let start: UInt64
    private var believed: (reading: UInt64, wall: UInt64)?
    public private(set) var rejected = 0

    /// `wallNanoseconds`: a monotonic wall clock now, when the sink is made.
    public init(wallNanoseconds: UInt64) {
        start = wallNanoseconds
    }

    /// What to report for `reading` (nanoseconds of stream time, nil when
    /// the server could not say) taken at `wallNanoseconds`; nil to let the
    /// clock repeat its last time.
    public mutating func time(for reading: UInt64?, atWall wallNanoseconds: UInt64) -> UInt64? {
        guard let reading else { return nil }
        let sinceStart = wallNanoseconds >= start ? wallNanoseconds - start : 0
        let slack = UInt64(AudioClockGuard.slackSeconds * 1e9) + UInt64(Double(sinceStart) * AudioClockGuard.slackFraction)
        let limit = sinceStart.addingReportingOverflow(slack)
        if limit.overflow || reading <= limit.partialValue {
            believed = (reading, wallNanoseconds)
            return reading
        }
        rejected += 1
        guard let believed else { return nil }
        let elapsed = wallNanoseconds >= believed.wall ? wallNanoseconds - believed.wall : 0
        return min(believed.reading + elapsed, limit.partialValue)
    }
}
