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

    /// A decoder's change at `start` on the timeline: a picture with a
    /// time-out is cleared when it is over.
    public static func changes(for change: SubtitleBitmap.Change, at start: Double) -> [Change] {
        guard case .show(let bitmap, let seconds) = change else { return [Change(start: start, bitmap: nil)] }
        return [Change(start: start, bitmap: bitmap)] + (seconds.map { [Change(start: start + $0, bitmap: nil)] } ?? [])
    }

    /// Changes come in their stream's order: one replaces any planned
    /// from its time on (a picture's time-out that a newer one overtook).
    public mutating func add(_ change: Change) {
        changes.removeAll { $0.start >= change.start }
        changes.append(change)
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
