/// A line fading in and out, as ASS's `\fade(a1,a2,a3,t1,t2,t3,t4)` says:
/// opacity `first` until t1, going to `middle` by t2, `middle` until t3,
/// going to `last` by t4. `\fad(in,out)` is the common case: from nothing
/// to whole over `in` from the line's start, back to nothing over `out`
/// before its end. Times are the stream's (seconds), not the line's own.
public struct SubtitleFade: Equatable, Sendable {
    public var first, middle, last: Double
    public var times: [Double]

    public init(first: Double, middle: Double, last: Double, times: [Double]) {
        self.first = first
        self.middle = middle
        self.last = last
        self.times = times.count == 4 ? times : [0, 0, 0, 0]
    }

    /// `\fad`: over `fadeIn` seconds from `start`, over `fadeOut` up to `end`.
    public init(fadeIn: Double, fadeOut: Double, start: Double, end: Double) {
        self.init(first: 0, middle: 1, last: 0, times: [start, start + max(0, fadeIn), end - max(0, fadeOut), end])
    }

    /// The opacity at `time`, 0 to 1.
    public func opacity(at time: Double) -> Double {
        func between(_ from: Double, _ to: Double, _ begin: Double, _ finish: Double) -> Double {
            guard finish > begin else { return to }
            return from + (to - from) * (time - begin) / (finish - begin)
        }
        let value: Double
        if time < times[0] {
            value = first
        } else if time < times[1] {
            value = between(first, middle, times[0], times[1])
        } else if time < times[2] {
            value = middle
        } else if time < times[3] {
            value = between(middle, last, times[2], times[3])
        } else {
            value = last
        }
        return min(1, max(0, value))
    }
}
