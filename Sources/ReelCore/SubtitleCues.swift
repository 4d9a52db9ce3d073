/// The subtitle lines the player received and which of them show at a
/// picture's time. Lines come ahead of their time (a decoder runs ahead of
/// the picture) and are drawn by the UI over the video, so what shows is
/// decided by the time of the frame on screen: a pause keeps the line, a
/// seek hides it.
public struct SubtitleCues: Equatable, Sendable {
    public struct Cue: Equatable, Sendable {
        /// Pango markup, as GStreamer's subtitle parser writes it.
        public let markup: String
        public let start: Double
        /// nil: until the next line.
        public let end: Double?
        /// Where it shows (an ASS line's alignment, margins or point); nil:
        /// where lines show by default, at the bottom.
        public let placement: SubtitlePlacement?
        /// How it fades in and out (an ASS line's `\fad`); nil: it does not.
        public let fade: SubtitleFade?
        /// An embedded ASS line's ReadOrder: two lines of a stream that
        /// start together are two lines, not one sent again.
        public let order: Int?

        public init(markup: String, start: Double, end: Double?, placement: SubtitlePlacement? = nil,
                    fade: SubtitleFade? = nil, order: Int? = nil) {
            self.markup = markup
            self.start = start
            self.end = end
            self.placement = placement
            self.fade = fade
            self.order = order
        }
    }

    /// The lines showing at one place, joined in one label.
    public struct Shown: Equatable, Sendable {
        public var markup: String
        public var placement: SubtitlePlacement?
        /// 1 unless a line here fades (the least of the lines').
        public var opacity: Double

        public init(markup: String, placement: SubtitlePlacement? = nil, opacity: Double = 1) {
            self.markup = markup
            self.placement = placement
            self.opacity = opacity
        }
    }

    private var cues: [Cue] = []
    /// The lines of the stream shown before the last switch: the old stream
    /// may still send one on its way, which must not show with the new one.
    private var previous: [Cue] = []
    /// Lines are kept this long after their end, for a short seek back.
    private let keep: Double = 30

    public init() {}

    public mutating func add(_ cue: Cue) {
        guard !previous.contains(cue) else { return }
        cues.removeAll { $0.start == cue.start && $0.order == cue.order }
        cues.append(cue)
        cues.sort { $0.start < $1.start }
        if cues.count > 200 { cues.removeFirst(cues.count - 200) }
    }

    /// A seek: what came before no longer holds.
    public mutating func clear() { cues.removeAll() }

    /// Another stream: its lines only from now on.
    public mutating func switchStream() {
        previous = cues
        cues.removeAll()
    }

    /// The lines showing at `time` (the frame's time, with the person's
    /// delay already taken off), by place (see `shown(_:at:)`).
    public mutating func shown(at time: Double) -> [Shown] {
        cues.removeAll { ($0.end ?? $0.start) + keep < time }
        return SubtitleCues.shown(cues, at: time)
    }

    /// The lines showing at `time`, joined by line breaks; nil for none.
    public mutating func showing(at time: Double) -> String? {
        SubtitleCues.text(of: shown(at: time))
    }

    /// The lines of `cues` (sorted by start) showing at `time`, those at
    /// one place (`SubtitlePlacement.together`; the first line's margins)
    /// joined by line breaks, in the order their first lines started: a
    /// file read whole (AssSubtitles) is kept whole.
    public static func shown(_ cues: [Cue], at time: Double) -> [Shown] {
        var groups: [Shown] = []
        for (index, cue) in cues.enumerated() {
            guard cue.start <= time else { break }
            let end = cue.end ?? (index + 1 < cues.count ? cues[index + 1].start : .infinity)
            guard time < end, !cue.markup.isEmpty else { continue }
            let opacity = cue.fade?.opacity(at: time) ?? 1
            if let at = groups.firstIndex(where: { SubtitlePlacement.together($0.placement, cue.placement) }) {
                groups[at].markup += "\n" + cue.markup
                groups[at].opacity = min(groups[at].opacity, opacity)
            } else {
                groups.append(Shown(markup: cue.markup, placement: cue.placement, opacity: opacity))
            }
        }
        return groups
    }

    /// The lines of `cues` showing at `time`, all joined by line breaks;
    /// nil for none.
    public static func showing(_ cues: [Cue], at time: Double) -> String? {
        text(of: shown(cues, at: time))
    }

    /// The markup of `shown` joined by line breaks; nil for none.
    public static func text(of shown: [Shown]) -> String? {
        shown.isEmpty ? nil : shown.map(\.markup).joined(separator: "\n")
    }
}
