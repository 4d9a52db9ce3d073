import Foundation

/// A queue written as a playlist file other players open too: XSPF (the
/// default: its locations are URIs, so any name survives) or extended M3U
/// (local files as plain paths, which is what M3U readers expect). Reading
/// the text back with `Playlist` and `PlaylistExpansion` gives the same
/// addresses.
public enum PlaylistWriter {
    /// A video of the queue: its address and the title the feed gives it.
    public struct Item: Equatable, Sendable {
        public let address: String
        public let title: String?

        public init(address: String, title: String? = nil) {
            self.address = address
            self.title = title
        }
    }

    /// The format a chosen file name asks for: M3U for `.m3u` and `.m3u8`,
    /// else XSPF (the name is kept as chosen).
    public static func format(forName name: String) -> Playlist.Format {
        Playlist.format(ofName: name) == .m3u ? .m3u : .xspf
    }

    public static func text(_ items: [Item], format: Playlist.Format) -> String {
        switch format {
        case .m3u, .pls: return m3u(items)
        case .xspf: return xspf(items)
        }
    }

    private static func m3u(_ items: [Item]) -> String {
        var lines = ["#EXTM3U"]
        for item in items {
            // A title on one line: its line breaks would start an entry.
            let title = item.title.map { $0.split(whereSeparator: \.isNewline).joined(separator: " ") }
            lines.append("#EXTINF:-1," + (title ?? ""))
            if MediaLocator.isLocal(item.address), let url = URL(string: item.address), !url.path.contains(where: \.isNewline) {
                lines.append(url.path)
            } else {
                lines.append(item.address)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func xspf(_ items: [Item]) -> String {
        var text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <playlist version="1" xmlns="http://xspf.org/ns/0/">
          <trackList>

        """
        for item in items {
            text += "    <track>\n      <location>\(escaped(item.address))</location>\n"
            if let title = item.title { text += "      <title>\(escaped(title))</title>\n" }
            text += "    </track>\n"
        }
        return text + "  </trackList>\n</playlist>\n"
    }

    private static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
