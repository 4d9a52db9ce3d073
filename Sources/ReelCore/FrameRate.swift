/// A source's frame rate as GStreamer states it (a fraction, so 30000/1001
/// stays exact), and whether the frames really come at that rate. Phone
/// recordings are often variable (VFR): their stated rate is an average,
/// and their frames fall wherever the camera delivered them.
public struct FrameRate: Equatable, Hashable, Sendable {
    public let numerator: Int64
    public let denominator: Int64
    public let isVariable: Bool

    public init(_ numerator: Int64, _ denominator: Int64 = 1, isVariable: Bool = false) {
        precondition(numerator > 0 && denominator > 0, "a frame rate is positive")
        self.numerator = numerator
        self.denominator = denominator
        self.isVariable = isVariable
    }

    public static let nanosecondsPerSecond: Int64 = 1_000_000_000

    /// The rate a container states. No rate (0/1) is variable, and so is
    /// a rate that is no camera's: an MP4 demuxer states a variable-rate
    /// file's average (116/3 for a 60 fps recording that dropped frames),
    /// and trims put on that grid missed the frames (a clip began with the
    /// frame before its trim). Rates within 0.1 % of the usual ones,
    /// NTSC's 1000/1001 included, are taken as stated.
    public static func stated(_ numerator: Int64, _ denominator: Int64) -> FrameRate {
        guard numerator > 0, denominator > 0 else { return FrameRate(MovieEdit.fallbackRate.numerator, isVariable: true) }
        let rate = Double(numerator) / Double(denominator)
        let usual = [8.0, 10, 12, 12.5, 15, 16, 18, 20, 24, 25, 30, 48, 50, 60, 72, 90, 96, 100, 120, 144, 240]
        let constant = usual.contains { abs(rate - $0) <= $0 * 0.001 || abs(rate - $0 * 1000 / 1001) <= $0 * 0.001 }
        return FrameRate(numerator, denominator, isVariable: !constant)
    }

    public var framesPerSecond: Double { Double(numerator) / Double(denominator) }

    /// When frame `index` starts: rounded down, as GStreamer's elements
    /// stamp frames (gst_util_uint64_scale), so a time from here seeks to
    /// exactly that frame.
    public func time(ofFrame index: Int64) -> Int64 {
        scale(index, FrameRate.nanosecondsPerSecond * denominator, numerator, roundingUp: false)
    }

    /// The frame shown at `time` (the last one started at or before it).
    public func frame(at time: Int64) -> Int64 {
        // The frame whose start, rounded down, is at or before `time`.
        var index = scale(max(time, 0), numerator, FrameRate.nanosecondsPerSecond * denominator, roundingUp: false)
        while self.time(ofFrame: index + 1) <= time { index += 1 }
        return index
    }

    /// `time` moved to the nearest frame start. A variable rate has no
    /// grid: the time is kept to the millisecond, and the decoder shows
    /// the frame on screen at that moment.
    public func rounded(_ time: Int64) -> Int64 {
        if isVariable {
            let millisecond: Int64 = 1_000_000
            return (max(time, 0) + millisecond / 2) / millisecond * millisecond
        }
        let before = frame(at: time)
        let start = self.time(ofFrame: before), next = self.time(ofFrame: before + 1)
        return time - start < next - time ? start : next
    }

    /// One frame's length (the first one, rounded down).
    public var frameDuration: Int64 { time(ofFrame: 1) }

    /// value × multiplier / divisor without overflow for any movie length
    /// (128-bit intermediate).
    private func scale(_ value: Int64, _ multiplier: Int64, _ divisor: Int64, roundingUp: Bool) -> Int64 {
        let product = value.multipliedFullWidth(by: multiplier)
        let (quotient, remainder) = divisor.dividingFullWidth(product)
        return roundingUp && remainder > 0 ? quotient + 1 : quotient
    }
}
