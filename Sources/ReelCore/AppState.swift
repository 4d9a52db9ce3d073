import Foundation

/// What Reel remembers between runs that changes too often for GSettings:
/// the Recent list, the items removed from the feed, playback positions,
/// what was watched.
/// Stored as JSON under the XDG state dir, written with `AtomicFile`.
///
/// Reading never fails: a damaged file gives a fresh state (or the parts
/// that were still good) and says so; keys this version does not know, for
/// example from a newer Reel, are ignored.
public struct AppState: Equatable, Sendable {
    public static let formatVersion = 1

    public var recent: RecentList
    public var hiddenIDs: Set<String>
    /// Seconds into the video, keyed by URI.
    public var playbackPositions: [String: Double]
    /// The sound and subtitles chosen for a video, keyed by URI.
    public var trackChoices: [String: TrackChoice]
    /// What was watched of each video (its position is `playbackPositions`').
    public var watchHistory: WatchHistory

    public init(recent: RecentList = RecentList(), hiddenIDs: Set<String> = [],
                playbackPositions: [String: Double] = [:], trackChoices: [String: TrackChoice] = [:],
                watchHistory: WatchHistory = WatchHistory()) {
        self.recent = recent
        self.hiddenIDs = hiddenIDs
        self.playbackPositions = playbackPositions
        self.trackChoices = trackChoices
        self.watchHistory = watchHistory
    }

    public func encode() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }

    /// The state in `data`. `wasCorrupt` is true when the file was not
    /// readable JSON or when some part of it had to be dropped; an empty
    /// file is simply a fresh state.
    public static func decode(_ data: Data) -> (state: AppState, wasCorrupt: Bool) {
        if data.allSatisfy({ [0x20, 0x0A, 0x0D, 0x09].contains($0) }) { return (AppState(), false) }
        let repairs = RepairLog()
        let decoder = JSONDecoder()
        decoder.userInfo[RepairLog.key] = repairs
        guard let state = try? decoder.decode(AppState.self, from: data) else { return (AppState(), true) }
        return (state, repairs.count > 0)
    }
}

extension AppState: Codable {
    private enum CodingKeys: String, CodingKey {
        case version
        case recent
        case hiddenIDs
        case playbackPositions
        case trackChoices
        case watchHistory
    }

    /// Each part is read on its own, and a bad element is dropped rather
    /// than losing the whole list; drops are counted in the decoder's
    /// `RepairLog`, if it has one.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let repairs = decoder.userInfo[RepairLog.key] as? RepairLog

        func lenientList<T: Decodable>(_ type: T.Type, _ key: CodingKeys) -> [T] {
            guard container.contains(key) else { return [] }
            guard let list = try? container.decode([Lenient<T>].self, forKey: key) else {
                repairs?.count += 1
                return []
            }
            let good = list.compactMap(\.value)
            repairs?.count += list.count - good.count
            return good
        }

        func lenientMap<T: Decodable>(_ type: T.Type, _ key: CodingKeys) -> [String: T] {
            guard container.contains(key) else { return [:] }
            guard let map = try? container.decode([String: Lenient<T>].self, forKey: key) else {
                repairs?.count += 1
                return [:]
            }
            let good = map.compactMapValues(\.value)
            repairs?.count += map.count - good.count
            return good
        }

        let entries = lenientList(RecentList.Entry.self, .recent)
        recent = RecentList(entries: entries)
        hiddenIDs = Set(lenientList(String.self, .hiddenIDs))

        playbackPositions = [:]
        if container.contains(.playbackPositions) {
            if let map = try? container.decode([String: Lenient<Double>].self, forKey: .playbackPositions) {
                for (uri, position) in map {
                    if let seconds = position.value, seconds.isFinite, seconds >= 0 {
                        playbackPositions[uri] = seconds
                    } else {
                        repairs?.count += 1
                    }
                }
            } else {
                repairs?.count += 1
            }
        }

        trackChoices = lenientMap(TrackChoice.self, .trackChoices)
        watchHistory = WatchHistory(entries: lenientMap(WatchHistory.Entry.self, .watchHistory))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.formatVersion, forKey: .version)
        try container.encode(recent.entries, forKey: .recent)
        // Sorted so that the file does not change when the state does not.
        try container.encode(hiddenIDs.sorted(), forKey: .hiddenIDs)
        // JSON has no NaN or infinity; such a position is meaningless anyway.
        try container.encode(playbackPositions.filter { $0.value.isFinite && $0.value >= 0 }, forKey: .playbackPositions)
        try container.encode(trackChoices.filter { !$0.value.isEmpty }, forKey: .trackChoices)
        try container.encode(watchHistory.entries, forKey: .watchHistory)
    }
}

/// Decodes one element without failing the list it is in.
private struct Lenient<T: Decodable>: Decodable {
    let value: T?

    init(from decoder: Decoder) throws {
        value = try? T(from: decoder)
    }
}

/// Counts what `AppState.init(from:)` had to drop. Used by one decode call
/// on one thread only, hence unchecked.
private final class RepairLog: @unchecked Sendable {
    static let key = CodingUserInfoKey(rawValue: "io.github.reelapp.Reel.repairs")!
    var count = 0
}
