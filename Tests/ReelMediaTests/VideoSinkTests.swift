import CGLib
import CGst
import Foundation
import GLibKit
import ReelCore
import XCTest
@testable import ReelMedia

/// The video end of every pipeline, driven by videotestsrc: colours per input
/// format, size at the drawn size, pixel aspect, rotation, newest-frame-only
/// and buffer recycling.
final class VideoSinkTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        _ = MediaFixture.shared // GStreamer initialised once, like the other media tests
    }

    // MARK: Colours and formats

    func testSolidColoursInEveryInputFormat() throws {
        for format in ["I420", "NV12", "YV12", "YUY2", "BGRx", "BGRA"] + VideoSinkTests.deepFormats {
            for (pattern, colour) in VideoSinkTests.solids {
                let frame = try firstFrame("videotestsrc pattern=\(pattern) ! video/x-raw,format=\(format),width=320,height=240")
                let what = "\(pattern) from \(format)"
                XCTAssertEqual(frame.width, 320, what)
                XCTAssertEqual(frame.height, 240, what)
                XCTAssertEqual(frame.stride, 320 * 4, what)
                XCTAssertEqual(frame.displayWidth, 320, what)
                XCTAssertEqual(frame.displayHeight, 240, what)
                assertSolid(frame, colour, what)
            }
        }
    }

    /// Colour bars catch swapped chroma planes, wrong strides and a mirrored
    /// picture that a solid colour cannot.
    func testColourBarsLandInPlaceInEveryInputFormat() throws {
        for format in ["I420", "NV12", "YV12", "YUY2", "BGRx"] + VideoSinkTests.deepFormats {
            let frame = try firstFrame("videotestsrc pattern=smpte ! video/x-raw,format=\(format),width=320,height=240")
            assertBars(frame, rotation: 0, scale: 1, "\(format)")
        }
    }

    /// An odd size has a chroma plane rounded up: the last column and row
    /// still get the right colour.
    func testOddSize() throws {
        for format in ["I420", "NV12"] + VideoSinkTests.deepFormats {
            let frame = try firstFrame("videotestsrc pattern=blue ! video/x-raw,format=\(format),width=321,height=241")
            XCTAssertEqual(frame.width, 321)
            XCTAssertEqual(frame.height, 241)
            assertSolid(frame, (0, 0, 255), "321×241 \(format)")
            assertClose(frame.rgb(x: 320, y: 240), (0, 0, 255), "\(format) bottom-right pixel")
        }
    }

    /// 10-bit and 4:2:2 / 4:4:4 video reaches libyuv as it is (no
    /// videoconvert), and a format libyuv cannot take is converted first.
    func testDeepFormatsReachLibyuvWithoutVideoconvert() throws {
        for format in VideoSinkTests.deepFormats {
            let run = try SinkRun("videotestsrc ! video/x-raw,format=\(format),width=64,height=48")
            run.pipeline.setState(GST_STATE_PAUSED)
            XCTAssertEqual(run.pipeline.waitForAsyncDone(timeout: 20), .finished, format)
            let formats = try XCTUnwrap(run.sink.pixelFormats, format)
            XCTAssertEqual(formats.decoded, format)
            XCTAssertEqual(formats.converted, format)
        }
        let run = try SinkRun("videotestsrc ! video/x-raw,format=GRAY8,width=64,height=48")
        run.pipeline.setState(GST_STATE_PAUSED)
        XCTAssertEqual(run.pipeline.waitForAsyncDone(timeout: 20), .finished)
        let formats = try XCTUnwrap(run.sink.pixelFormats)
        XCTAssertEqual(formats.decoded, "GRAY8")
        XCTAssertTrue(FrameConverter.inputFormats.contains(formats.converted), formats.converted)
    }

    /// A 10-bit picture matches its 8-bit reference within a code value or
    /// so per channel: ramps, bars and colours, BT.709 and BT.2020, both
    /// ranges, at the source size and scaled. (A wrong matrix, range or bit
    /// depth is off by 10 to 200.)
    func testTenBitMatchesTheEightBitReference() throws {
        for colorimetry in ["bt709", "bt2020", "1:3:5:1", "1:6:5:1"] {
            for pattern in ["smpte", "gradient", "colors"] {
                for drawn in [nil, (160, 120)] as [(Int, Int)?] {
                    func frame(_ format: String) throws -> VideoFrame {
                        try firstFrame("videotestsrc pattern=\(pattern) ! video/x-raw,format=\(format),width=320,height=240,colorimetry=\(colorimetry)") {
                            if let drawn { $0.setDrawnSize(width: drawn.0, height: drawn.1) }
                        }
                    }
                    let reference = try frame("I420"), deep = try frame("I420_10LE")
                    XCTAssertEqual(deep.width, reference.width)
                    var worst = 0
                    for y in stride(from: 0, to: reference.height, by: 3) {
                        for x in stride(from: 0, to: reference.width, by: 3) {
                            let a = reference.rgb(x: x, y: y), b = deep.rgb(x: x, y: y)
                            worst = max(worst, abs(a.0 - b.0), abs(a.1 - b.1), abs(a.2 - b.2))
                        }
                    }
                    // Ramps and bars: one code value. Saturated colours: two,
                    // the 8-bit reference's own rounding times the chroma
                    // coefficients (up to 1.9). Scaled, the 8-bit and 16-bit
                    // scalers filter the bars' sharp edges a little apart.
                    let tolerance = drawn == nil ? (pattern == "colors" ? 2 : 1) : (pattern == "gradient" ? 1 : 3)
                    XCTAssertLessThanOrEqual(worst, tolerance, "\(pattern) in \(colorimetry), drawn \(String(describing: drawn))")
                }
            }
        }
    }

    // MARK: Interlaced video

    /// Moving bars woven from two fields show combs: adjacent rows (from
    /// fields 20 ms apart) differ far more than rows two apart (one field).
    /// Deinterlaced, they do not; with deinterlacing off they do; both
    /// field orders.
    func testInterlacedVideoIsDeinterlacedOnlyWhenAsked() throws {
        for topFirst in [true, false] {
            for setting in Deinterlacing.allCases {
                let sink = VideoSink()
                sink.setDeinterlacing(setting)
                let frame = try lateFrame(VideoSinkTests.interlaced(topFirst: topFirst), sink: sink)
                XCTAssertEqual(sink.isInterlaced, true)
                let comb = VideoSinkTests.combing(frame)
                let what = "\(topFirst ? "top" : "bottom") field first, \(setting): comb \(comb)"
                // Measured: 0.24 deinterlaced, 4.8 woven.
                if setting == .automatic {
                    XCTAssertLessThan(comb, 1, what)
                } else {
                    XCTAssertGreaterThan(comb, 3, what)
                }
            }
        }
    }

    /// A sink made without a deinterlacer shows the fields woven, as asked,
    /// and still says the video is interlaced.
    func testASinkWithoutADeinterlacerWeavesAndSaysSo() throws {
        let sink = VideoSink(deinterlacing: false)
        sink.setDeinterlacing(.automatic)   // nothing to set: no effect
        let frame = try lateFrame(VideoSinkTests.interlaced(topFirst: true), sink: sink)
        XCTAssertEqual(sink.isInterlaced, true)
        XCTAssertGreaterThan(VideoSinkTests.combing(frame), 3)
    }

    /// Film telecined to 60 fields a second (3:2 pulldown, its caps say
    /// "mixed": some frames woven from two film frames) shows no combs.
    func testTelecinedFilmShowsNoCombs() throws {
        let source = "videotestsrc pattern=smpte horizontal-speed=8 num-buffers=48 ! "
            + "video/x-raw,format=I420,width=720,height=480,framerate=24/1 ! "
            + "interlace top-field-first=true field-pattern=2:3"
        for setting in Deinterlacing.allCases {
            let sink = VideoSink()
            sink.setDeinterlacing(setting)
            let run = try SinkRun(source, sink: sink)
            _ = try lateFrame(run: run)
            XCTAssertEqual(sink.isInterlaced, true)
            XCTAssertEqual(sink.isTelecined, setting == .automatic, "off shows the fields as they are")
            // The worst frame: two in five are woven from two film frames.
            let worst = run.frames.map(VideoSinkTests.combing).max() ?? 0
            if setting == .automatic {
                XCTAssertLessThan(worst, 1, "\(run.frames.count) frames")
            } else {
                XCTAssertGreaterThan(worst, 3, "\(run.frames.count) frames")
            }
        }
    }

    /// Telecined film comes out as its own frames: past the first half
    /// second, while the pictures show it is film, every frame the sink
    /// shows is one of the film's frames as it was (the fields ivtc weaves
    /// back are the film frame's own rows), each film frame once, in
    /// order, at 24000/1001 a second and when the film shows it, with no
    /// combs; the sink says so. Straight from GStreamer's `interlace`
    /// (2 frames in 5 flagged interlaced) and hard-telecined in an H.264
    /// file (every frame decodes flagged interlaced, as 60i would).
    func testTelecinedFilmShowsAsItsOwnTwentyFourFrames() throws {
        let film = VideoSinkTests.film
        let telecine = " ! interlace top-field-first=true field-pattern=2:3"
        let originals = try VideoSinkTests.filmFrames()

        for source in [film + telecine, "filesrc location=\(try VideoSinkTests.telecinedFile()) ! decodebin"] {
            let run = try SinkRun(source)
            XCTAssertEqual(run.playToEnd(timeout: 30), GST_MESSAGE_EOS, source)
            XCTAssertEqual(run.sink.isInterlaced, true, source)
            XCTAssertEqual(run.sink.isTelecined, true, source)
            let worst = run.frames.map(VideoSinkTests.combing).max() ?? 99
            XCTAssertLessThan(worst, 1, "no combs, before ivtc (deinterlaced) or after: \(source)")

            let late = run.frames.filter { ($0.pts ?? 0) >= 1_000_000_000 }
            XCTAssertGreaterThan(late.count, 24, "two seconds of film (48 frames), some maybe dropped when late")
            assertFilmFrames(late, originals, source)
        }
    }

    /// A seek while ivtc is in the chain: the frames after it are the
    /// film's own again, each once, when the film shows them.
    func testTelecinedFilmAfterASeek() throws {
        let originals = try VideoSinkTests.filmFrames()
        let run = try SinkRun("filesrc location=\(try VideoSinkTests.telecinedFile()) ! decodebin")
        run.pipeline.setState(GST_STATE_PLAYING)
        XCTAssertTrue(spinMainContext(timeout: 20) { (run.frames.last?.pts ?? 0) > 1_500_000_000 })
        XCTAssertEqual(run.sink.isTelecined, true)
        let before = run.frames.count
        let flags = GstSeekFlags(GST_SEEK_FLAG_FLUSH.rawValue | GST_SEEK_FLAG_ACCURATE.rawValue)
        XCTAssertNotEqual(gst_element_seek_simple(run.pipeline.element, GST_FORMAT_TIME, flags, 500_000_000), 0)
        XCTAssertEqual(run.playToEnd(timeout: 30), GST_MESSAGE_EOS)
        XCTAssertEqual(run.sink.isTelecined, true)
        let after = run.frames[before...].filter { ($0.pts ?? 0) >= 600_000_000 && ($0.pts ?? 0) < 1_500_000_000 }
        XCTAssertGreaterThan(after.count, 10, "the seek's frames came (21, some maybe dropped when late)")
        assertFilmFrames(after, originals, "after the seek")
    }

    /// Each of `frames` is one of the film's frames (`originals`' prints,
    /// by film frame number), shown when the film shows it, each once, in
    /// order, at 24000/1001.
    private func assertFilmFrames(_ frames: [VideoFrame], _ originals: [Int: [Int]], _ what: String,
                                  file: StaticString = #filePath, line: UInt = #line) {
        var matched: [Int] = []
        for frame in frames {
            let print = VideoSinkTests.fingerprint(frame)
            let (index, difference) = originals.map { ($0.key, VideoSinkTests.difference(print, $0.value)) }
                .min { $0.1 < $1.1 }!
            // Measured: 0 for the frame itself (coded too), 14 and more for its neighbours.
            XCTAssertLessThan(difference, 1.5, "frame at \(frame.pts ?? 0) ns is film frame \(index)? \(what)",
                              file: file, line: line)
            // ivtc joins mid-stream and stamps its frames from its segment's
            // start: the frame is shown when the film shows it.
            XCTAssertEqual(Double(index), Double(frame.pts ?? 0) / 1e9 * 24000 / 1001, accuracy: 1.5,
                           "film frame \(index) shown at \(frame.pts ?? 0) ns, \(what)", file: file, line: line)
            matched.append(index)
        }
        // Never the same film frame twice (deinterlaced pulldown shows some
        // three times over: its judder). One may be skipped when the
        // machine is too busy to show it in time.
        XCTAssertTrue(zip(matched, matched.dropFirst()).allSatisfy { $0 < $1 },
                      "each film frame once, in order: \(matched), \(what)", file: file, line: line)
        // ivtc's frames are 1/24 s apart (1001/24000); the deinterlacer's
        // were a field, 1001/60000, apart.
        let frameTime = 1e9 * 1001 / 24000
        let times = frames.compactMap(\.pts)
        for (a, b) in zip(times, times.dropFirst()) {
            let frames = Double(b - a) / frameTime
            XCTAssertEqual(frames, max(1, frames.rounded()), accuracy: 0.05,
                           "pictures \(b - a) ns apart, not whole film frames, \(what)", file: file, line: line)
        }
    }

    /// The probe that watches for film holds its InverseTelecine, which
    /// holds the probe's pad: a sink that goes lets both go.
    func testASinkThatGoesLetsItsInverseTelecineGo() throws {
        weak var watcher: InverseTelecine?
        do {
            let run = try SinkRun(VideoSinkTests.film + " ! interlace top-field-first=true field-pattern=2:3")
            watcher = run.sink.inverseTelecine
            XCTAssertEqual(run.playToEnd(timeout: 30), GST_MESSAGE_EOS)
            XCTAssertEqual(run.sink.isTelecined, true)
        }
        XCTAssertNotNil(VideoSink().inverseTelecine, "a player's sink has one")
        XCTAssertNil(VideoSink(deinterlacing: false).inverseTelecine, "the strip's and the camera's have none")
        XCTAssertNil(watcher)
    }

    /// 3 s of bars scrolling 8 pixels a frame at 24000/1001: the film.
    static let film = "videotestsrc pattern=smpte75 horizontal-speed=8 num-buffers=72 ! "
        + "video/x-raw,format=I420,width=720,height=480,framerate=24000/1001"

    /// The film's frames as prints, by their number in the film (their
    /// own timestamp over 1001/24000 s): what telecined film must come back
    /// as. Every one of them, through the sink's own converter on this
    /// thread. Not collected from a playing VideoSink: it keeps only the
    /// newest frame for the main thread, which on a loaded machine (the
    /// unit tests run at a lower priority beside the UI tests) misses a
    /// few, and the prints were once numbered by their place in what
    /// arrived: three missed frames numbered every later film frame three
    /// too low, and the telecined run's frames, stamped right, looked
    /// 3.2 frames late.
    static func filmFrames() throws -> [Int: [Int]] {
        let reference = try LaunchPipeline(film + " ! appsink name=frames sync=false wait-on-eos=false")
        XCTAssertEqual(reference.runToEnd(timeout: 30, isCancelled: { false }), .finished)
        defer { reference.setState(GST_STATE_NULL) }
        let appsink = try XCTUnwrap(reference.child("frames"))
        let converter = FrameConverter()
        var prints: [Int: [Int]] = [:]
        while let sample = gst_app_sink_try_pull_sample(appsink.cast(), 0) {
            defer { gst_sample_unref(sample) }
            let frame = try XCTUnwrap(converter.convert(sample, drawn: nil, rotation: 0))
            let number = Int((Double(try XCTUnwrap(frame.pts)) / (1e9 * 1001 / 24000)).rounded())
            XCTAssertNil(prints[number], "film frame \(number) once")
            prints[number] = fingerprint(frame)
        }
        XCTAssertEqual(prints.keys.sorted(), Array(0..<72), "the film's 72 frames")
        return prints
    }

    /// The film telecined into an H.264 file coded as interlaced, top field
    /// first: interlace's output is "mixed"; said to be interleaved top field
    /// first, x264enc codes every frame as interlaced in that order. Made once.
    static func telecinedFile() throws -> String {
        let file = MediaFixture.shared.folder + "/telecined.mp4"
        if !FileManager.default.fileExists(atPath: file) {
            try MediaFixture.make(file, film + " ! interlace top-field-first=true field-pattern=2:3"
                                  + " ! capssetter caps=\"video/x-raw,interlace-mode=interleaved,field-order=top-field-first\""
                                  + " ! x264enc speed-preset=ultrafast interlaced=true ! h264parse ! mp4mux ! filesink name=sink")
        }
        return file
    }

    /// 60i video (every frame woven from two moments 1/60 s apart) at the
    /// same 30000/1001 as telecined film stays on the deinterlacer: a
    /// picture per field, never ivtc's 24 a second.
    func testTrueSixtyIStaysDeinterlacedAtFieldRate() throws {
        let run = try SinkRun("videotestsrc pattern=smpte horizontal-speed=4 num-buffers=120 ! "
            + "video/x-raw,format=I420,width=720,height=480,framerate=60000/1001 ! "
            + "interlace top-field-first=true field-pattern=1:1")
        XCTAssertEqual(run.playToEnd(timeout: 30), GST_MESSAGE_EOS)
        XCTAssertEqual(run.sink.isInterlaced, true)
        XCTAssertEqual(run.sink.isTelecined, false)
        XCTAssertEqual(VideoSinkTests.shortestStep(run.frames), 1e9 * 1001 / 60000, accuracy: 1e6,
                       "pictures a field apart (the deinterlacer's), not ivtc's 1/24 s")
        XCTAssertLessThan(run.frames.map(VideoSinkTests.combing).max() ?? 99, 1)
    }

    /// Progressive 30 fps, and true 50i, go through as before: every frame
    /// of the progressive clip shown bit for bit as without a deinterlacer,
    /// the 50i clip at its field rate.
    func testProgressiveAndFiftyIKeepTheirFrames() throws {
        let progressive = "videotestsrc pattern=smpte horizontal-speed=8 num-buffers=30 ! "
            + "video/x-raw,format=I420,width=320,height=240,framerate=30/1"
        var pictures: [[UInt64: [UInt8]]] = []
        for deinterlacing in [true, false] {
            let run = try SinkRun(progressive, sink: VideoSink(deinterlacing: deinterlacing))
            XCTAssertEqual(run.playToEnd(timeout: 30), GST_MESSAGE_EOS)
            XCTAssertEqual(run.sink.isTelecined, false)
            let reached = run.frames.count + run.sink.droppedFrames.unshown + run.sink.droppedFrames.late
            XCTAssertTrue((30...31).contains(reached), "every frame, once (the preroll may count twice): \(reached)")
            var byTime: [UInt64: [UInt8]] = [:]
            for frame in run.frames {
                var size: gsize = 0
                let data = g_bytes_get_data(frame.bytes, &size)!.assumingMemoryBound(to: UInt8.self)
                byTime[frame.pts ?? 0] = Array(UnsafeBufferPointer(start: data, count: Int(size)))
            }
            pictures.append(byTime)
        }
        let common = Set(pictures[0].keys).intersection(pictures[1].keys)
        XCTAssertGreaterThan(common.count, 10, "frames both runs showed (a busy main thread may skip some)")
        for time in common { XCTAssertEqual(pictures[0][time], pictures[1][time], "frame at \(time) ns") }

        let fifty = try SinkRun(VideoSinkTests.interlaced(topFirst: true))
        XCTAssertEqual(fifty.playToEnd(timeout: 30), GST_MESSAGE_EOS)
        XCTAssertEqual(fifty.sink.isTelecined, false)
        XCTAssertEqual(VideoSinkTests.shortestStep(fifty.frames), 20e6, accuracy: 1e6, "a picture per field")
    }

    /// The shortest time between two pictures' own times, in nanoseconds
    /// (a frame or two may be dropped when late, so not the longest or the
    /// count). The times are sorted first: on a loaded machine the
    /// deinterlacer, which drops late fields, was seen to send a frame's
    /// two fields in the other order (the sink shows them as they come).
    static func shortestStep(_ frames: [VideoFrame]) -> Double {
        let times = frames.compactMap(\.pts).sorted()
        return Double(zip(times, times.dropFirst()).map { $1 - $0 }.filter { $0 > 0 }.min() ?? 0)
    }

    /// A picture's coarse print: the summed RGB of every fourth pixel on
    /// every eighth row of the bars (the top half).
    static func fingerprint(_ frame: VideoFrame) -> [Int] {
        var print: [Int] = []
        for y in stride(from: 0, to: frame.height / 2, by: 8) {
            for x in stride(from: 0, to: frame.width, by: 4) {
                let (r, g, b) = frame.rgb(x: x, y: y)
                print.append(r + g + b)
            }
        }
        return print
    }

    /// Mean absolute difference of two prints, per colour channel.
    static func difference(_ a: [Int], _ b: [Int]) -> Double {
        guard a.count == b.count, !a.isEmpty else { return .infinity }
        return Double(zip(a, b).reduce(0) { $0 + abs($1.0 - $1.1) }) / Double(a.count * 3)
    }

    /// Progressive video comes out bit for bit the same either way.
    func testProgressiveVideoIsUntouchedByTheSetting() throws {
        let source = "videotestsrc pattern=smpte horizontal-speed=8 ! video/x-raw,format=I420,width=320,height=240"
        var pictures: [[UInt8]] = []
        // Both settings, and a sink made without a deinterlacer (the strip's).
        for setting in Deinterlacing.allCases + [nil] {
            let sink = VideoSink(deinterlacing: setting != nil)
            if let setting { sink.setDeinterlacing(setting) }
            let frame = try firstFrame(source, sink: sink)
            var size: gsize = 0
            let data = g_bytes_get_data(frame.bytes, &size)!.assumingMemoryBound(to: UInt8.self)
            pictures.append(Array(UnsafeBufferPointer(start: data, count: Int(size))))
        }
        XCTAssertEqual(pictures[0], pictures[1])
        XCTAssertEqual(pictures[0], pictures[2])
        let sink = VideoSink()
        _ = try firstFrame(source, sink: sink)
        XCTAssertEqual(sink.isInterlaced, false)
    }

    /// 50 fields a second of bars moving 8 pixels a field, woven into 25
    /// interlaced frames.
    static func interlaced(topFirst: Bool) -> String {
        "videotestsrc pattern=smpte horizontal-speed=8 num-buffers=24 ! "
            + "video/x-raw,format=I420,width=720,height=576,framerate=50/1 ! "
            + "interlace top-field-first=\(topFirst) field-pattern=1:1"
    }

    /// The mean difference between adjacent rows over the bars (the top
    /// half of the picture, where the pattern has no edge across), in grey
    /// levels: near 0 for whole pictures of upright bars, tens where rows
    /// alternate between two moments (every bar's edge is a comb).
    static func combing(_ frame: VideoFrame) -> Double {
        var total = 0, count = 0
        for y in 0..<(frame.height / 2) {
            for x in stride(from: 0, to: frame.width, by: 2) {
                let a = frame.rgb(x: x, y: y), b = frame.rgb(x: x, y: y + 1)
                total += abs(a.0 + a.1 + a.2 - b.0 - b.1 - b.2) / 3
                count += 1
            }
        }
        return Double(total) / Double(count)
    }

    /// A frame from the middle of `source` played to its end (a
    /// deinterlacer needs the fields before and after).
    private func lateFrame(_ source: String, sink: VideoSink, file: StaticString = #filePath, line: UInt = #line) throws -> VideoFrame {
        try lateFrame(run: SinkRun(source, sink: sink), file: file, line: line)
    }

    private func lateFrame(run: SinkRun, file: StaticString = #filePath, line: UInt = #line) throws -> VideoFrame {
        let end = run.playToEnd(timeout: 30)
        XCTAssertNotNil(end, "played to the end", file: file, line: line)
        if let end { XCTAssertEqual(end, GST_MESSAGE_EOS, file: file, line: line) }
        XCTAssertGreaterThan(run.frames.count, 4, file: file, line: line)
        run.pipeline.setState(GST_STATE_NULL)
        return run.frames[run.frames.count / 2]
    }

    /// HD video is BT.709, SD BT.601: decoded with the wrong matrix, BT.709
    /// green comes out with about 20 of red. (videotestsrc ignores the
    /// range, so full range is tested on hand-made buffers below.)
    func testColorimetryFromUpstreamPicksTheMatrix() throws {
        for colorimetry in ["bt601", "bt709"] {
            for (pattern, colour) in [("green", (0, 255, 0)), ("red", (255, 0, 0)), ("white", (255, 255, 255))] {
                let frame = try firstFrame("videotestsrc pattern=\(pattern) ! video/x-raw,format=I420,width=320,height=240,colorimetry=\(colorimetry)")
                assertSolid(frame, colour, "\(pattern) in \(colorimetry)")
            }
        }
    }

    /// The matrix and range come from the caps, for each combination: a
    /// buffer of known Y, U and V against the standard equations. libyuv's
    /// SIMD paths hold the limited-range BT.709 and BT.2020 blue coefficient
    /// at 2.0 instead of 2.11, so blue gets a wider tolerance (a fully
    /// saturated BT.709 blue comes out as 243, not 255).
    func testColourMatrixAndRangeFollowTheCaps() throws {
        let matrices: [(name: String, code: Int, kr: Double, kb: Double)] = [
            ("BT.601", 4, 0.299, 0.114), ("BT.709", 3, 0.2126, 0.0722), ("BT.2020", 6, 0.2627, 0.0593),
        ]
        // Greys tell the ranges apart, the colours the matrices.
        let samples: [(Int, Int, Int)] = [(16, 128, 128), (235, 128, 128), (80, 104, 220), (180, 100, 100), (60, 160, 160)]
        for matrix in matrices {
            for full in [false, true] {
                let colorimetry = "\(full ? 1 : 2):\(matrix.code):5:1"
                for (y, u, v) in samples {
                    let frame = try XCTUnwrap(convertSolid(y: y, u: u, v: v, colorimetry: colorimetry))
                    let luma = full ? Double(y) / 255 : Double(y - 16) / 219
                    let pb = Double(u - 128) / (full ? 255 : 224), pr = Double(v - 128) / (full ? 255 : 224)
                    let r = luma + 2 * (1 - matrix.kr) * pr, b = luma + 2 * (1 - matrix.kb) * pb
                    let g = (luma - matrix.kr * r - matrix.kb * b) / (1 - matrix.kr - matrix.kb)
                    let expected = [r, g, b].map { Int((min(1, max(0, $0)) * 255).rounded()) }
                    let actual = frame.rgb(x: 3, y: 3)
                    let what = "YUV (\(y), \(u), \(v)) \(full ? "full" : "limited") range \(matrix.name): \(actual), expected \(expected)"
                    XCTAssertLessThanOrEqual(abs(actual.0 - expected[0]), 3, what)
                    XCTAssertLessThanOrEqual(abs(actual.1 - expected[1]), 3, what)
                    XCTAssertLessThanOrEqual(abs(actual.2 - expected[2]), 7, what)
                }
            }
        }
    }

    /// PQ (HDR10) video is tone-mapped for the screen: the reference white
    /// comes out near white, where read as ordinary video it would be a
    /// dull grey; black stays black, and SDR BT.2020 video is untouched.
    func testPQVideoIsToneMappedAndSDRIsNot() throws {
        // Y 143 in limited range is a signal of 0.58: 203 nits in PQ.
        let pq = try XCTUnwrap(convertSolid(y: 143, u: 128, v: 128, colorimetry: "bt2100-pq"))
        let sdr = try XCTUnwrap(convertSolid(y: 143, u: 128, v: 128, colorimetry: "bt2020"))
        XCTAssertGreaterThanOrEqual(pq.rgb(x: 3, y: 3).1, 230, "PQ reference white")
        XCTAssertEqual(Double(sdr.rgb(x: 3, y: 3).1), 148, accuracy: 3, "BT.2020 SDR grey as it is")
        let black = try XCTUnwrap(convertSolid(y: 16, u: 128, v: 128, colorimetry: "bt2100-pq"))
        XCTAssertEqual(black.rgb(x: 3, y: 3).1, 0)
    }

    /// A 16×16 I420 sample of one YUV colour, through FrameConverter itself.
    private func convertSolid(y: Int, u: Int, v: Int, colorimetry: String) -> VideoFrame? {
        let caps = gst_caps_from_string("video/x-raw,format=I420,width=16,height=16,framerate=30/1,colorimetry=\(colorimetry)")!
        defer { gst_caps_unref(caps) }
        var info = GstVideoInfo()
        guard gst_video_info_from_caps(&info, caps) != 0 else { return nil }
        let buffer = gst_buffer_new_allocate(nil, info.size, nil)!
        var map = GstMapInfo()
        _ = gst_buffer_map(buffer, &map, GST_MAP_WRITE)
        let cb = Int(info.offset.1), cr = Int(info.offset.2)
        memset(map.data, Int32(y), cb)
        memset(map.data + cb, Int32(u), cr - cb)
        memset(map.data + cr, Int32(v), Int(info.size) - cr)
        gst_buffer_unmap(buffer, &map)
        let sample = gst_sample_new(buffer, caps, nil, nil)!
        gst_buffer_unref(buffer)
        defer { gst_sample_unref(sample) }
        return FrameConverter().convert(sample, drawn: nil, rotation: 0)
    }

    // MARK: Size

    func testConvertsAtTheDrawnSizeButKeepsTheDisplaySize() throws {
        for format in ["I420", "NV12", "YV12", "BGRx"] + VideoSinkTests.deepFormats {
            let frame = try firstFrame("videotestsrc pattern=smpte ! video/x-raw,format=\(format),width=320,height=240") {
                $0.setDrawnSize(width: 160, height: 120)
            }
            XCTAssertEqual(frame.width, 160, format)
            XCTAssertEqual(frame.height, 120, format)
            XCTAssertEqual(frame.stride, 160 * 4, format)
            XCTAssertEqual(frame.displayWidth, 320, format)
            XCTAssertEqual(frame.displayHeight, 240, format)
            assertBars(frame, rotation: 0, scale: 0.5, "\(format) at 160×120")
        }
    }

    func testNeverUpscales() throws {
        let frame = try firstFrame("videotestsrc pattern=red ! video/x-raw,format=I420,width=320,height=240") {
            $0.setDrawnSize(width: 640, height: 480)
        }
        XCTAssertEqual(frame.width, 320)
        XCTAssertEqual(frame.height, 240)
        assertSolid(frame, (255, 0, 0), "drawn larger than the source")
    }

    /// A drawn rectangle of another shape is covered; the texture keeps the
    /// source's aspect ratio (GTK fits it when drawing).
    func testDrawnSizeOfAnotherShapeIsCoveredKeepingTheAspectRatio() throws {
        let frame = try firstFrame("videotestsrc pattern=white ! video/x-raw,format=I420,width=320,height=240") {
            $0.setDrawnSize(width: 100, height: 100)
        }
        XCTAssertEqual(frame.width, 134)
        XCTAssertEqual(frame.height, 100)
        XCTAssertEqual(frame.aspectRatio, 320.0 / 240, accuracy: 0.001)
        assertSolid(frame, (255, 255, 255), "white at 134×100")
    }

    func testPixelAspectRatioWidensTheDisplaySize() throws {
        let caps = "video/x-raw,format=I420,width=320,height=240,pixel-aspect-ratio=2/1"
        let frame = try firstFrame("videotestsrc pattern=smpte ! \(caps)")
        XCTAssertEqual(frame.width, 320)
        XCTAssertEqual(frame.height, 240)
        XCTAssertEqual(frame.displayWidth, 640)
        XCTAssertEqual(frame.displayHeight, 240)
        XCTAssertEqual(frame.aspectRatio, 640.0 / 240, accuracy: 0.001)

        // Drawn 320×120 on screen is 160×120 source pixels.
        let small = try firstFrame("videotestsrc pattern=smpte ! \(caps)") { $0.setDrawnSize(width: 320, height: 120) }
        XCTAssertEqual(small.width, 160)
        XCTAssertEqual(small.height, 120)
        XCTAssertEqual(small.displayWidth, 640)
        XCTAssertEqual(small.displayHeight, 240)
        assertBars(small, rotation: 0, scale: 0.5, "2:1 pixels at 160×120")
    }

    /// A webcam preview is a mirror: the bars come right to left; a
    /// webcam's YUY2 scaled down on the way.
    func testMirroredPictureIsFlippedLeftToRight() throws {
        for format in ["I420", "YUY2"] {
            let frame = try firstFrame("videotestsrc pattern=smpte ! video/x-raw,format=\(format),width=640,height=480") {
                $0.setMirrored(true)
                $0.setDrawnSize(width: 320, height: 240)
            }
            XCTAssertEqual(frame.width, 320)
            XCTAssertEqual(frame.height, 240)
            // Mirrored, the bars read as a 180° turn read upside down.
            for (index, colour) in VideoSinkTests.bars.enumerated() {
                let x = Int(320 - (Double(index) + 0.5) * 320 / 7)
                assertClose(frame.rgb(x: x, y: 20), colour, "\(format) bar \(index) mirrored")
            }
        }
    }

    /// In fill mode only the band that shows is scaled and converted: a
    /// 640 × 360 picture drawn 1024 × 576 in a 220-pixel strip.
    func testOnlyTheVisibleBandIsConverted() throws {
        let band = PictureCrop(x: 0, y: 178 / 576.0, width: 1, height: 220 / 576.0)
        let frame = try firstFrame("videotestsrc pattern=smpte ! video/x-raw,format=I420,width=640,height=360") {
            $0.setDrawnSize(width: 1024, height: 576, upscale: true, visible: band)
        }
        XCTAssertEqual(frame.width, 1024)
        XCTAssertEqual(frame.height, 224, "rows 110–250 of 360, at 1.6×")
        XCTAssertEqual(frame.crop.y, 110 / 360.0, accuracy: 1e-9)
        XCTAssertEqual(frame.crop.height, 140 / 360.0, accuracy: 1e-9)
        XCTAssertEqual(frame.displayWidth, 640, "the picture's shape is the whole picture's")
        // Its first row is the source's row 110: the top colour bars.
        for (index, colour) in VideoSinkTests.bars.enumerated() {
            assertClose(frame.rgb(x: Int((Double(index) + 0.5) * 1024 / 7), y: 2), colour, "bar \(index) in the band")
        }
    }

    // MARK: Rotation

    func testImageOrientationTagRotatesClockwise() throws {
        for rotation in [90, 180, 270] {
            let frame = try firstFrame("videotestsrc pattern=smpte ! video/x-raw,format=I420,width=320,height=240"
                                       + " ! taginject tags=\"image-orientation=rotate-\(rotation)\"")
            let quarter = rotation != 180
            XCTAssertEqual(frame.width, quarter ? 240 : 320, "rotate-\(rotation)")
            XCTAssertEqual(frame.height, quarter ? 320 : 240, "rotate-\(rotation)")
            XCTAssertEqual(frame.displayWidth, quarter ? 240 : 320, "rotate-\(rotation)")
            XCTAssertEqual(frame.displayHeight, quarter ? 320 : 240, "rotate-\(rotation)")
            assertBars(frame, rotation: rotation, scale: 1, "rotate-\(rotation)")
        }
    }

    /// The drawn size is the upright picture's: a portrait view of a
    /// rotated landscape stream converts at half size, then rotates.
    func testRotationWithDrawnSizeAndPixelAspect() throws {
        let frame = try firstFrame("videotestsrc pattern=smpte ! video/x-raw,format=NV12,width=320,height=240"
                                   + " ! taginject tags=\"image-orientation=rotate-90\"") {
            $0.setDrawnSize(width: 120, height: 160)
        }
        XCTAssertEqual(frame.width, 120)
        XCTAssertEqual(frame.height, 160)
        XCTAssertEqual(frame.displayWidth, 240)
        XCTAssertEqual(frame.displayHeight, 320)
        assertBars(frame, rotation: 90, scale: 0.5, "rotate-90 at 120×160")

        let wide = try firstFrame("videotestsrc pattern=smpte ! video/x-raw,format=I420,width=320,height=240,pixel-aspect-ratio=2/1"
                                  + " ! taginject tags=\"image-orientation=rotate-270\"")
        XCTAssertEqual(wide.width, 240)
        XCTAssertEqual(wide.height, 320)
        XCTAssertEqual(wide.displayWidth, 240, "2:1 pixels: 640×240 upright, 240×640 turned")
        XCTAssertEqual(wide.displayHeight, 640)
    }

    // MARK: Newest frame only

    func testKeepsOnlyTheNewestFrameWhenTheMainThreadIsBusy() throws {
        let run = try SinkRun("videotestsrc pattern=smpte num-buffers=30 ! video/x-raw,format=I420,width=320,height=240,framerate=30/1")
        // As fast as it can convert, while the main context is not iterated.
        let appsink = try XCTUnwrap(gst_bin_get_by_name(cast(run.sink.element), "frames"))
        PropertyValue.bool(false).set(on: UnsafeMutableRawPointer(appsink), "sync")
        gst_object_unref(UnsafeMutableRawPointer(appsink))
        XCTAssertEqual(run.pipeline.runToEnd(timeout: 30) { false }, .finished)
        XCTAssertEqual(run.frames.count, 0, "nothing reaches onFrame without the main context")

        _ = spinMainContext(timeout: 0.3) { false }
        XCTAssertEqual(run.frames.count, 1, "one delivery for a burst, not one per frame")
        XCTAssertEqual(run.frames.last?.pts, 29 * 1_000_000_000 / 30, "the newest frame is the one shown")
        // 30 buffers (the first also converted as the preroll): all but the shown one replaced.
        XCTAssertGreaterThanOrEqual(run.sink.droppedFrames.unshown, 29)
        XCTAssertLessThanOrEqual(run.sink.droppedFrames.unshown, 30)
        XCTAssertEqual(run.sink.droppedFrames.late, 0)
    }

    func testFramesArriveInOrderOnTheMainThread() throws {
        let run = try SinkRun("videotestsrc num-buffers=10 ! video/x-raw,format=I420,width=64,height=48,framerate=30/1")
        var threads: Set<Bool> = []
        run.sink.onFrame = { [unowned run] frame in
            run.frames.append(frame)
            threads.insert(Thread.isMainThread && MainContext.isOwner)
        }
        run.pipeline.setState(GST_STATE_PLAYING)
        XCTAssertTrue(spinMainContext(timeout: 20) { run.frames.last?.pts == 9 * 1_000_000_000 / 30 })
        XCTAssertEqual(threads, [true])
        let times = run.frames.compactMap(\.pts)
        XCTAssertEqual(times, times.sorted(), "never an older frame after a newer one")
    }

    // MARK: Refresh

    func testRefreshConvertsThePausedFrameAgainAtTheNewDrawnSize() throws {
        let run = try SinkRun("videotestsrc pattern=smpte ! video/x-raw,format=I420,width=320,height=240,framerate=30/1")
        run.sink.refresh() // nothing to convert yet: no frame, no crash
        run.pipeline.setState(GST_STATE_PAUSED)
        XCTAssertEqual(run.pipeline.waitForAsyncDone(timeout: 20), .finished)
        XCTAssertTrue(spinMainContext(timeout: 10) { run.frames.count == 1 })
        let first = try XCTUnwrap(run.frames.first)
        XCTAssertEqual(first.width, 320)

        run.sink.setDrawnSize(width: 160, height: 120)
        XCTAssertFalse(spinMainContext(timeout: 0.2) { run.frames.count > 1 }, "paused: nothing new without refresh")
        run.sink.refresh()
        XCTAssertTrue(spinMainContext(timeout: 10) { run.frames.count == 2 })
        let again = try XCTUnwrap(run.frames.last)
        XCTAssertEqual(again.width, 160)
        XCTAssertEqual(again.height, 120)
        XCTAssertEqual(again.displayWidth, 320)
        XCTAssertEqual(again.displayHeight, 240)
        XCTAssertEqual(again.pts, first.pts, "the same picture")
        assertBars(again, rotation: 0, scale: 0.5, "refreshed at 160×120")
    }

    // MARK: Memory

    func testPoolHandsBackAReleasedBuffer() {
        let pool = FramePool()
        let (bytes, memory) = pool.bytes(size: 4096)
        var size: gsize = 0
        XCTAssertEqual(g_bytes_get_data(bytes, &size), UnsafeRawPointer(memory))
        XCTAssertEqual(size, 4096)
        g_bytes_unref(bytes)
        let (again, reused) = pool.bytes(size: 4096)
        XCTAssertEqual(reused, memory, "a released buffer is reused, not reallocated")
        let (other, fresh) = pool.bytes(size: 4096)
        XCTAssertNotEqual(fresh, memory, "a buffer still lent out is never handed out twice")
        g_bytes_unref(again)
        g_bytes_unref(other)
    }

    /// 300 frames of 640×480 (1.2 MB each, 360 MB if none came back):
    /// delivered, held a little, dropped, and the process barely grows.
    func testMemoryStaysFlatOverManyFrames() throws {
        func residentBytes() -> Int {
            let fields = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8))?.split(separator: " ") ?? []
            return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
        }
        func run(_ buffers: Int) throws -> Int {
            let run = try SinkRun("videotestsrc pattern=ball num-buffers=\(buffers) ! video/x-raw,format=I420,width=640,height=480,framerate=30/1")
            let appsink = try XCTUnwrap(gst_bin_get_by_name(cast(run.sink.element), "frames"))
            PropertyValue.bool(false).set(on: UnsafeMutableRawPointer(appsink), "sync")
            gst_object_unref(UnsafeMutableRawPointer(appsink))
            var delivered = 0
            var held: [VideoFrame] = []
            run.sink.onFrame = { frame in
                delivered += 1
                held.append(frame)
                if held.count > 2 { held.removeFirst() } // like GTK keeping the last textures
            }
            let end = run.playToEnd(timeout: 60)
            XCTAssertNotNil(end)
            if let end { XCTAssertEqual(end, GST_MESSAGE_EOS) }
            return delivered
        }
        _ = try run(30) // warm up: the allocator and GStreamer's pools find their size
        let before = residentBytes()
        let delivered = try run(300)
        let grown = residentBytes() - before
        XCTAssertGreaterThan(delivered, 10, "frames reached the main thread")
        XCTAssertLessThan(grown, 40 << 20, "grew by \(grown >> 20) MB over 300 frames of 1.2 MB")
    }

    // MARK: - Helpers

    /// 10-bit and 4:2:2 / 4:4:4 formats, converted by libyuv too.
    static let deepFormats = ["I420_10LE", "P010_10LE", "Y42B", "I422_10LE", "Y444", "Y444_10LE"]

    static let solids: [(String, (Int, Int, Int))] = [
        ("red", (255, 0, 0)), ("green", (0, 255, 0)), ("blue", (0, 0, 255)),
        ("white", (255, 255, 255)), ("black", (0, 0, 0)),
    ]

    /// videotestsrc's SMPTE bars, top two thirds, left to right (its
    /// "smpte" pattern draws them at full intensity).
    static let bars: [(Int, Int, Int)] = [
        (255, 255, 255), (255, 255, 0), (0, 255, 255), (0, 255, 0), (255, 0, 255), (255, 0, 0), (0, 0, 255),
    ]

    /// The first frame the sink delivers for `source` (prerolled, PAUSED).
    private func firstFrame(_ source: String, sink: VideoSink = VideoSink(), configure: (VideoSink) -> Void = { _ in },
                            file: StaticString = #filePath, line: UInt = #line) throws -> VideoFrame {
        let run = try SinkRun(source, sink: sink)
        configure(run.sink)
        run.pipeline.setState(GST_STATE_PAUSED)
        XCTAssertEqual(run.pipeline.waitForAsyncDone(timeout: 20), .finished, source, file: file, line: line)
        XCTAssertTrue(spinMainContext(timeout: 10) { !run.frames.isEmpty }, "no frame from \(source)", file: file, line: line)
        run.pipeline.setState(GST_STATE_NULL)
        return try XCTUnwrap(run.frames.first, file: file, line: line)
    }

    private func assertClose(_ actual: (Int, Int, Int), _ expected: (Int, Int, Int), tolerance: Int = 12,
                             _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let close = abs(actual.0 - expected.0) <= tolerance && abs(actual.1 - expected.1) <= tolerance
            && abs(actual.2 - expected.2) <= tolerance
        XCTAssertTrue(close, "\(what): \(actual), expected \(expected)", file: file, line: line)
    }

    /// Corners, edges' middles and the centre.
    private func assertSolid(_ frame: VideoFrame, _ colour: (Int, Int, Int), _ what: String,
                             file: StaticString = #filePath, line: UInt = #line) {
        let xs = [0, frame.width / 2, frame.width - 1], ys = [0, frame.height / 2, frame.height - 1]
        for y in ys {
            for x in xs { assertClose(frame.rgb(x: x, y: y), colour, "\(what) at (\(x), \(y))", file: file, line: line) }
        }
    }

    /// The middle of each bar, a sixth of the way down a 320×240 source,
    /// where it lands after `rotation` clockwise and scaling by `scale`.
    private func assertBars(_ frame: VideoFrame, rotation: Int, scale: Double, _ what: String,
                            file: StaticString = #filePath, line: UInt = #line) {
        let width = 320.0, height = 240.0, y = 40.0
        for (index, colour) in VideoSinkTests.bars.enumerated() {
            let x = (Double(index) + 0.5) * width / 7
            let (rx, ry): (Double, Double)
            switch rotation {
            case 90: (rx, ry) = (height - 1 - y, x)
            case 180: (rx, ry) = (width - 1 - x, height - 1 - y)
            case 270: (rx, ry) = (y, width - 1 - x)
            default: (rx, ry) = (x, y)
            }
            let px = Int(rx * scale), py = Int(ry * scale)
            assertClose(frame.rgb(x: px, y: py), colour, "\(what): bar \(index) at (\(px), \(py))", file: file, line: line)
        }
    }
}

/// `source ! identity ! VideoSink().element` in a pipeline of its own, with
/// the delivered frames collected.
final class SinkRun {
    let pipeline: LaunchPipeline
    let sink: VideoSink
    var frames: [VideoFrame] = []

    init(_ source: String, sink: VideoSink = VideoSink()) throws {
        pipeline = try LaunchPipeline(source + " ! identity name=tail")
        self.sink = sink
        let bin: UnsafeMutablePointer<GstBin> = cast(pipeline.element)
        guard gst_bin_add(bin, sink.element) != 0,
              let tail = pipeline.child("tail"),
              gst_element_link(tail.cast(), sink.element) != 0 else {
            throw GLibError(domain: "test", code: 0, message: "could not link the sink after \(source)")
        }
        sink.onFrame = { [unowned self] in self.frames.append($0) }
        // No quality-of-service events upstream: a loaded machine would
        // have the decoder and the deinterlacer skip late frames, breaking
        // the film cadence these tests look at. The frames still come at
        // their times (sync), and a busy main thread still misses some.
        if let appsink = gst_bin_get_by_name(cast(sink.element), "frames") {
            PropertyValue.bool(false).set(on: UnsafeMutableRawPointer(appsink), "qos")
            gst_object_unref(UnsafeMutableRawPointer(appsink))
        }
    }

    /// Plays to the end (or an error) while the main context runs, then
    /// lets the last frames reach the main thread: the message type that
    /// ended it, nil when `timeout` seconds passed first.
    func playToEnd(timeout: Double) -> GstMessageType? {
        pipeline.setState(GST_STATE_PLAYING)
        let bus = gst_element_get_bus(pipeline.element)!
        defer { gst_object_unref(UnsafeMutableRawPointer(bus)) }
        var end: GstMessageType?
        let deadline = Date().addingTimeInterval(timeout)
        while end == nil && Date() < deadline {
            MainContext.iterate(mayBlock: false)
            if let message = gst_bus_timed_pop_filtered(bus, 1_000_000, GstMessageType(rawValue: GST_MESSAGE_EOS.rawValue | GST_MESSAGE_ERROR.rawValue)) {
                end = message.pointee.type
                gst_message_unref(message)
            }
        }
        _ = spinMainContext(timeout: 0.2) { false }
        return end
    }

    deinit {
        pipeline.setState(GST_STATE_NULL)
        sink.onFrame = nil
    }
}
