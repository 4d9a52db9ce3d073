/// The player's quality menu for adaptive streams: Auto lets the demuxer
/// climb as far as the bandwidth allows; a resolution caps it at the best
/// variant of that height or less.
public enum StreamQuality: String, CaseIterable, Sendable {
    case auto
    case p1080 = "1080p"
    case p720 = "720p"
    case p480 = "480p"

    /// Untranslated menu label; the UI passes it through gettext.
    public var title: String {
        switch self {
        case .auto: return N_("Auto")
        case .p1080: return "1080p"
        case .p720: return "720p"
        case .p480: return "480p"
        }
    }

    public var maxHeight: Int? {
        switch self {
        case .auto: return nil
        case .p1080: return 1080
        case .p720: return 720
        case .p480: return 480
        }
    }

    /// The demuxer's `max-bitrate` for this cap (0: none): the bandwidth of
    /// the best variant that fits, or of the smallest when none does.
    /// Variants without a known height are never excluded.
    public func maxBitrate(in manifest: StreamManifest?) -> Int {
        guard let maxHeight, let manifest, !manifest.variants.isEmpty else { return 0 }
        let fitting = manifest.variants.filter { ($0.height ?? 0) <= maxHeight }
        guard let best = fitting.max(by: { $0.bandwidth < $1.bandwidth }) ?? manifest.variants.first else { return 0 }
        return best.bandwidth
    }
}
