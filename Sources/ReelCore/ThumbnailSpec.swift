/// The freedesktop.org thumbnail cache rules (Thumbnail Managing Standard),
/// as pure logic; ReelMedia does the reading and writing. Following them
/// lets Reel reuse thumbnails made by Files or Totem, and theirs ours.
public enum ThumbnailSpec {
    /// The cache's size folders, each for thumbnails up to `pixels` on the
    /// longer side.
    public enum Size: String, CaseIterable, Sendable {
        case normal = "normal"
        case large = "large"
        case xLarge = "x-large"
        case xxLarge = "xx-large"

        public var pixels: Int {
            switch self {
            case .normal: return 128
            case .large: return 256
            case .xLarge: return 512
            case .xxLarge: return 1024
            }
        }

        public var folderName: String { rawValue }
    }

    /// PNG text keys the standard defines.
    public static let uriKey = "Thumb::URI"
    public static let mtimeKey = "Thumb::MTime"
    public static let sizeKey = "Thumb::Size"
    public static let softwareKey = "Software"

    /// The smallest folder whose thumbnails are at least `pixels` big (the
    /// card size times the display scale), so a card never shows an
    /// upscaled image; the largest folder beyond 1024.
    public static func size(forPixels pixels: Int) -> Size {
        Size.allCases.first { $0.pixels >= pixels } ?? .xxLarge
    }

    /// `<md5 of the full URI, lower-case hex>.png`.
    public static func fileName(forURI uri: String) -> String {
        MD5.hex(uri) + ".png"
    }

    /// Path below the thumbnail cache root (`$XDG_CACHE_HOME/thumbnails`).
    public static func relativePath(forURI uri: String, size: Size) -> String {
        size.folderName + "/" + fileName(forURI: uri)
    }

    /// Where this app records failures, below the cache root:
    /// `fail/reel-<version>`; other apps ignore it, and a new version retries.
    public static func failFolder(appName: String = AppInfo.binary, version: String = AppInfo.version) -> String {
        "fail/\(appName)-\(version)"
    }

    /// Whether a cached thumbnail still belongs to the file: its Thumb::URI
    /// names the file and its Thumb::MTime equals the file's modification
    /// time in whole seconds. A thumbnail without either key is stale.
    public static func isValid(thumbURI: String?, thumbMTime: String?, forURI uri: String, mtime: Int64) -> Bool {
        guard let thumbURI, thumbURI == uri, let thumbMTime, let stored = Int64(thumbMTime) else { return false }
        return stored == mtime
    }

    /// The text keys to write into a new thumbnail (the PNG's tEXt chunks).
    public static func keys(forURI uri: String, mtime: Int64, size: Int64? = nil) -> [(key: String, value: String)] {
        var keys: [(key: String, value: String)] = [(uriKey, uri), (mtimeKey, String(mtime))]
        if let size { keys.append((sizeKey, String(size))) }
        keys.append((softwareKey, "\(AppInfo.name) \(AppInfo.version)"))
        return keys
    }
}
