/// The preview strip's order: clips back to back, forever, starting over
/// after the last. The strip asks for the next clip before the current one
/// ends (gapless playback queues it early), and reports clips that fail so
/// they are skipped instead of stalling the loop.
public struct LoopingQueue: Equatable, Sendable {
    public let clips: [String]
    public private(set) var current: Int?
    private var broken: Set<Int> = []

    public init(clips: [String]) {
        self.clips = clips
        current = clips.isEmpty ? nil : 0
    }

    /// The clip playing now.
    public var currentClip: String? { current.map { clips[$0] } }

    /// The clip after the current one, wrapping from last to first and
    /// skipping broken clips; nil when nothing playable is left.
    public var nextIndex: Int? {
        guard let current, !clips.isEmpty else { return nil }
        for step in 1...clips.count {
            let index = (current + step) % clips.count
            if !broken.contains(index) { return index }
        }
        return nil
    }

    /// Moves on to the next clip (the previous one ended) and returns it.
    @discardableResult
    public mutating func advance() -> String? {
        current = nextIndex
        return currentClip
    }

    /// Makes `index` the current clip again (the strip rebuilt its pipeline
    /// while the next clip was already queued).
    public mutating func restart(at index: Int) {
        guard clips.indices.contains(index) else { return }
        current = index
    }

    /// Marks a clip as unplayable; the loop goes on without it.
    public mutating func markBroken(_ uri: String) {
        for (index, clip) in clips.enumerated() where clip == uri { broken.insert(index) }
        if let current, broken.contains(current) { self.current = nextIndex }
    }

    /// True when at least one clip can play.
    public var isPlayable: Bool { clips.indices.contains { !broken.contains($0) } }

    /// Which clips the strip shows: the catalog's own clips when it has
    /// some, else the first few videos of the feed that play locally.
    public static func choose(catalogClips: [String], feed: [VideoItem], limit: Int = 3) -> [String] {
        if !catalogClips.isEmpty { return Array(catalogClips.prefix(limit)) }
        return Array(feed.filter { $0.kind == .file && $0.problem == nil }.prefix(limit).map(\.uri))
    }
}
