/// A part of the playing video marked in the player: a start and an end,
/// each the time of a frame the person saw when marking it (I and O, the
/// keys the movie page trims with). The end mark's frame is kept: the part
/// runs until that frame has been shown, one frame period past its time.
/// A missing mark stands for the video's start or end. The part can loop
/// (an A–B loop); it goes into a movie as a clip trimmed to it.
public struct PartMarks: Equatable, Sendable {
    /// The first frame's time, in seconds of the video.
    public private(set) var start: Double?
    /// The last frame's time, in seconds of the video.
    public private(set) var end: Double?
    /// Playing the part over and over.
    public private(set) var isLooping = false

    public init(start: Double? = nil, end: Double? = nil) {
        self.start = start
        self.end = end
    }

    public var isEmpty: Bool { start == nil && end == nil }

    /// Marks the start at a frame. An end mark at or before it no longer
    /// closes a part and is dropped (a person marking a new start further
    /// on is choosing a new part).
    public mutating func markStart(_ time: Double) {
        start = max(0, time)
        if let end, end <= time { self.end = nil }
    }

    /// Marks the end at a frame; a start mark at or after it is dropped.
    public mutating func markEnd(_ time: Double) {
        end = max(0, time)
        if let start, start >= time { self.start = nil }
    }

    /// Forgets both marks; a loop stops with them.
    public mutating func clear() {
        self = PartMarks()
    }

    /// The part as a range of the video: from the start mark (or 0) to one
    /// frame past the end mark (or the video's end). Nil without a mark,
    /// or when the end is the video's and its length is not known (a live
    /// stream), or when what is left is shorter than a frame.
    public func range(frameDuration: Double, duration: Double?) -> Range<Double>? {
        guard !isEmpty else { return nil }
        let from = start ?? 0
        var to: Double
        if let end {
            to = end + frameDuration
            if let duration, duration > 0 { to = min(to, duration) }
        } else {
            guard let duration, duration > 0 else { return nil }
            to = duration
        }
        return to - from >= frameDuration * 0.5 ? from..<to : nil
    }

    /// Starts or stops the loop. A loop needs a part; returns whether it
    /// loops now.
    @discardableResult
    public mutating func setLooping(_ on: Bool, frameDuration: Double, duration: Double?) -> Bool {
        isLooping = on && range(frameDuration: frameDuration, duration: duration) != nil
        return isLooping
    }

    /// Whether a seek to `target` leaves the looped part: going elsewhere
    /// on purpose ends the loop (the marks stay).
    public func seekLeavesLoop(to target: Double, frameDuration: Double, duration: Double?) -> Bool {
        guard isLooping, let part = range(frameDuration: frameDuration, duration: duration) else { return false }
        return !part.contains(target)
    }

    /// Where playback starts when the loop is turned on from `position`:
    /// there, when inside the part, else at the part's start.
    public func loopEntry(from position: Double, frameDuration: Double, duration: Double?) -> Double? {
        guard let part = range(frameDuration: frameDuration, duration: duration) else { return nil }
        return part.contains(position) ? position : part.lowerBound
    }

    /// The part's two ends as a clip's trim points, in nanoseconds of the
    /// source (MovieClip.trim moves each onto a frame).
    public func trim(frameDuration: Double, duration: Double?) -> (start: Int64, end: Int64)? {
        guard let part = range(frameDuration: frameDuration, duration: duration) else { return nil }
        return (Int64((part.lowerBound * 1e9).rounded()), Int64((part.upperBound * 1e9).rounded()))
    }

    /// "0:12 – 0:20": the marks as the player shows them, the video's own
    /// ends standing in for a missing mark; "" without a part.
    public func label(frameDuration: Double, duration: Double?) -> String {
        guard let part = range(frameDuration: frameDuration, duration: duration) else {
            if let start, end == nil { return DurationText.format(start) + " – " }
            return ""
        }
        return DurationText.format(part.lowerBound) + " – " + DurationText.format(end ?? part.upperBound)
    }
}
