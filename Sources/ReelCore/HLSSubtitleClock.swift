/// Where the cues of an HLS WebVTT segment fall in the stream's time, as
/// hlsdemux2 places the rendition it plays itself, so that a rendition Reel
/// fetches keeps time with the picture just as well. A segment's
/// `X-TIMESTAMP-MAP` ties its cue times to the MPEG-TS clock of the video;
/// the stream's time starts at the first timestamp of the video's first
/// segment (its lowest of PTS and DTS, as hlsdemux2 reads it).
public struct HLSSubtitleClock: Equatable, Sendable {
    /// The first timestamp of the video's first segment, in 90 kHz ticks;
    /// nil when the video is no MPEG-TS (cue times are then taken as
    /// written, less the map's local time).
    public let videoStart: UInt64?

    public init(videoStart: UInt64?) {
        self.videoStart = videoStart
    }

    /// The lines of one segment, in the stream's time.
    public func cues(ofSegment text: String) -> [SubtitleCues.Cue] {
        let shift = offset(map: HLSSubtitleClock.timestampMap(text))
        return PlainSubtitles.cues(text).compactMap { cue in
            // Before the stream's start nothing shows; hlsdemux2 holds such
            // times at 0 as well.
            let start = max(0, cue.start + shift), end = cue.end.map { max(0, $0 + shift) }
            if let end, end <= start { return nil }
            return SubtitleCues.Cue(markup: cue.markup, start: start, end: end)
        }
    }

    /// Seconds to add to the segment's cue times.
    func offset(map: (mpegts: UInt64, local: Double)?) -> Double {
        switch (map, videoStart) {
        case let (map?, start?): return Double(HLSSubtitleClock.ticks(from: start, to: map.mpegts)) / 90_000 - map.local
        case let (map?, nil): return -map.local
        case let (nil, start?): return -Double(start) / 90_000  // cue times are MPEG-TS times
        case (nil, nil): return 0
        }
    }

    /// `to - from` on the 33-bit MPEG-TS clock, which wraps every 26.5 hours.
    static func ticks(from: UInt64, to: UInt64) -> Int64 {
        let modulus: Int64 = 1 << 33
        var difference = (Int64(to % UInt64(modulus)) - Int64(from % UInt64(modulus))) % modulus
        if difference > modulus / 2 { difference -= modulus }
        if difference < -modulus / 2 { difference += modulus }
        return difference
    }

    /// "X-TIMESTAMP-MAP=MPEGTS:900000,LOCAL:00:00:00.000", in either order,
    /// from the segment's header.
    static func timestampMap(_ text: String) -> (mpegts: UInt64, local: Double)? {
        for line in text.split(whereSeparator: \.isNewline).prefix(20) {
            let line = line.trimmingCharacters(in: .whitespaces)
            guard line.hasPrefix("X-TIMESTAMP-MAP=") else { continue }
            var mpegts: UInt64?, local: Double?
            for part in line.dropFirst("X-TIMESTAMP-MAP=".count).split(separator: ",") {
                let pair = part.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair.count == 2 else { continue }
                if pair[0] == "MPEGTS" { mpegts = UInt64(pair[1]) }
                if pair[0] == "LOCAL" { local = PlainSubtitles.seconds(pair[1]) }
            }
            guard let mpegts, let local else { return nil }
            return (mpegts, local)
        }
        return nil
    }

    /// The first timestamp in the start of an MPEG-TS segment, in 90 kHz
    /// ticks: the first PES packet's DTS, or its PTS when that is the
    /// lower (within a second); nil if the bytes are no transport stream.
    public static func firstTimestamp(inTransportStream bytes: [UInt8]) -> UInt64? {
        let size = 188
        // The first of four packets in a row that start with the sync byte.
        guard let first = (0..<min(size, bytes.count)).first(where: { offset in
            (0..<4).allSatisfy { offset + $0 * size < bytes.count && bytes[offset + $0 * size] == 0x47 }
        }) else { return nil }
        var at = first
        while at + size <= bytes.count {
            defer { at += size }
            let b1 = bytes[at + 1], b3 = bytes[at + 3]
            // A payload's start, no transport error, not scrambled.
            guard bytes[at] == 0x47, b1 & 0x40 != 0, b1 & 0x80 == 0, b3 & 0xC0 == 0, b3 & 0x10 != 0 else { continue }
            let payload = at + 4 + (b3 & 0x20 != 0 ? 1 + Int(bytes[at + 4]) : 0)
            guard payload + 19 <= at + size, bytes[payload] == 0, bytes[payload + 1] == 0, bytes[payload + 2] == 1 else { continue }
            let flags = bytes[payload + 7]
            guard flags & 0x80 != 0, let pts = timestamp(bytes, payload + 9) else { continue }
            guard flags & 0x40 != 0, let dts = timestamp(bytes, payload + 14) else { return pts }
            return pts < dts && dts - pts < 90_000 ? pts : dts
        }
        return nil
    }

    /// A PES timestamp: 33 bits in five bytes, each part ending in a marker bit.
    private static func timestamp(_ bytes: [UInt8], _ at: Int) -> UInt64? {
        guard at + 5 <= bytes.count, bytes[at] & 1 == 1, bytes[at + 2] & 1 == 1, bytes[at + 4] & 1 == 1 else { return nil }
        return UInt64(bytes[at] & 0x0E) << 29 | UInt64(bytes[at + 1]) << 22 | UInt64(bytes[at + 2] & 0xFE) << 14
            | UInt64(bytes[at + 3]) << 7 | UInt64(bytes[at + 4]) >> 1
    }
}
