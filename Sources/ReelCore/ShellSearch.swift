/// What GNOME Shell's search (the Activities overview) finds in the feed:
/// the feed's own search words (`FeedQuery`: case and accents ignored,
/// every term must appear in the title or the place/subtitle), over an
/// index folded once per feed change, so a keystroke in the overview costs
/// a scan of prepared strings and never folds 10,000 titles again.
///
/// Order: videos whose title alone holds every term come first, then
/// those found through their place or subtitle; each group in feed order.
/// At most `limit` ids are returned: the overview shows a handful, and
/// "more" opens Reel's own search (LaunchSearch).
public struct ShellSearch: Sendable {
    public static let defaultLimit = 100

    private struct Entry: Sendable {
        let id: String
        /// FeedQuery's key: folded title, a newline, folded subtitle.
        let key: String
        let titleKey: Substring
    }

    private let entries: [Entry]
    private let positions: [String: Int]
    public let limit: Int

    public init(items: [VideoItem], limit: Int = ShellSearch.defaultLimit) {
        var entries: [Entry] = []
        entries.reserveCapacity(items.count)
        var positions: [String: Int] = [:]
        positions.reserveCapacity(items.count)
        for item in items where positions[item.id] == nil {
            let key = FeedQuery.searchKey(title: item.title, subtitle: item.subtitle)
            let titleKey = key[..<(key.firstIndex(of: "\n") ?? key.endIndex)]
            positions[item.id] = entries.count
            entries.append(Entry(id: item.id, key: key, titleKey: titleKey))
        }
        self.entries = entries
        self.positions = positions
        self.limit = limit
    }

    public var count: Int { entries.count }

    /// GetInitialResultSet: the whole feed searched.
    public func results(for terms: [String]) -> [String] {
        answer(Self.query(terms), among: entries.indices)
    }

    /// GetSubsearchResultSet: the Shell narrows its last answer as the user
    /// types on. An answer cut at `limit` may have left out videos that
    /// match the longer terms, so that one is searched again in full; ids
    /// no longer in the feed drop out.
    public func results(within previous: [String], for terms: [String]) -> [String] {
        guard previous.count < limit else { return results(for: terms) }
        let candidates = previous.compactMap { positions[$0] }.sorted()
        return answer(Self.query(terms), among: candidates)
    }

    private static func query(_ terms: [String]) -> FeedQuery {
        FeedQuery(searchText: terms.joined(separator: " "))
    }

    private func answer<C: Collection>(_ query: FeedQuery, among candidates: C) -> [String] where C.Element == Int {
        // No words (only spaces typed): nothing to find, rather than everything.
        guard !query.words.isEmpty else { return [] }
        var inTitle: [String] = []
        var elsewhere: [String] = []
        for index in candidates {
            let entry = entries[index]
            guard query.matches(searchKey: entry.key) else { continue }
            if query.words.allSatisfy({ entry.titleKey.contains($0) }) {
                inTitle.append(entry.id)
                if inTitle.count == limit { break }
            } else if elsewhere.count < limit {
                elsewhere.append(entry.id)
            }
        }
        return Array((inTitle + elsewhere).prefix(limit))
    }

    /// The line under a result's name: where the video is (its folder, its
    /// catalog's subtitle) and how long it lasts, whichever are known.
    public static func description(of item: VideoItem) -> String {
        let duration = DurationText.format(item.info?.isLive == true ? nil : item.info?.duration)
        return [item.subtitle, duration].filter { !$0.isEmpty }.joined(separator: " · ")
    }
}
