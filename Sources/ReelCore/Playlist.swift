import Foundation

/// A playlist file's entries, as written: M3U (plain or extended, the
/// `.m3u8` kind that is not an HLS stream), PLS and XSPF. Entries are
/// addresses or paths exactly as the file has them; `PlaylistExpansion`
/// resolves them against the playlist's place and checks them.
public struct Playlist: Equatable, Sendable {
    public enum Format: String, Sendable, CaseIterable {
        case m3u, pls, xspf

        /// The file name suffixes of the format.
        public var suffixes: [String] {
            switch self {
            case .m3u: return ["m3u", "m3u8"]
            case .pls: return ["pls"]
            case .xspf: return ["xspf"]
            }
        }
    }

    /// The desktop's names for playlist files (shared-mime-info's), which
    /// Reel opens as a queue. HLS streams share the M3U ones.
    public static let mimeTypes = ["audio/x-mpegurl", "audio/mpegurl", "audio/x-scpls", "application/xspf+xml"]

    public struct Entry: Equatable, Sendable {
        /// As written: a path (absolute or relative) or a URI reference.
        public let location: String
        /// The title the playlist gives it, if any.
        public let title: String?
        /// XSPF locations are URI references (percent-encoded); the other
        /// formats hold plain paths or addresses.
        public let isURIReference: Bool

        public init(location: String, title: String? = nil, isURIReference: Bool = false) {
            self.location = location
            self.title = title
            self.isURIReference = isURIReference
        }
    }

    public let format: Format
    public let entries: [Entry]

    public init(format: Format, entries: [Entry]) {
        self.format = format
        self.entries = entries
    }

    /// The format a file of this name would be, from its extension alone:
    /// the files worth reading to find out.
    public static func format(ofName name: String) -> Format? {
        // Bytes, and only the end lowered: names can be long, and many.
        var bytes = Substring(name).utf8
        if let end = bytes.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) { bytes = bytes[..<end] }
        let path = String(Substring(bytes.suffix(5))).lowercased()
        return Format.allCases.first { $0.suffixes.contains { path.hasSuffix("." + $0) } }
    }

    /// Text from a playlist file's bytes: UTF-8 (with or without its mark),
    /// else Latin-1, which older `.m3u` and `.pls` files are written in and
    /// which reads any bytes.
    public static func text(of data: Data) -> String {
        var bytes = data
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        return String(data: bytes, encoding: .utf8) ?? String(String.UnicodeScalarView(bytes.map { UnicodeScalar($0) }))
    }

    /// Reads `text` as a playlist of the format its name says, or nil when
    /// it is not one: an HLS stream (its `#EXT-X-` tags; a `.m3u8` is far
    /// more often that), or a PLS or XSPF file without its header.
    public static func parse(_ text: String, name: String) -> Playlist? {
        switch format(ofName: name) {
        case .m3u: return m3uEntries(text).map { Playlist(format: .m3u, entries: $0) }
        case .pls: return plsEntries(text).map { Playlist(format: .pls, entries: $0) }
        case .xspf: return xspfEntries(text).map { Playlist(format: .xspf, entries: $0) }
        case nil: return nil
        }
    }

    /// Nil for an HLS stream: HLS tags start `#EXT-X-` (every HLS playlist
    /// has `#EXT-X-TARGETDURATION` or `#EXT-X-STREAM-INF`); an ordinary
    /// playlist has at most `#EXTINF`. Found in the same single pass (a
    /// playlist may have a hundred thousand lines).
    private static func m3uEntries(_ text: String) -> [Entry]? {
        var entries: [Entry] = []
        var title: String?
        for raw in text.split(whereSeparator: \.isNewline) {
            let line = trimmed(raw)
            if line.isEmpty { continue }
            if line.first == "#" {
                if line.hasPrefix("#EXT-X-") { return nil }
                // #EXTINF:<seconds>[ attributes],<title>
                if line.hasPrefix("#EXTINF:"), let comma = line.firstIndex(of: ",") {
                    let named = trimmed(line[line.index(after: comma)...])
                    title = named.isEmpty ? nil : String(named)
                }
                continue
            }
            entries.append(Entry(location: String(line), title: title))
            title = nil
        }
        return entries
    }

    /// Without the spaces and tabs around it (Foundation's trimming goes
    /// through NSString, many times slower over a long playlist).
    private static func trimmed(_ text: Substring) -> Substring {
        guard let first = text.firstIndex(where: { $0 != " " && $0 != "\t" }),
              let last = text.lastIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        return text[first...last]
    }

    /// `[playlist]`, then `FileN=`, `TitleN=` in any order (N from 1).
    private static func plsEntries(_ text: String) -> [Entry]? {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        guard lines.first(where: { !$0.isEmpty && !$0.hasPrefix(";") })?.lowercased() == "[playlist]" else { return nil }
        var files: [Int: String] = [:], titles: [Int: String] = [:]
        for line in lines {
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].lowercased(), value = String(line[line.index(after: equals)...])
            if key.hasPrefix("file"), let number = Int(key.dropFirst(4)), !value.isEmpty {
                files[number] = value
            } else if key.hasPrefix("title"), let number = Int(key.dropFirst(5)), !value.isEmpty {
                titles[number] = value
            }
        }
        return files.keys.sorted().map { Entry(location: files[$0]!, title: titles[$0]) }
    }

    /// Each `<track>`'s first `<location>` and its `<title>`, comments left
    /// out. XSPF is small, flat XML: read without an XML library, element
    /// names matched with or without a namespace prefix.
    private static func xspfEntries(_ text: String) -> [Entry]? {
        let xml = removingComments(text)
        guard element("playlist", in: Substring(xml)) != nil else { return nil }
        var entries: [Entry] = []
        var rest = Substring(xml)
        while let track = element("track", in: rest) {
            rest = rest[track.end...]
            guard let location = element("location", in: track.body).map({ decodeXML($0.body) }),
                  !location.isEmpty else { continue }
            let title = element("title", in: track.body).map { decodeXML($0.body) }
            entries.append(Entry(location: location, title: title?.isEmpty == false ? title : nil, isURIReference: true))
        }
        return entries
    }

    private static func removingComments(_ text: String) -> String {
        var result = "", rest = Substring(text)
        while let open = rest.range(of: "<!--") {
            result += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "-->") else { return result }
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    /// The first `<name …>body</name>` (or `<x:name>`) in `text`: its body
    /// and where it ends. A self-closed `<name/>` has an empty body.
    private static func element(_ name: String, in text: Substring) -> (body: Substring, end: Substring.Index)? {
        var search = text
        while let open = search.firstIndex(of: "<") {
            let afterOpen = search.index(after: open)
            guard let close = search[afterOpen...].firstIndex(of: ">") else { return nil }
            let tag = search[afterOpen..<close]
            let tagName = tag.prefix { !$0.isWhitespace && $0 != "/" }
            if localName(tagName) == name, !tag.hasPrefix("/") {
                let bodyStart = search.index(after: close)
                if tag.hasSuffix("/") { return (search[bodyStart..<bodyStart], bodyStart) }
                guard let end = search[bodyStart...].range(of: "</\(tagName)>") else { return nil }
                return (search[bodyStart..<end.lowerBound], end.upperBound)
            }
            search = search[search.index(after: close)...]
        }
        return nil
    }

    private static func localName(_ name: Substring) -> Substring {
        name.lastIndex(of: ":").map { name[name.index(after: $0)...] } ?? name
    }

    /// Text with XML's five entities, numeric references and CDATA read.
    static func decodeXML(_ text: Substring) -> String {
        var value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if value.hasPrefix("<![CDATA["), value.hasSuffix("]]>") {
            return String(value.dropFirst(9).dropLast(3))
        }
        guard value.contains("&") else { return value }
        var result = ""
        while let amp = value.firstIndex(of: "&") {
            result += value[..<amp]
            guard let semi = value[amp...].firstIndex(of: ";"), value.distance(from: amp, to: semi) <= 10 else {
                result += "&"
                value = String(value[value.index(after: amp)...])
                continue
            }
            let name = value[value.index(after: amp)..<semi]
            let named: [Substring: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
            if let character = named[name] {
                result += character
            } else if name.hasPrefix("#x") || name.hasPrefix("#X"), let code = UInt32(name.dropFirst(2), radix: 16),
                      let scalar = UnicodeScalar(code) {
                result.unicodeScalars.append(scalar)
            } else if name.hasPrefix("#"), let code = UInt32(name.dropFirst()), let scalar = UnicodeScalar(code) {
                result.unicodeScalars.append(scalar)
            } else {
                result += value[amp...semi]
            }
            value = String(value[value.index(after: semi)...])
        }
        return result + value
    }
}
