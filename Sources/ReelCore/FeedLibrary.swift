/// The feed: videos from all sources merged into one ordered list without
/// duplicates.
///
/// Order of the feed (stable, whatever order sources arrive in):
///  1. recent items, in the order given (RecentList keeps newest first);
///  2. the Videos folder, sorted by title as people sort names
///     (case- and accent-blind, "2" before "10"), then by URI;
///  3. samples, in the order given;
///  4. catalogs, in catalog order (the order they were first added, or
///     as set by `orderCatalogs`), each in its own entry order.
/// An item found in several sources sits at its first place in that order.
///
/// Merging: items with the same `id` become one, whose `origins` are the
/// sources that hold it. Title, subtitle and thumbnail come from the first
/// source that has a non-empty one, in this priority: catalogs (in catalog
/// order), samples, Videos folder, recent. Curated names come first because
/// the folder and recent sources only know file names.
///
/// Discovery results (`info`, `problem`) are kept per id, apart from the
/// sources, so a rescan of a source does not lose them; updating one is
/// O(1). Changing a source rebuilds the list in O(n) and reports the one
/// range that changed.
///
/// A value type: keep one owner (copies share storage until one is changed,
/// and then the whole list is copied).
public struct FeedLibrary: Sendable {
    /// The visible feed, in order.
    public private(set) var items: [VideoItem] = []
    /// Items the user removed from the feed; persist them in the state file.
    public private(set) var hiddenIDs: Set<String>
    /// Catalog URIs in feed order.
    public private(set) var catalogOrder: [String] = []
    /// Counts the changes of `items`' membership, order, titles and
    /// subtitles (not discovery results), so a reader can tell cheaply
    /// whether what it prepared from them is still current.
    public private(set) var revision = 0

    private var sourceItems: [VideoOrigin: [VideoItem]] = [:]
    private var positions: [String: Int] = [:]
    private var knownIDs: Set<String> = []
    private var details: [String: Details] = [:]

    private struct Details: Sendable {
        var info: MediaInfo?
        var problem: VideoProblem?
    }

    public init(hiddenIDs: Set<String> = []) {
        self.hiddenIDs = hiddenIDs
    }

    public var count: Int { items.count }

    public func position(ofID id: String) -> Int? {
        positions[id]
    }

    public func item(withID id: String) -> VideoItem? {
        positions[id].map { items[$0] }
    }

    /// The items a source was last given (before merging and hiding).
    public func items(from source: VideoOrigin) -> [VideoItem] {
        sourceItems[source] ?? []
    }

    /// The sources that have items, in feed order.
    public var sources: [VideoOrigin] {
        orderedSources.filter { sourceItems[$0] != nil }
    }

    // MARK: - Sources

    /// Replaces everything `source` contributes. Within one source a
    /// repeated id keeps its first occurrence.
    @discardableResult
    public mutating func setItems(_ newItems: [VideoItem], from source: VideoOrigin) -> FeedChange? {
        var list = newItems
        if case .videosFolder = source {
            let keys = list.map { TextFolding.SortKey($0.title) }
            list = zip(keys, list)
                .sorted { $0.0 < $1.0 || (!($1.0 < $0.0) && $0.1.uri < $1.1.uri) }
                .map(\.1)
        }
        if case .catalog(let uri) = source, !catalogOrder.contains(uri) {
            catalogOrder.append(uri)
        }
        // Discovery results that come with the items (for example from a
        // cache) are kept; a nil never erases what discovery found.
        for item in list {
            if let info = item.info { details[item.id, default: Details()].info = info }
            if let problem = item.problem { details[item.id, default: Details()].problem = problem }
        }
        sourceItems[source] = list
        return rebuild()
    }

    @discardableResult
    public mutating func removeSource(_ source: VideoOrigin) -> FeedChange? {
        guard sourceItems.removeValue(forKey: source) != nil else { return nil }
        if case .catalog(let uri) = source { catalogOrder.removeAll { $0 == uri } }
        return rebuild()
    }

    /// Puts catalogs in this order (the user's list); catalogs not named
    /// keep their relative order after those named.
    @discardableResult
    public mutating func orderCatalogs(_ uris: [String]) -> FeedChange? {
        let named = uris.filter { catalogOrder.contains($0) }
        let rest = catalogOrder.filter { !named.contains($0) }
        catalogOrder = named + rest
        return rebuild()
    }

    // MARK: - Hiding

    /// The user's "remove from feed": the item disappears from every source
    /// and stays hidden; save `hiddenIDs` afterwards.
    @discardableResult
    public mutating func hide(id: String) -> FeedChange? {
        guard hiddenIDs.insert(id).inserted else { return nil }
        return rebuild()
    }

    /// Brings a hidden item back, for example when the user opens it again.
    @discardableResult
    public mutating func unhide(id: String) -> FeedChange? {
        guard hiddenIDs.remove(id) != nil else { return nil }
        return rebuild()
    }

    // MARK: - Discovery results

    /// Records what discovery found. Returns the item's position if it is
    /// in the feed (the UI redraws that card), else nil.
    @discardableResult
    public mutating func setInfo(_ info: MediaInfo?, forID id: String) -> Int? {
        guard knownIDs.contains(id) else { return nil }
        details[id, default: Details()].info = info
        guard let position = positions[id] else { return nil }
        items[position].info = info
        return position
    }

    /// Records why an item cannot play (nil clears it). Returns its position
    /// if it is in the feed.
    @discardableResult
    public mutating func setProblem(_ problem: VideoProblem?, forID id: String) -> Int? {
        guard knownIDs.contains(id) else { return nil }
        details[id, default: Details()].problem = problem
        guard let position = positions[id] else { return nil }
        items[position].problem = problem
        return position
    }

    // MARK: - Merging

    private var orderedSources: [VideoOrigin] {
        [.recent, .videosFolder, .samples] + catalogOrder.map { .catalog($0) }
    }

    /// Lower wins when two sources name the same video differently.
    private func metadataRank(_ source: VideoOrigin) -> Int {
        switch source {
        case .catalog(let uri): return catalogOrder.firstIndex(of: uri) ?? catalogOrder.count
        case .samples: return catalogOrder.count + 1
        case .videosFolder: return catalogOrder.count + 2
        case .recent: return catalogOrder.count + 3
        }
    }

    private mutating func rebuild() -> FeedChange? {
        var merged: [VideoItem] = []
        var newPositions: [String: Int] = [:]
        var allIDs: Set<String> = []
        // Rank of the source each field came from; Int.max for "still empty".
        var titleRank: [Int] = [], subtitleRank: [Int] = [], thumbnailRank: [Int] = []

        for source in orderedSources {
            guard let list = sourceItems[source] else { continue }
            let rank = metadataRank(source)
            for item in list {
                allIDs.insert(item.id)
                if hiddenIDs.contains(item.id) { continue }
                if let index = newPositions[item.id] {
                    merged[index].origins.insert(source)
                    if !item.title.isEmpty && rank < titleRank[index] {
                        merged[index].title = item.title
                        titleRank[index] = rank
                    }
                    if !item.subtitle.isEmpty && rank < subtitleRank[index] {
                        merged[index].subtitle = item.subtitle
                        subtitleRank[index] = rank
                    }
                    if let thumbnail = item.thumbnailURI, rank < thumbnailRank[index] {
                        merged[index].thumbnailURI = thumbnail
                        thumbnailRank[index] = rank
                    }
                } else {
                    var copy = item
                    copy.origins = [source]
                    let detail = details[item.id]
                    copy.info = detail?.info
                    copy.problem = detail?.problem
                    newPositions[item.id] = merged.count
                    merged.append(copy)
                    titleRank.append(item.title.isEmpty ? Int.max : rank)
                    subtitleRank.append(item.subtitle.isEmpty ? Int.max : rank)
                    thumbnailRank.append(item.thumbnailURI == nil ? Int.max : rank)
                }
            }
        }

        // Forget discovery results of videos no source holds any more.
        if details.count > allIDs.count || details.keys.contains(where: { !allIDs.contains($0) }) {
            details = details.filter { allIDs.contains($0.key) }
        }
        knownIDs = allIDs
        revision += 1
        let change = FeedChange(from: items, to: merged)
        items = merged
        positions = newPositions
        return change
    }
}
