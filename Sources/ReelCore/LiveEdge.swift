/// How far a live stream plays behind its live edge. The demuxer plays a
/// few segments behind the newest on purpose, and where its seekable window
/// ends against that differs between demuxers and streams; so the gap
/// measured when playback joins (or goes back to) live is the baseline,
/// and only falling further behind than that counts.
public struct LiveEdge: Equatable, Sendable {
    /// Seconds of extra delay that still count as live.
    public static let tolerance = 3.0

    private var baseline: Double?

    public init() {}

    /// Seconds behind live (0 at the edge); the first gap seen, or the first
    /// after `rejoin()`, is the baseline.
    public mutating func behind(position: Double, windowEnd: Double) -> Double {
        let gap = windowEnd - position
        guard let baseline else {
            baseline = gap
            return 0
        }
        if gap < baseline { self.baseline = gap }
        let extra = gap - (self.baseline ?? gap)
        return extra > LiveEdge.tolerance ? extra.rounded() : 0
    }

    /// Going back to live: the next gap is the baseline again.
    public mutating func rejoin() { baseline = nil }

    /// Seconds kept clear of the start of a live window by a seek.
    public static let startMargin = 5.0

    /// Where a seek to `target` goes in a live stream's seekable window.
    /// Not the window's very start: its oldest segments leave the playlist
    /// while the seek is under way, and a demuxer asked for a time that is
    /// no longer listed jumps to the live edge instead (hlsdemux2 does).
    /// So the earliest place is a few seconds in (a quarter of a short
    /// window).
    public static func seekTarget(_ target: Double, window: (start: Double, end: Double)) -> Double {
        let earliest = window.start + min(startMargin, (window.end - window.start) / 4)
        return min(max(target, earliest), window.end)
    }
}
