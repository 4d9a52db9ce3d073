/// What the player plays before and after the current video: the feed as
/// the user was looking at it when they opened one (its section, its
/// search, its order), or the files opened together. Previous and Next,
/// the end action "Play the Next Video" and MPRIS's Next and Previous all
/// walk it; the player's title says where in it the video is ("3 of 12").
///
/// It is a snapshot: opening a video moves it to Recent and the feed
/// reorders, but the walk keeps the order the user saw. Only removals
/// (a hidden video) reach it.
public struct PlayQueue: Equatable, Sendable {
    /// What a step past the last (or before the first) video does.
    public enum Ends: Sendable {
        /// Nothing: the queue is over (buttons grey, the end action stops).
        case stop
        /// Round to the other end.
        case wrap
    }

    /// The videos before the current one, in order.
    public private(set) var before: [String]
    /// The video playing; nil once it was removed (its neighbours stay).
    public private(set) var current: String?
    /// The videos after the current one, in order.
    public private(set) var after: [String]

    /// A queue of addresses in this order, at `current` (its first
    /// occurrence; the first address when it is not among them).
    public init(addresses: [String], current: String? = nil) {
        let index = current.flatMap { addresses.firstIndex(of: $0) } ?? 0
        guard index < addresses.count else {
            self.before = []
            self.current = current
            self.after = []
            return
        }
        self.before = Array(addresses[..<index])
        self.current = addresses[index]
        self.after = Array(addresses[(index + 1)...])
    }

    /// The feed as `query` shows it (section and search, the feed's
    /// order), at `current`. Videos the feed already knows cannot play are
    /// left out; the current one stays whatever it is. A video not in the
    /// filtered feed (opened from elsewhere) gets a queue of its own.
    public init(feed items: [VideoItem], query: FeedQuery, current: String) {
        let shown = query.filter(items).filter { $0.problem == nil || $0.uri == current }.map(\.uri)
        self.init(addresses: shown.contains(current) ? shown : [current], current: current)
    }

    /// Every video in order, the current one included.
    public var addresses: [String] { before + (current.map { [$0] } ?? []) + after }

    /// How many videos, the current one included.
    public var count: Int { before.count + after.count + (current == nil ? 0 : 1) }

    /// "3 of 12": the current video's place counted from 1, and the count;
    /// nil when there is nothing to walk through (one video, or none).
    public var place: (number: Int, count: Int)? {
        guard current != nil, count > 1 else { return nil }
        return (before.count + 1, count)
    }

    /// Whether there is anywhere to go: the Previous and Next buttons show.
    public var isWalkable: Bool { !before.isEmpty || !after.isEmpty }

    public func hasNext(_ ends: Ends = .stop) -> Bool {
        !after.isEmpty || (ends == .wrap && !before.isEmpty)
    }

    public func hasPrevious(_ ends: Ends = .stop) -> Bool {
        !before.isEmpty || (ends == .wrap && !after.isEmpty)
    }

    /// The address Next would play, without moving.
    public func next(_ ends: Ends = .stop) -> String? {
        after.first ?? (ends == .wrap ? before.first : nil)
    }

    /// The address Previous would play, without moving.
    public func previous(_ ends: Ends = .stop) -> String? {
        before.last ?? (ends == .wrap ? after.last : nil)
    }

    /// Moves to the next video and returns it; nil (and no move) at the end.
    public mutating func moveNext(_ ends: Ends = .stop) -> String? {
        if after.isEmpty {
            guard ends == .wrap, !before.isEmpty else { return nil }
            // Round the end: the first video plays, the rest follow it.
            var all = before
            if let current { all.append(current) }
            current = all.first
            before = []
            after = Array(all.dropFirst())
            return current
        }
        if let current { before.append(current) }
        current = after.removeFirst()
        return current
    }

    /// Moves to the previous video and returns it; nil (and no move) at the
    /// start.
    public mutating func movePrevious(_ ends: Ends = .stop) -> String? {
        if before.isEmpty {
            guard ends == .wrap, !after.isEmpty else { return nil }
            // Round the start: the last video plays, the rest before it.
            var all = after
            if let current { all.insert(current, at: 0) }
            before = Array(all.dropLast())
            current = all.last
            after = []
            return current
        }
        if let current { after.insert(current, at: 0) }
        current = before.removeLast()
        return current
    }

    /// Leaves `address` out (the user hid it). Removing the current video
    /// keeps its place: Next plays what came after it, Previous what came
    /// before.
    public mutating func remove(_ address: String) {
        before.removeAll { $0 == address }
        after.removeAll { $0 == address }
        if current == address { current = nil }
    }

    /// Puts `address` right after the current video (Play Next), taken
    /// from wherever it was; the current video itself stays where it is.
    public mutating func playNext(_ address: String) {
        guard address != current else { return }
        before.removeAll { $0 == address }
        after.removeAll { $0 == address }
        after.insert(address, at: 0)
    }

    /// Puts `address` at the end (Add to Queue), taken from wherever it
    /// was; the current video itself stays where it is.
    public mutating func add(_ address: String) {
        guard address != current else { return }
        before.removeAll { $0 == address }
        after.removeAll { $0 == address }
        after.append(address)
    }

    /// Leaves out the addresses `shouldRemove` picks, but never the
    /// current video (the feed hid some while one plays).
    public mutating func removeAll(where shouldRemove: (String) -> Bool) {
        before.removeAll(where: shouldRemove)
        after.removeAll(where: shouldRemove)
    }
}
