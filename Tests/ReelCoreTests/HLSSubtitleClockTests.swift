import XCTest
@testable import ReelCore

final class HLSSubtitleClockTests: XCTestCase {
    /// A segment whose cue times are local to it, tied to the MPEG-TS clock.
    func segment(mpegts: UInt64, local: String = "00:00:00.000", cue: String = "00:00:00.500 --> 00:00:01.500") -> String {
        "WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:\(mpegts),LOCAL:\(local)\n\n\(cue)\nHello\n\n"
    }

    func testTheMapPlacesCuesFromTheVideosFirstTimestamp() {
        // The video starts at 10 s on its clock; this segment's zero is 16 s.
        let clock = HLSSubtitleClock(videoStart: 900_000)
        XCTAssertEqual(clock.cues(ofSegment: segment(mpegts: 1_440_000)), [SubtitleCues.Cue(markup: "Hello", start: 6.5, end: 7.5)])
        // LOCAL says which cue time the MPEG-TS time is.
        let cues = clock.cues(ofSegment: segment(mpegts: 1_440_000, local: "00:00:06.000", cue: "00:00:06.500 --> 00:00:07.000"))
        XCTAssertEqual(cues.first?.start ?? 0, 6.5, accuracy: 1e-9)
        // Either order, as hlsdemux2 reads it.
        XCTAssertEqual(clock.cues(ofSegment: "WEBVTT\nX-TIMESTAMP-MAP=LOCAL:00:00:00.000,MPEGTS:990000\n\n00:01.000 --> 00:02.000\nHi\n").first?.start, 2)
    }

    func testTheClockWrapsAfter33Bits() {
        // The video starts just before the wrap; the segment's zero is 1 s after it.
        let clock = HLSSubtitleClock(videoStart: (1 << 33) - 90_000)
        XCTAssertEqual(clock.cues(ofSegment: segment(mpegts: 90_000)).first?.start ?? 0, 2.5, accuracy: 1e-9)
    }

    func testWithoutTheVideosClockOrTheMap() {
        // No MPEG-TS video: the cue times as written, less LOCAL.
        XCTAssertEqual(HLSSubtitleClock(videoStart: nil).cues(ofSegment: segment(mpegts: 5_000_000, local: "00:00:00.250")).first?.start, 0.25)
        // No map: the cue times are MPEG-TS times.
        let bare = "WEBVTT\n\n00:00:12.000 --> 00:00:13.000\nHi\n"
        XCTAssertEqual(HLSSubtitleClock(videoStart: 900_000).cues(ofSegment: bare).first?.start, 2)
        // A line before the stream's start shows from the start, a line over before it not at all.
        XCTAssertEqual(HLSSubtitleClock(videoStart: 900_000).cues(ofSegment: "WEBVTT\n\n00:00:09.000 --> 00:00:11.000\nA\n\n00:00:08.000 --> 00:00:09.000\nB\n"),
                       [SubtitleCues.Cue(markup: "A", start: 0, end: 1)])
        XCTAssertNil(HLSSubtitleClock.timestampMap("WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:abc,LOCAL:00:00:00.000\n"))
    }

    /// A 188-byte packet starting a PES with a PTS (and a DTS when given).
    func packet(pid: UInt16, pts: UInt64, dts: UInt64? = nil, adaptation: Int = 0) -> [UInt8] {
        func stamp(_ prefix: UInt8, _ t: UInt64) -> [UInt8] {
            [prefix << 4 | UInt8((t >> 29) & 0x0E) | 1, UInt8((t >> 22) & 0xFF), UInt8((t >> 14) & 0xFE) | 1,
             UInt8((t >> 7) & 0xFF), UInt8((t << 1) & 0xFE) | 1]
        }
        var bytes: [UInt8] = [0x47, 0x40 | UInt8(pid >> 8), UInt8(pid & 0xFF), adaptation > 0 ? 0x30 : 0x10]
        if adaptation > 0 { bytes += [UInt8(adaptation)] + [UInt8](repeating: 0, count: adaptation) }
        bytes += [0, 0, 1, 0xE0, 0, 0, 0x80, dts == nil ? 0x80 : 0xC0, dts == nil ? 5 : 10]
        bytes += stamp(dts == nil ? 2 : 3, pts) + (dts.map { stamp(1, $0) } ?? [])
        return bytes + [UInt8](repeating: 0xFF, count: 188 - bytes.count)
    }

    func testTheFirstTimestampOfATransportStream() {
        let pat: [UInt8] = [0x47, 0x40, 0x00, 0x10] + [UInt8](repeating: 0xFF, count: 184)
        let stream = pat + packet(pid: 0x100, pts: 324_000_000, adaptation: 7) + packet(pid: 0x101, pts: 1) + pat
        XCTAssertEqual(HLSSubtitleClock.firstTimestamp(inTransportStream: stream), 324_000_000)
        // A DTS below the PTS (frames reordered) is the start.
        let reordered = pat + packet(pid: 0x100, pts: 906_000, dts: 900_000) + pat + pat
        XCTAssertEqual(HLSSubtitleClock.firstTimestamp(inTransportStream: reordered), 900_000)
        // A few junk bytes before the first packet.
        XCTAssertEqual(HLSSubtitleClock.firstTimestamp(inTransportStream: [1, 2, 3] + stream), 324_000_000)
        XCTAssertNil(HLSSubtitleClock.firstTimestamp(inTransportStream: Array("WEBVTT\n\n".utf8)))
        XCTAssertNil(HLSSubtitleClock.firstTimestamp(inTransportStream: pat + pat + pat + pat), "no PES packet")
    }
}
