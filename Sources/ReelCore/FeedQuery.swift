/// What the feed shows: a section and the search text (Ctrl+F).
public struct FeedQuery: Equatable, Sendable {
    public enum Section: String, CaseIterable, Sendable {
        case all
        case local
        case remote
        case recent
    }

    public var section: Section
    public var searchText: String {
        didSet { words = Self.words(in: searchText) }
    }
    /// The folded search words; an item must contain every one.
    public private(set) var words: [String]

    public init(section: Section = .all, searchText: String = "") {
        self.section = section
        self.searchText = searchText
        self.words = Self.words(in: searchText)
    }

    /// Whether anything is filtered out at all.
    public var isActive: Bool {
        section != .all || !words.isEmpty
    }

    /// Section first (cheap), then every search word must appear somewhere
    /// in the title or subtitle, ignoring case and accents.
    public func matches(_ item: VideoItem) -> Bool {
        matches(item, searchKey: { Self.searchKey(title: item.title, subtitle: item.subtitle) })
    }

    /// The same, with the item's folded search key supplied by the caller
    /// (computed only when there are words to look for).
    public func matches(_ item: VideoItem, searchKey: () -> String) -> Bool {
        switch section {
        case .all: break
        case .local: guard item.kind == .file else { return false }
        case .remote: guard item.kind == .remote else { return false }
        case .recent: guard item.origins.contains(.recent) else { return false }
        }
        if words.isEmpty { return true }
        return matches(searchKey: searchKey())
    }

    /// For callers that cache `searchKey` per item to avoid folding the
    /// same titles on every keystroke.
    public func matches(searchKey: String) -> Bool {
        words.allSatisfy { searchKey.contains($0) }
    }

    /// Folded title and subtitle; a newline keeps a word from matching
    /// across the two.
    public static func searchKey(title: String, subtitle: String) -> String {
        TextFolding.fold(title) + "\n" + TextFolding.fold(subtitle)
    }

    public func filter(_ items: [VideoItem]) -> [VideoItem] {
        isActive ? items.filter(matches) : items
    }

    private static func words(in text: String) -> [String] {
        text.split(whereSeparator: { $0.isWhitespace }).map { TextFolding.fold(String($0)) }
    }
}
