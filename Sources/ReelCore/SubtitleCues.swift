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

        public init(markup: String, start: Double, end: Double?) {
            self.markup = markup
            self.start = start
            self.end = end
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
        cues.removeAll { $0.start == cue.start }
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
    /// delay already taken off), joined by line breaks; nil for none.
    public mutating func showing(at time: Double) -> String? {
        cues.removeAll { ($0.end ?? $0.start) + keep < time }
        return SubtitleCues.showing(cues, at: time)
    }

    /// The lines of `cues` (sorted by start) showing at `time`: a file read
    /// whole (AssSubtitles) is kept whole.
    public static func showing(_ cues: [Cue], at time: Double) -> String? {
        var lines: [String] = []
        for (index, cue) in cues.enumerated() {
            guard cue.start <= time else { break }
            let end = cue.end ?? (index + 1 < cues.count ? cues[index + 1].start : .infinity)
            if time < end, !cue.markup.isEmpty { lines.append(cue.markup) }
        }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }
}
