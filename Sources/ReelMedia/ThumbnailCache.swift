import CGLib
import CPixbuf
import Foundation
import GLibKit
import ReelCore

/// The freedesktop thumbnail cache (Thumbnail Managing Standard): PNGs named
/// by the MD5 of the video's URI under `$XDG_CACHE_HOME/thumbnails/<size>/`,
/// carrying the URI and the file's modification time as `Thumb::URI` and
/// `Thumb::MTime`. Files, Totem and every other thumbnailer share it, so a
/// thumbnail one of them made is reused here and ours serve them.
public struct ThumbnailCache: Sendable {
    public enum Size: String, Sendable {
        case normal, large

        /// The edge of the square box the thumbnail fits in.
        public var pixels: Int { self == .normal ? 128 : 256 }
    }

    /// The `thumbnails` folder.
    public let root: String
    static let software = "\(AppInfo.name) \(AppInfo.version)"

    /// The PNG text keys of the standard, as gdk-pixbuf names its options.
    static let uriKey = "tEXt::Thumb::URI"
    static let mtimeKey = "tEXt::Thumb::MTime"
    static let softwareKey = "tEXt::Software"

    /// Where Reel records failures, below the root: other apps ignore
    /// `fail/reel-<version>`, and a new version of Reel tries again.
    static let failFolder = "fail/\(AppInfo.binary)-\(AppInfo.version)"

    public init(root: String = String(cString: g_get_user_cache_dir()) + "/thumbnails") {
        self.root = root
    }

    /// `<MD5 of the full URI, lower-case hex>.png`, the name every
    /// thumbnailer gives this URI's thumbnail.
    static func fileName(for uri: String) -> String {
        (String(consumingGString: g_compute_checksum_for_string(G_CHECKSUM_MD5, uri, -1)) ?? "") + ".png"
    }

    public func path(for uri: String, size: Size) -> String {
        "\(root)/\(size.rawValue)/\(ThumbnailCache.fileName(for: uri))"
    }

    public func failurePath(for uri: String) -> String {
        "\(root)/\(ThumbnailCache.failFolder)/\(ThumbnailCache.fileName(for: uri))"
    }

    /// A thumbnail in the cache that is still valid for the file: its
    /// `Thumb::URI` is `uri` and its `Thumb::MTime` is `mtime` (nil for a
    /// remote video, which has none).
    public func valid(for uri: String, mtime: Int?, size: Size) -> String? {
        let path = path(for: uri, size: size)
        return ThumbnailCache.matches(path, uri: uri, mtime: mtime) ? path : nil
    }

    /// A valid thumbnail of `uri` at either size, large first, whoever made
    /// it (the feed, Files, another player): what GNOME Shell's search and
    /// MPRIS show for a video without making one. nil for a local file that
    /// is gone.
    public func existing(for uri: String) -> String? {
        var mtime: Int?
        if MediaLocator.isLocal(uri) {
            guard let time = Thumbnailer.modificationTime(uri) else { return nil }
            mtime = time
        }
        return valid(for: uri, mtime: mtime, size: .large) ?? valid(for: uri, mtime: mtime, size: .normal)
    }

    /// Whether an earlier attempt failed on this very version of the file.
    public func hasFailed(_ uri: String, mtime: Int?) -> Bool {
        ThumbnailCache.matches(failurePath(for: uri), uri: uri, mtime: mtime)
    }

    static func matches(_ path: String, uri: String, mtime: Int?) -> Bool {
        guard let pixbuf = gdk_pixbuf_new_from_file(path, nil) else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        return isValid(thumbURI: option(pixbuf, uriKey), thumbMTime: option(pixbuf, mtimeKey), for: uri, mtime: mtime)
    }

    /// Whether a thumbnail's keys still describe the file: its Thumb::URI
    /// names it, and its Thumb::MTime is the file's modification time in
    /// whole seconds. A remote video has no modification time: its URI is
    /// enough.
    static func isValid(thumbURI: String?, thumbMTime: String?, for uri: String, mtime: Int?) -> Bool {
        guard thumbURI == uri else { return false }
        guard let mtime else { return true }
        return thumbMTime == String(mtime)
    }

    static func option(_ pixbuf: OpaquePointer, _ key: String) -> String? {
        gdk_pixbuf_get_option(pixbuf, key).map { String(cString: $0) }
    }

    /// Writes the thumbnail with its keys: to a temporary file first, renamed
    /// into place, so a reader never sees half a PNG. Mode 0600 as the spec asks.
    @discardableResult
    func save(_ pixbuf: OpaquePointer, for uri: String, mtime: Int?, size: Size) throws -> String {
        try write(pixbuf, to: path(for: uri, size: size), uri: uri, mtime: mtime)
    }

    /// A 1×1 PNG that says "this file could not be thumbnailed".
    func recordFailure(for uri: String, mtime: Int?) {
        guard let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 1, 8, 1, 1) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        gdk_pixbuf_fill(pixbuf, 0)
        _ = try? write(pixbuf, to: failurePath(for: uri), uri: uri, mtime: mtime)
    }

    private func write(_ pixbuf: OpaquePointer, to path: String, uri: String, mtime: Int?) throws -> String {
        let folder = (path as NSString).deletingLastPathComponent
        guard g_mkdir_with_parents(folder, 0o700) == 0 else {
            throw GLibError(domain: "reel", code: errno, message: "cannot create \(folder)")
        }
        var options = [(ThumbnailCache.uriKey, uri), (ThumbnailCache.softwareKey, ThumbnailCache.software)]
        if let mtime { options.append((ThumbnailCache.mtimeKey, String(mtime))) }
        let temporary = "\(folder)/.\(UUID().uuidString).png.part"
        try savePNG(pixbuf, to: temporary, options: options)
        chmod(temporary, 0o600)
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw GLibError(domain: "reel", code: errno, message: "cannot write \(path): \(reason)")
        }
        return path
    }

    /// gdk_pixbuf_save is variadic; savev takes the key/value lists.
    private func savePNG(_ pixbuf: OpaquePointer, to path: String, options: [(String, String)]) throws {
        var keys = options.map { strdup($0.0) } + [nil]
        var values = options.map { strdup($0.1) } + [nil]
        defer { (keys + values).forEach { free($0) } }
        _ = try GLibError.check { error in
            gdk_pixbuf_savev(pixbuf, path, "png", &keys, &values, error)
        }
    }
}
