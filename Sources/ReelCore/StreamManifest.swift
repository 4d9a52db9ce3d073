import Foundation

/// What an adaptive stream offers, read from its manifest: an HLS
/// multivariant playlist (`#EXT-X-STREAM-INF`) or a DASH MPD (video
/// `Representation`s). The player uses it for the quality menu's caps and
/// to name the variant playing in the statistics, and the subtitle
/// renditions for the Subtitles menu; GStreamer's own demuxers do the
/// streaming.
public struct StreamManifest: Equatable, Sendable {
    public struct Variant: Equatable, Sendable {
        /// Bits per second, as the manifest declares it.
        public var bandwidth: Int
        public var width: Int?
        public var height: Int?

        public init(bandwidth: Int, width: Int? = nil, height: Int? = nil) {
            self.bandwidth = bandwidth
            self.width = width
            self.height = height
        }
    }

    /// A WebVTT subtitle rendition: an HLS `#EXT-X-MEDIA:TYPE=SUBTITLES`
    /// (its media playlist's address) or a DASH text adaptation set that
    /// is one WebVTT file (its `BaseURL`). Addresses are as the manifest
    /// writes them, relative to it.
    public struct SubtitleRendition: Equatable, Sendable {
        public var name: String?
        public var language: String?
        public var address: String
        /// The stream's default (HLS `DEFAULT=YES`).
        public var isDefault: Bool
        public var forced: Bool

        public init(name: String?, language: String?, address: String, isDefault: Bool = false, forced: Bool = false) {
            self.name = name
            self.language = language
            self.address = address
            self.isDefault = isDefault
            self.forced = forced
        }
    }

    public enum Kind: String, Equatable, Sendable {
        case hls
        case dash
    }

    public var kind: Kind
    /// Lowest bandwidth first.
    public var variants: [Variant]
    /// A live stream: an HLS media playlist without `#EXT-X-ENDLIST`, or a
    /// dynamic MPD.
    public var isLive: Bool
    /// In the manifest's order.
    public var subtitles: [SubtitleRendition]
    /// An HLS variant's media playlist, as written (the first listed): its
    /// first segment gives the clock that subtitle renditions are timed by.
    public var firstVariantAddress: String?

    public init(kind: Kind, variants: [Variant], isLive: Bool, subtitles: [SubtitleRendition] = [],
                firstVariantAddress: String? = nil) {
        self.kind = kind
        self.variants = variants.sorted { $0.bandwidth < $1.bandwidth }
        self.isLive = isLive
        self.subtitles = subtitles
        self.firstVariantAddress = firstVariantAddress
    }

    /// Which kind of stream an address names, from its path alone (the
    /// player asks the server only for these).
    public static func kind(ofAddress address: String) -> Kind? {
        var path = Substring(address.lowercased())
        if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
        if path.hasSuffix(".m3u8") || path.hasSuffix(".m3u") { return .hls }
        if path.hasSuffix(".mpd") { return .dash }
        return nil
    }

    /// Parses an HLS playlist. A media playlist (no variants) is one variant
    /// of unknown bandwidth; nil if the text is not a playlist at all.
    public static func parseHLS(_ text: String) -> StreamManifest? {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        guard lines.first?.hasPrefix("#EXTM3U") == true else { return nil }
        var variants: [Variant] = []
        var firstVariant: String?
        for (number, line) in lines.enumerated() where line.hasPrefix("#EXT-X-STREAM-INF:") {
            if firstVariant == nil { firstVariant = lines[(number + 1)...].first { !$0.isEmpty && !$0.hasPrefix("#") } }
            let attributes = attributeList(String(line.dropFirst("#EXT-X-STREAM-INF:".count)))
            guard let bandwidth = attributes["BANDWIDTH"].flatMap({ Int($0) }), bandwidth > 0 else { continue }
            var variant = Variant(bandwidth: bandwidth)
            if let resolution = attributes["RESOLUTION"] {
                let parts = resolution.lowercased().split(separator: "x").compactMap { Int($0) }
                if parts.count == 2 { variant.width = parts[0]; variant.height = parts[1] }
            }
            variants.append(variant)
        }
        if variants.isEmpty {
            // A media playlist: live unless it says it ends.
            let live = !lines.contains("#EXT-X-ENDLIST") && !lines.contains { $0.hasPrefix("#EXT-X-PLAYLIST-TYPE:VOD") }
            return StreamManifest(kind: .hls, variants: [Variant(bandwidth: 0)], isLive: live)
        }
        let subtitles = lines.filter { $0.hasPrefix("#EXT-X-MEDIA:") }.compactMap { line -> SubtitleRendition? in
            let a = attributeList(String(line.dropFirst("#EXT-X-MEDIA:".count)))
            guard a["TYPE"] == "SUBTITLES", let uri = a["URI"], !uri.isEmpty else { return nil }
            return SubtitleRendition(name: a["NAME"], language: a["LANGUAGE"], address: uri,
                                     isDefault: a["DEFAULT"] == "YES", forced: a["FORCED"] == "YES")
        }
        return StreamManifest(kind: .hls, variants: variants, isLive: false, subtitles: subtitles, firstVariantAddress: firstVariant)
    }

    /// Parses a DASH MPD: the video representations (those with a height,
    /// or in a video adaptation set) and whether it is dynamic.
    public static func parseDASH(_ text: String) -> StreamManifest? {
        guard let mpd = firstTag("MPD", in: text) else { return nil }
        let live = attributes(ofTag: mpd)["type"] == "dynamic"
        var variants: [Variant] = []
        var setIsVideo = false
        var subtitles: [SubtitleRendition] = []
        // The text set being read: its language, label and whether it is WebVTT.
        var textSet: (language: String?, label: String?, isVTT: Bool)?
        var index = text.startIndex
        while let open = text.range(of: "<", range: index..<text.endIndex) {
            guard let close = text.range(of: ">", range: open.upperBound..<text.endIndex) else { break }
            let tag = String(text[open.lowerBound..<close.upperBound])
            index = close.upperBound
            if tag.hasPrefix("<AdaptationSet") {
                let a = attributes(ofTag: tag)
                setIsVideo = a["contentType"] == "video" || a["mimeType"]?.hasPrefix("video/") == true
                    || a["maxHeight"] != nil || a["height"] != nil
                let isText = a["contentType"] == "text" || a["mimeType"] == "text/vtt"
                textSet = isText ? (a["lang"], nil, a["mimeType"] == "text/vtt") : nil
            } else if tag.hasPrefix("</AdaptationSet") {
                textSet = nil
            } else if tag.hasPrefix("<Label"), textSet != nil, let end = text.range(of: "<", range: index..<text.endIndex) {
                textSet?.label = String(text[index..<end.lowerBound]).trimmingCharacters(in: .whitespacesAndNewlines)
            } else if tag.hasPrefix("<BaseURL"), let set = textSet, let end = text.range(of: "<", range: index..<text.endIndex) {
                // One WebVTT file per text set is what Reel reads; a
                // segmented one is left to GStreamer.
                let address = String(text[index..<end.lowerBound]).trimmingCharacters(in: .whitespacesAndNewlines)
                    .replacingOccurrences(of: "&amp;", with: "&")
                if set.isVTT || address.lowercased().hasSuffix(".vtt") {
                    subtitles.append(SubtitleRendition(name: set.label, language: set.language, address: address))
                }
                textSet = nil
            } else if tag.hasPrefix("<Representation") {
                let a = attributes(ofTag: tag)
                if textSet != nil, a["mimeType"] == "text/vtt" { textSet?.isVTT = true }
                let height = a["height"].flatMap { Int($0) }
                let isVideo = setIsVideo || height != nil || a["mimeType"]?.hasPrefix("video/") == true
                guard isVideo, let bandwidth = a["bandwidth"].flatMap({ Int($0) }), bandwidth > 0 else { continue }
                variants.append(Variant(bandwidth: bandwidth, width: a["width"].flatMap { Int($0) }, height: height))
            }
        }
        guard !variants.isEmpty else { return nil }
        return StreamManifest(kind: .dash, variants: variants, isLive: live, subtitles: subtitles)
    }

    /// The variant best matching a picture `height` (the one playing).
    public func variant(forHeight height: Int) -> Variant? {
        variants.filter { $0.height == height }.max { $0.bandwidth < $1.bandwidth }
            ?? variants.min { abs(($0.height ?? 0) - height) < abs(($1.height ?? 0) - height) }
    }

    // MARK: Parsing helpers

    /// `KEY=VALUE,KEY="quoted, value"` as HLS writes attribute lists.
    static func attributeList(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        var key = "", value = "", inKey = true, quoted = false
        func finish() {
            let name = key.trimmingCharacters(in: .whitespaces)
            if !name.isEmpty { result[name] = value }
            key = ""; value = ""; inKey = true
        }
        for character in text {
            if inKey {
                if character == "=" { inKey = false } else if character == "," { finish() } else { key.append(character) }
            } else if character == "\"" {
                quoted.toggle()
            } else if character == "," && !quoted {
                finish()
            } else {
                value.append(character)
            }
        }
        finish()
        return result
    }

    private static func firstTag(_ name: String, in text: String) -> String? {
        guard let open = text.range(of: "<\(name)"),
              let close = text.range(of: ">", range: open.upperBound..<text.endIndex) else { return nil }
        return String(text[open.lowerBound..<close.upperBound])
    }

    /// The attributes of one XML start tag (`name="value"` or `'value'`).
    static func attributes(ofTag tag: String) -> [String: String] {
        var result: [String: String] = [:]
        var rest = Substring(tag)
        while let equals = rest.firstIndex(of: "=") {
            let name = rest[..<equals].split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "<" }).last.map(String.init) ?? ""
            var after = rest[rest.index(after: equals)...].drop { $0 == " " }
            guard let quote = after.first, quote == "\"" || quote == "'" else { break }
            after = after.dropFirst()
            guard let end = after.firstIndex(of: quote) else { break }
            result[name] = String(after[..<end])
            rest = after[after.index(after: end)...]
        }
        return result
    }
}
