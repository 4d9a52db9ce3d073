/// The track list of a Matroska (MKV, WebM) file, read from the file's first
/// bytes: GStreamer 1.22's demuxer reads a track's FlagForced but neither
/// tags the stream with it nor sets GST_STREAM_FLAG_FORCED, so the player
/// reads it here. Only the header is read: the Tracks element comes before
/// the first Cluster.
public enum MatroskaTracks {
    public struct Track: Equatable, Sendable {
        public enum Kind: Equatable, Sendable { case video, audio, subtitle, other }
        public var number = 0
        public var kind = Kind.other
        /// FlagForced: lines meant to show even with subtitles off (signs,
        /// a foreign language spoken in the film).
        public var forced = false
        /// FlagDefault (on unless the file says otherwise).
        public var isDefault = true
        public var language: String?

        public init(number: Int = 0, kind: Kind = .other, forced: Bool = false, isDefault: Bool = true, language: String? = nil) {
            self.number = number
            self.kind = kind
            self.forced = forced
            self.isDefault = isDefault
            self.language = language
        }
    }

    // Element IDs from the Matroska specification.
    private static let ebmlHeader: UInt32 = 0x1A45_DFA3
    private static let segment: UInt32 = 0x1853_8067
    private static let tracks: UInt32 = 0x1654_AE6B
    private static let cluster: UInt32 = 0x1F43_B675
    private static let trackEntry: UInt32 = 0xAE
    private static let trackNumber: UInt32 = 0xD7
    private static let trackType: UInt32 = 0x83
    private static let flagForced: UInt32 = 0x55AA
    private static let flagDefault: UInt32 = 0x88
    private static let language: UInt32 = 0x22_B59C
    private static let languageBCP47: UInt32 = 0x22_B59D

    /// The tracks, in the file's order; nil when `bytes` do not start a
    /// Matroska file or hold no track list.
    public static func read(_ bytes: [UInt8]) -> [Track]? {
        var reader = Reader(bytes: bytes)
        guard let header = reader.element(), header.id == ebmlHeader, reader.skip(header) else { return nil }
        guard let top = reader.element(), top.id == segment else { return nil }
        // The segment's children, up to the first cluster (its size may be
        // unknown: a file being written, or a live stream).
        while let child = reader.element(), child.id != cluster {
            if child.id == tracks {
                // A list cut short would misplace the streams: nothing then.
                if let size = child.size, child.start + size > bytes.count { return nil }
                let end = reader.end(of: child)
                return entries(in: &reader, end: end)
            }
            guard reader.skip(child) else { return nil }
        }
        return nil
    }

    /// playbin's text streams (`indices`, the subtitle file's left out) that
    /// are forced: demuxers add a file's subtitle streams in track order.
    public static func forcedTextStreams(_ indices: [Int], tracks: [Track]) -> Set<Int> {
        let subtitles = tracks.filter { $0.kind == .subtitle }
        guard subtitles.count == indices.count else { return [] }  // not the same streams: say nothing
        return Set(zip(indices.sorted(), subtitles).filter { $0.1.forced }.map(\.0))
    }

    private static func entries(in reader: inout Reader, end: Int) -> [Track] {
        var found: [Track] = []
        while reader.offset < end, let entry = reader.element() {
            guard entry.id == trackEntry else {
                if !reader.skip(entry) { break }
                continue
            }
            let entryEnd = reader.end(of: entry)
            var track = Track()
            while reader.offset < entryEnd, let field = reader.element() {
                let value = reader.payload(field)
                switch field.id {
                case trackNumber: track.number = Int(unsigned(value))
                case trackType:
                    switch unsigned(value) {
                    case 1: track.kind = .video
                    case 2: track.kind = .audio
                    case 0x11: track.kind = .subtitle
                    default: track.kind = .other
                    }
                case flagForced: track.forced = unsigned(value) != 0
                case flagDefault: track.isDefault = unsigned(value) != 0
                case language where track.language == nil, languageBCP47:
                    let text = String(decoding: value.prefix { $0 != 0 }, as: UTF8.self)
                    if !text.isEmpty { track.language = text }
                default: break
                }
                if !reader.skip(field) { return found }
            }
            found.append(track)
            reader.offset = entryEnd
        }
        return found
    }

    private static func unsigned(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.prefix(8).reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// EBML: each element is an ID and a size, both variable-length
    /// integers, then its payload.
    private struct Reader {
        struct Element {
            let id: UInt32
            let start: Int
            /// nil: unknown (all ones), up to the parent's end.
            let size: Int?
        }

        let bytes: [UInt8]
        var offset = 0

        mutating func element() -> Element? {
            guard let (id, idLength) = number(keepingMarker: true), idLength <= 4,
                  let (size, sizeLength) = number(keepingMarker: false) else { return nil }
            let unknown = size == (UInt64(1) << (7 * UInt64(sizeLength))) - 1
            guard unknown || size <= UInt64(Int.max / 2) else { return nil }
            return Element(id: UInt32(id), start: offset, size: unknown ? nil : Int(size))
        }

        /// Past the element's payload; false when it runs past the bytes read.
        mutating func skip(_ element: Element) -> Bool {
            guard let size = element.size else { return true }  // its children follow
            guard element.start + size <= bytes.count else { return false }
            offset = element.start + size
            return true
        }

        func end(of element: Element) -> Int {
            element.size.map { min(bytes.count, element.start + $0) } ?? bytes.count
        }

        func payload(_ element: Element) -> ArraySlice<UInt8> {
            bytes[element.start..<end(of: element)]
        }

        /// A variable-length integer: its first byte's leading zeros say
        /// how many bytes follow.
        private mutating func number(keepingMarker: Bool) -> (UInt64, Int)? {
            guard offset < bytes.count, bytes[offset] != 0 else { return nil }
            let length = bytes[offset].leadingZeroBitCount + 1
            guard offset + length <= bytes.count else { return nil }
            var value = UInt64(keepingMarker ? bytes[offset] : bytes[offset] & (0xFF >> length))
            for byte in bytes[(offset + 1)..<(offset + length)] { value = value << 8 | UInt64(byte) }
            offset += length
            return (value, length)
        }
    }
}
