/// How the movie page's timeline turns time into width: pixels per second,
/// zoomed in and out by steps between a closest and a farthest view, or
/// fitted so the whole movie fills the width it has. Times it hands back
/// sit on the movie's frame grid, so a click lands on a frame.
public struct TimelineScale: Equatable, Sendable {
    /// The closest view: a frame of 30 fps video is 10 px wide.
    public static let closest = 300.0
    /// The farthest: an hour in 1800 px.
    public static let farthest = 0.5
    /// Each zoom step multiplies or divides by this.
    public static let step = 1.5

    public let pixelsPerSecond: Double

    public init(pixelsPerSecond: Double = 60) {
        self.pixelsPerSecond = min(max(pixelsPerSecond, TimelineScale.farthest), TimelineScale.closest)
    }

    /// The scale at which `duration` fills `width` pixels (the default
    /// view: the whole movie at once).
    public static func fitting(_ duration: Int64, in width: Double) -> TimelineScale {
        guard duration > 0, width > 0 else { return TimelineScale() }
        return TimelineScale(pixelsPerSecond: width / (Double(duration) / 1e9))
    }

    public var zoomedIn: TimelineScale { TimelineScale(pixelsPerSecond: pixelsPerSecond * TimelineScale.step) }
    public var zoomedOut: TimelineScale { TimelineScale(pixelsPerSecond: pixelsPerSecond / TimelineScale.step) }
    public var canZoomIn: Bool { pixelsPerSecond < TimelineScale.closest }
    public var canZoomOut: Bool { pixelsPerSecond > TimelineScale.farthest }

    public func x(of time: Int64) -> Double {
        Double(time) / 1e9 * pixelsPerSecond
    }

    /// How long `width` pixels last, in nanoseconds (negative for a width
    /// to the left), not rounded to frames.
    public func duration(ofWidth width: Double) -> Int64 {
        Int64((width / pixelsPerSecond * 1e9).rounded())
    }

    /// The time at `x`, on `rate`'s frame grid, within 0…`limit`.
    public func time(atX x: Double, rate: FrameRate, limit: Int64) -> Int64 {
        min(max(rate.rounded(duration(ofWidth: x)), 0), max(limit, 0))
    }

    /// The steps between the ruler's marks: the shortest of 1, 2, 5, 10,
    /// 15, 30 seconds, 1, 2, 5, 10, 15, 30 minutes, an hour whose marks are
    /// at least `gap` pixels apart (room for a time under each).
    public func markStep(gap: Double) -> Int64 {
        let seconds: [Int64] = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600]
        let step = seconds.first { Double($0) * pixelsPerSecond >= gap } ?? seconds[seconds.count - 1]
        return step * FrameRate.nanosecondsPerSecond
    }
}
