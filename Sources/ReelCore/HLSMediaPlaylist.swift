/// An HLS media playlist: its segments with where each starts in the
/// stream, as hlsdemux2 counts stream time for a playlist that ends (the
/// durations before it added up). Reel reads a subtitle rendition's
/// playlist itself to offer renditions GStreamer 1.22 will not switch to.
public struct HLSMediaPlaylist: Equatable, Sendable {
    public struct Segment: Equatable, Sendable {
        /// As the playlist writes it, relative to the playlist.
        public let address: String
        public let start: Double
        public let duration: Double
    }

    public let segments: [Segment]
    /// `#EXT-X-ENDLIST` or a VOD playlist: all its segments are there.
    public let ends: Bool

    /// Nil if `text` is no playlist.
    public init?(_ text: String) {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        guard lines.first?.hasPrefix("#EXTM3U") == true else { return nil }
        var segments: [Segment] = []
        var start = 0.0
        var duration: Double?
        for line in lines {
            if line.hasPrefix("#EXTINF:") {
                let value = line.dropFirst("#EXTINF:".count).prefix { $0 != "," }
                duration = Double(value.trimmingCharacters(in: .whitespaces))
            } else if !line.isEmpty, !line.hasPrefix("#"), let length = duration {
                segments.append(Segment(address: line, start: start, duration: length))
                start += max(0, length)
                duration = nil
            }
        }
        self.segments = segments
        ends = lines.contains("#EXT-X-ENDLIST") || lines.contains("#EXT-X-PLAYLIST-TYPE:VOD")
    }

    /// The segments in the order to fetch them for a person at `position`:
    /// the one playing and those after it first, then the earlier ones.
    public func fetchOrder(from position: Double) -> [Segment] {
        let playing = segments.lastIndex { $0.start <= position } ?? 0
        return Array(segments[playing...] + segments[..<playing])
    }
}
