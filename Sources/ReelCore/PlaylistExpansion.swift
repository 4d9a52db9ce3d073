import Foundation

/// A playlist opened as a queue: its entries resolved against its place
/// (relative paths and URI references), the playlists it names read in
/// turn (each at most once, so playlists that include each other end),
/// local files checked (a missing one, or a pipe named like a video, is
/// listed by name and skipped, never opened), web addresses kept for the
/// player to try. The reading and the checks are the caller's, so this
/// runs anywhere and is tested without files.
public struct PlaylistExpansion: Equatable, Sendable {
    /// What a local address turned out to be.
    public enum Check: Equatable, Sendable {
        case file
        case missing
        case notAFile(SpecialFile)
    }

    /// The addresses to play, in order.
    public private(set) var addresses: [String] = []
    /// The titles the playlists give their entries, by address.
    public private(set) var titles: [String: String] = [:]
    /// Entries left out, by name (the playlist's title for them, else the
    /// file name), in order.
    public private(set) var skipped: [String] = []
    /// Whether entries past `largest` were left out.
    public private(set) var truncated = false
    private let limit: Int

    private init(limit: Int) { self.limit = limit }

    /// The most addresses a queue takes from playlists.
    public static let largest = 100_000
    /// How deep playlists may name playlists.
    public static let deepest = 8

    /// Expands the playlist at `uri` (a file or web address), up to
    /// `largest` addresses. `read` gives
    /// a playlist file's bytes (nil when it cannot be read); `check` says
    /// what a local file address is. Nil when `uri` is not a playlist
    /// after all (an HLS stream named `.m3u8`, a PLS without its header):
    /// the caller opens it as a video.
    public static func expand(_ uri: String, largest: Int = largest, read: (String) -> Data?,
                              check: (String) -> Check) -> PlaylistExpansion? {
        guard let data = read(uri), let playlist = Playlist.parse(Playlist.text(of: data), name: uri) else { return nil }
        var expansion = PlaylistExpansion(limit: largest)
        var seen: Set<String> = [uri]
        expansion.add(playlist, from: uri, depth: 1, seen: &seen, read: read, check: check)
        return expansion
    }

    private mutating func add(_ playlist: Playlist, from base: String, depth: Int, seen: inout Set<String>,
                              read: (String) -> Data?, check: (String) -> Check) {
        for entry in playlist.entries {
            guard addresses.count < limit else {
                truncated = true
                return
            }
            guard let address = PlaylistExpansion.resolve(entry, against: base) else {
                skipped.append(entry.title ?? entry.location)
                continue
            }
            // Only for what is skipped: most entries never need it.
            var name: String { entry.title ?? ((try? MediaLocator.parse(address).get())?.displayName ?? address) }
            if Playlist.format(ofName: address) != nil {
                // A playlist inside: read it in place, unless it was already
                // (a loop) or it is too deep; an HLS stream is a video.
                if seen.contains(address) || depth >= PlaylistExpansion.deepest {
                    skipped.append(name)
                    continue
                }
                if MediaLocator.isLocal(address), check(address) != .file {
                    skipped.append(name)
                    continue
                }
                if let data = read(address) {
                    if let inner = Playlist.parse(Playlist.text(of: data), name: address) {
                        seen.insert(address)
                        add(inner, from: address, depth: depth + 1, seen: &seen, read: read, check: check)
                        continue
                    }
                    // Not a playlist after all (an HLS stream): a video.
                } else if MediaLocator.isLocal(address) {
                    skipped.append(name)
                    continue
                }
            }
            if MediaLocator.isLocal(address), check(address) != .file {
                skipped.append(name)
                continue
            }
            addresses.append(address)
            if let title = entry.title { titles[address] = title }
        }
    }

    /// An entry as an absolute address: a URI with its scheme as it is, an
    /// absolute path as a file address, anything else relative to the
    /// playlist's own place (a path for M3U and PLS, Windows' backslashes
    /// read as slashes; a URI reference for XSPF). Nil for what no player
    /// opens (an unknown scheme, a relative entry in a web playlist that
    /// resolves to nothing).
    public static func resolve(_ entry: Playlist.Entry, against base: String) -> String? {
        let location = entry.location
        if location.hasPrefix("/") || hasScheme(location) {
            let absolute = location.hasPrefix("/") ? URL(fileURLWithPath: location).standardized.path : location
            guard case .success(let locator) = MediaLocator.parse(absolute) else { return nil }
            return locator.uri
        }
        guard let baseURL = URL(string: base) else { return nil }
        if !entry.isURIReference, MediaLocator.isLocal(base) {
            // A path beside a local playlist: a file address made as any
            // opened file's is (the same video, the same address).
            let path = location.replacingOccurrences(of: "\\", with: "/")
            let folder = baseURL.deletingLastPathComponent().path
            let full = URL(fileURLWithPath: folder + "/" + path).standardized.path
            guard case .success(let locator) = MediaLocator.parse(full) else { return nil }
            return locator.uri
        }
        let reference: String
        if entry.isURIReference {
            reference = location
        } else {
            let path = location.replacingOccurrences(of: "\\", with: "/")
            // A plain path: its characters are themselves, not escapes.
            var allowed = CharacterSet.urlPathAllowed
            allowed.remove(charactersIn: "%;?#")
            guard let escaped = path.addingPercentEncoding(withAllowedCharacters: allowed) else { return nil }
            reference = escaped
        }
        guard let url = URL(string: reference, relativeTo: baseURL)?.absoluteURL,
              case .success(let locator) = MediaLocator.parse(url.absoluteString) else { return nil }
        return locator.uri
    }

    /// Whether `text` starts with a URI scheme (`http:`, `file:`), and not
    /// a Windows drive (`C:\`).
    private static func hasScheme(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), colon > text.startIndex else { return false }
        let scheme = text[..<colon]
        guard scheme.count > 1, scheme.first!.isLetter else { return false }
        return scheme.allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }
    }
}
