/// The picture subtitles the player received (PGS), by the time each
/// starts: one shows until the next (a cleared screen comes as a change
/// of its own). As with text lines (`SubtitleCues`), they come ahead of
/// their time and the frame on screen decides which shows.
public struct SubtitlePictures: Equatable, Sendable {
    public struct Change: Equatable, Sendable {
        public let start: Double
        /// nil: the screen is cleared.
        public let bitmap: SubtitleBitmap?

        public init(start: Double, bitmap: SubtitleBitmap?) {
            self.start = start
            self.bitmap = bitmap
        }
    }

    private var changes: [Change] = []

    public init() {}

    public mutating func add(_ change: Change) {
        changes.removeAll { $0.start == change.start }
        let at = changes.firstIndex { $0.start > change.start } ?? changes.endIndex
        changes.insert(change, at: at)
        // A few pictures back is enough for a short seek back; each holds its pixels.
        if changes.count > 16 { changes.removeFirst(changes.count - 16) }
    }

    /// A seek or another stream: what came before no longer holds.
    public mutating func clear() { changes.removeAll() }

    /// The picture showing at `time`, if any.
    public func showing(at time: Double) -> SubtitleBitmap? {
        changes.last { $0.start <= time }?.bitmap
    }
}
