/// The resolution badge on a card. Classified by the shorter side, so a
/// portrait 1080×1920 phone video is "1080p" like its landscape twin; the
/// longer side also counts, so a wide 1920×800 film crop is still "1080p".
public enum ResolutionBadge: String, CaseIterable, Sendable {
    case uhd = "4K"
    case fullHD = "1080p"
    case hd = "720p"
    case sd480 = "480p"
    case sd = "SD"

    /// Nil when the size is unknown (zero or negative).
    public init?(width: Int, height: Int) {
        guard width > 0, height > 0 else { return nil }
        let short = min(width, height)
        let long = max(width, height)
        // Standard frame sizes, as (shorter side, longer side).
        if short >= 2160 || long >= 3840 {
            self = .uhd
        } else if short >= 1080 || long >= 1920 {
            self = .fullHD
        } else if short >= 720 || long >= 1280 {
            self = .hd
        } else if short >= 480 {
            self = .sd480
        } else {
            self = .sd
        }
    }

    /// The text on the badge; not translated (these are names, not words).
    public var label: String { rawValue }
}
