/// The small labels over a card's thumbnail: where the video comes from and
/// how it streams. Live wins over the format; a local file has none.
public enum FeedBadge: Equatable, Sendable {
    case remote
    case hls
    case dash
    case live

    /// Untranslated (N_).
    public var title: String {
        switch self {
        case .remote: return N_("Remote")
        case .hls: return N_("HLS")
        case .dash: return N_("DASH")
        case .live: return N_("Live")
        }
    }

    /// CSS class for its colour.
    public var style: String {
        self == .live ? "live" : "stream"
    }

    public static func badges(for item: VideoItem) -> [FeedBadge] {
        guard item.kind == .remote else { return [] }
        if item.info?.isLive == true { return [.live] }
        switch item.format {
        case .hls: return [.hls]
        case .dash: return [.dash]
        case .file: return [.remote]
        }
    }
}
