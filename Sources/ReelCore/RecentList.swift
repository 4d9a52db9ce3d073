import Foundation

/// The "Recent" section: videos the user opened, newest first, each URI
/// once, at most `capacity` of them. Kept in the state file (`AppState`).
public struct RecentList: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        public let uri: String
        public let title: String
        public let openedAt: Date

        public init(uri: String, title: String, openedAt: Date) {
            self.uri = uri
            self.title = title
            self.openedAt = openedAt
        }
    }

    public static let defaultCapacity = 50

    /// Newest first.
    public private(set) var entries: [Entry] = []
    public let capacity: Int

    /// Keeps the first entry of each URI, in the order given, up to `capacity`.
    public init(entries: [Entry] = [], capacity: Int = RecentList.defaultCapacity) {
        self.capacity = max(1, capacity)
        var seen: Set<String> = []
        for entry in entries where seen.insert(entry.uri).inserted {
            if self.entries.count == self.capacity { break }
            self.entries.append(entry)
        }
    }

    /// The user opened `uri` (again): it goes to the front with this title
    /// and time, and the oldest entry falls off when the list is full.
    public mutating func record(uri: String, title: String, at date: Date = Date()) {
        entries.removeAll { $0.uri == uri }
        entries.insert(Entry(uri: uri, title: title, openedAt: date), at: 0)
        if entries.count > capacity { entries.removeLast(entries.count - capacity) }
    }

    public mutating func remove(uri: String) {
        entries.removeAll { $0.uri == uri }
    }

    public var isEmpty: Bool { entries.isEmpty }

    /// The entries as feed items (origin `.recent`), newest first. An entry
    /// whose address is no longer acceptable is left out.
    public var videoItems: [VideoItem] {
        entries.compactMap { entry in
            guard case .success(let locator) = MediaLocator.parse(entry.uri) else { return nil }
            let title = entry.title.isEmpty ? locator.displayName : entry.title
            return VideoItem(uri: locator.uri, kind: locator.kind, title: title, origin: .recent)
        }
    }
}

extension RecentList.Entry: Codable {
    private enum CodingKeys: String, CodingKey {
        case uri
        case title
        case openedAt
    }

    /// `openedAt` is stored as Unix seconds, readable by any tool (the
    /// default `Date` encoding counts from 2001).
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        uri = try container.decode(String.self, forKey: .uri)
        guard case .success = MediaLocator.parse(uri) else {
            throw DecodingError.dataCorruptedError(forKey: .uri, in: container, debugDescription: "not a video address")
        }
        title = (try? container.decodeIfPresent(String.self, forKey: .title)) ?? ""
        let seconds = (try? container.decodeIfPresent(Double.self, forKey: .openedAt)) ?? 0
        openedAt = Date(timeIntervalSince1970: seconds.isFinite ? seconds : 0)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(uri, forKey: .uri)
        try container.encode(title, forKey: .title)
        try container.encode(openedAt.timeIntervalSince1970, forKey: .openedAt)
    }
}
