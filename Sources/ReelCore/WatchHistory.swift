import Foundation

/// What was watched of each video, for the feed's Continue Watching row, the
/// progress line under a card's thumbnail and its watched mark. Keyed by
/// the video's URI, kept in the state file (`AppState`).
///
/// Where a video was left is not kept here: it is the position the player
/// remembers for resuming (`AppState.playbackPositions`, chosen by
/// `ResumePolicy`), so the row and the resume offer never disagree. This
/// keeps what those positions lack: how long the video is (for the line's
/// length), when it was last watched (for the row's order) and whether it
/// was finished.
public struct WatchHistory: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        /// The title it had when watched: the row shows it even once the
        /// video has left the feed.
        public var title: String
        public var duration: Double
        public var lastWatched: Date
        public var isWatched: Bool

        public init(title: String, duration: Double, lastWatched: Date, isWatched: Bool) {
            self.title = title
            self.duration = duration
            self.lastWatched = lastWatched
            self.isWatched = isWatched
        }
    }

    /// What a card shows of its video's history.
    public enum Mark: Equatable, Sendable {
        /// Watched part way: the line's length, 0 to 1.
        case progress(Double)
        /// Finished (or marked so): the watched mark, no line.
        case watched
    }

    /// Finished once this close to the end: the margin in which
    /// `ResumePolicy` stops remembering a position (nothing left to resume)
    /// or the last 5 % of a long video (its credits).
    public static let finishedFraction = 0.95
    public static var finishedMargin: Double { ResumePolicy.ignoredEnd }
    /// Entries kept at most; the oldest go first (the file stays small).
    public static let capacity = 500
    /// Cards in the Continue Watching row at most.
    public static let rowCapacity = 12

    public private(set) var entries: [String: Entry]

    public init(entries: [String: Entry] = [:]) {
        self.entries = entries.filter { WatchHistory.isUsable($0.value) }
        trim()
    }

    public var isEmpty: Bool { entries.isEmpty }

    /// Whether stopping at `position` of `duration` finished the video.
    public static func isFinished(position: Double, duration: Double) -> Bool {
        guard duration.isFinite, duration > 0, position.isFinite else { return false }
        return position >= duration - finishedMargin || position >= duration * finishedFraction
    }

    /// The player stopped `uri` at `position` of `duration`. A video with
    /// no known length (a live stream) is not recorded: it has no line and
    /// nothing to continue. Finishing marks it watched; stopping part way
    /// in a watched video starts it over as unfinished; a look at its first
    /// seconds changes nothing but when it was last watched.
    public mutating func record(uri: String, title: String, position: Double?, duration: Double?, at date: Date = Date()) {
        guard let duration, duration.isFinite, duration > 0 else { return }
        let position = position.flatMap { $0.isFinite ? max(0, $0) : nil } ?? 0
        var entry = entries[uri] ?? Entry(title: title, duration: duration, lastWatched: date, isWatched: false)
        entry.title = title.isEmpty ? entry.title : title
        entry.duration = duration
        entry.lastWatched = date
        if WatchHistory.isFinished(position: position, duration: duration) {
            entry.isWatched = true
        } else if position >= ResumePolicy.ignoredStart {
            entry.isWatched = false
        }
        entries[uri] = entry
        trim()
    }

    /// Mark as Watched from a card's menu: the length may be unknown yet
    /// (the card was never discovered); the mark needs none.
    public mutating func markWatched(uri: String, title: String, duration: Double?, at date: Date = Date()) {
        let known = duration.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        var entry = entries[uri] ?? Entry(title: title, duration: known ?? 0, lastWatched: date, isWatched: true)
        entry.isWatched = true
        entry.lastWatched = date
        if let known { entry.duration = known }
        entries[uri] = entry
        trim()
    }

    /// Mark as Unwatched: the video is as if never watched (its remembered
    /// position goes too, which is its owner's to forget).
    public mutating func markUnwatched(uri: String) {
        entries[uri] = nil
    }

    public mutating func clear() {
        entries.removeAll()
    }

    public func isWatched(_ uri: String) -> Bool { entries[uri]?.isWatched ?? false }

    /// What `uri`'s card shows, given the position remembered for it:
    /// nothing for a video never watched, or watched only for a moment (no
    /// position), or of no known length.
    public func mark(for uri: String, position: Double?) -> Mark? {
        guard let entry = entries[uri] else { return nil }
        if entry.isWatched { return .watched }
        guard let position, position.isFinite, entry.duration > 0 else { return nil }
        return .progress(min(max(position / entry.duration, 0), 1))
    }

    /// Every card's mark, for the positions remembered.
    public func marks(positions: [String: Double]) -> [String: Mark] {
        var marks: [String: Mark] = [:]
        for uri in entries.keys {
            if let mark = mark(for: uri, position: positions[uri]) { marks[uri] = mark }
        }
        return marks
    }

    /// The Continue Watching row: the videos started and not finished,
    /// those with a position to resume from, the most recently watched
    /// first (the URI breaks a tie, so the order is the same every time).
    public func continueWatching(positions: [String: Double], limit: Int = WatchHistory.rowCapacity) -> [String] {
        let started = entries.filter { uri, entry in
            guard !entry.isWatched, entry.duration > 0, let position = positions[uri] else { return false }
            return position.isFinite && position > 0 && position < entry.duration
        }
        let newestFirst = started.sorted { a, b in
            a.value.lastWatched != b.value.lastWatched ? a.value.lastWatched > b.value.lastWatched : a.key < b.key
        }
        return newestFirst.prefix(max(0, limit)).map(\.key)
    }

    /// A stored entry with a length that makes no sense is dropped.
    static func isUsable(_ entry: Entry) -> Bool {
        entry.duration.isFinite && entry.duration >= 0 && entry.lastWatched.timeIntervalSince1970.isFinite
    }

    /// Keeps the newest `capacity` entries.
    private mutating func trim() {
        guard entries.count > WatchHistory.capacity else { return }
        let kept = entries.sorted { $0.value.lastWatched > $1.value.lastWatched }.prefix(WatchHistory.capacity)
        entries = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) })
    }
}

extension WatchHistory.Entry: Codable {
    private enum CodingKeys: String, CodingKey {
        case title
        case duration
        case lastWatched
        case watched
    }

    /// `lastWatched` is stored as Unix seconds, like the Recent list's times.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = (try? container.decodeIfPresent(String.self, forKey: .title)) ?? ""
        duration = try container.decode(Double.self, forKey: .duration)
        lastWatched = Date(timeIntervalSince1970: try container.decode(Double.self, forKey: .lastWatched))
        isWatched = (try? container.decodeIfPresent(Bool.self, forKey: .watched)) ?? false
        guard WatchHistory.isUsable(self) else {
            throw DecodingError.dataCorruptedError(forKey: .duration, in: container, debugDescription: "not a length")
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(title, forKey: .title)
        try container.encode(duration, forKey: .duration)
        try container.encode(lastWatched.timeIntervalSince1970, forKey: .lastWatched)
        try container.encode(isWatched, forKey: .watched)
    }
}
