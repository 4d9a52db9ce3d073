import CGLib
import CGst
import Foundation
import GLibKit
import ReelCore
import XCTest
@testable import ReelMedia

/// Saving a part of a web video for the movie maker, from a real nginx on
/// 127.0.0.1: a progressive MP4 and an HLS stream saved and decoded back
/// (which frames, how long), and every way a server fails ending in words
/// with no file left.
final class VideoPartSaverTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        try MediaSystem.initialize()
        folder = MediaFixture.shared.makeFolder("parts")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Everything in the saver's folder, hidden files too (none if it was never made).
    private func files() -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    }

    private func serving(_ path: String, as name: String, slowRate: String? = nil) throws -> NginxFixture {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try NginxFixture(files: [name: data], slowPath: slowRate.map { _ in "/" + name }, slowRate: slowRate ?? "1k")
    }

    /// The counter clip at 25 fps (frame i its number), 1.0 s to 2.0 s:
    /// frames 25 to 49, the one at 2.0 s left out.
    func testAPartOfAProgressiveMP4KeepsItsFramesFromStartToJustBeforeEnd() throws {
        let server = try serving(MovieFixture.shared.counter25, as: "counter.mp4")
        defer { server.stop() }
        var progress: [Double] = []
        let outcome = VideoPartSaver(uri: server.url("counter.mp4"), start: 1.0, end: 2.0, folder: folder).run {
            progress.append($0)
        }
        guard case .saved(let path) = outcome else { return XCTFail("not saved: \(outcome)") }
        XCTAssertTrue(path.hasPrefix(folder + "/") && path.hasSuffix(".mp4"), path)
        XCTAssertEqual(files(), [(path as NSString).lastPathComponent], "the part alone, no hidden file")
        XCTAssertEqual(progress.last, 1)
        let part = try DecodedMovie(path)
        XCTAssertEqual(Double(part.videoDuration), 1e9, accuracy: 1e9 / 25, "a second, within a frame")
        XCTAssertEqual(part.frames.first.map(MovieFixture.counterFrame), 25, "the frame at 1.0 s first")
        XCTAssertEqual(part.frames.last.map(MovieFixture.counterFrame), 49, "the frame at 1.96 s last")
        XCTAssertEqual(part.frames.map(MovieFixture.counterFrame), Array(25...49), "every frame between, once")
        XCTAssertEqual(part.frames.first?.width, 192, "the source's own size")
        XCTAssertEqual(part.frames.first?.height, 108)
    }

    /// The counter clip at 30 fps with a tone, cut by hlssink2 into
    /// segments of about a second (at its keyframes, every ten frames) and
    /// served by nginx: hlsdemux2 under GES's render, sought to the part's
    /// start on the stream's own clock, where the player's position is.
    func testAPartOfAnHLSStreamLastsAsAskedFromTheFrameAtItsStart() throws {
        let hls = MediaFixture.shared.makeFolder("counter-hls")
        let make = try LaunchPipeline("""
            filesrc location="\(MovieFixture.shared.counter)" ! qtdemux ! h264parse ! queue ! hls.video \
            audiotestsrc freq=440 volume=0.5 num-buffers=100 samplesperbuffer=960 ! audio/x-raw,rate=48000,channels=2 \
            ! audioconvert ! avenc_aac ! aacparse ! queue ! hls.audio \
            hlssink2 name=hls target-duration=1 max-files=0 playlist-length=0 \
            location=\(hls)/segment%05d.ts playlist-location=\(hls)/index.m3u8
            """)
        XCTAssertEqual(make.runToEnd(timeout: 60, isCancelled: { false }), .finished)
        make.setState(GST_STATE_NULL)
        let server = try NginxFixture(root: URL(fileURLWithPath: hls))
        defer { server.stop() }
        // The stream's picture starts a little after 0 (after its sound):
        // frame k is shown from first + k / 30 s, as the player counts.
        let first = try XCTUnwrap(firstFrameTime(server.url("index.m3u8")))
        XCTAssertGreaterThan(first, 0, "not on the grid from 0, so the part's frames are counted from there")
        func frameShown(at seconds: Double) -> Int { Int(((seconds * 1e9 - Double(first)) * 30 / 1e9).rounded(.down)) }
        let outcome = VideoPartSaver(uri: server.url("index.m3u8"), start: 0.5, end: 1.5, folder: folder).run()
        guard case .saved(let path) = outcome else { return XCTFail("not saved: \(outcome)") }
        XCTAssertEqual(files(), [(path as NSString).lastPathComponent])
        let part = try DecodedMovie(path)
        let frames = part.frames.map(MovieFixture.counterFrame)
        XCTAssertEqual(frames, Array(frameShown(at: 0.5)...frameShown(at: 1.5 - 1e-9)),
                       "the frame shown at 0.5 s first, the one shown just before 1.5 s last")
        // Frames that straddle the marks come whole: within a frame of a second.
        XCTAssertEqual(Double(part.videoDuration), Double(frames.count) * 1e9 / 30, accuracy: 1e6)
        XCTAssertLessThanOrEqual(abs(Double(part.videoDuration) - 1e9), 1e9 / 30 + 1e6, "a second, within a frame")
        XCTAssertGreaterThan(part.rms(from: 200_000_000, to: 800_000_000), 0.1, "its sound came along")
    }

    /// The stream time of a stream's first decoded picture, read here on
    /// its own (uridecodebin, as the player reads it).
    private func firstFrameTime(_ uri: String) throws -> Int64? {
        let pipeline = try LaunchPipeline("uridecodebin name=in caps=video/x-raw ! appsink name=frames sync=false")
        pipeline.set("in", "uri", string: uri)
        pipeline.setState(GST_STATE_PAUSED)
        guard pipeline.waitForAsyncDone(timeout: 30) == .finished, let sink = pipeline.child("frames"),
              let sample = gst_app_sink_try_pull_preroll(sink.cast(), 0) else { return nil }
        defer { gst_sample_unref(sample) }
        let pts = gst_sample_get_buffer(sample)!.pointee.pts
        return Int64(gst_segment_to_stream_time(gst_sample_get_segment(sample), GST_FORMAT_TIME, pts))
    }

    func testANotFoundAddressSaysSoAndLeavesNoFile() throws {
        let server = try NginxFixture(files: [:], statuses: ["/gone.mp4": 404])
        defer { server.stop() }
        let outcome = VideoPartSaver(uri: server.url("gone.mp4"), start: 0, end: 1, folder: folder).run()
        XCTAssertEqual(outcome, .failed(.webStatus("HTTP 404 (Not Found)")))
        XCTAssertEqual(files(), [])
    }

    func testAServerThatIsNotThereSaysSoAndLeavesNoFile() throws {
        let port = NginxFixture.freePort()
        let outcome = VideoPartSaver(uri: "http://127.0.0.1:\(port)/video.mp4", start: 0, end: 1, folder: folder).run()
        XCTAssertEqual(outcome, .failed(.unreachable("127.0.0.1:\(port)")))
        XCTAssertEqual(files(), [])
    }

    /// A server that takes the connection and never answers: the save ends
    /// by its time limit (the test would hang otherwise).
    func testASilentServerEndsByTheTimeLimitAndLeavesNoFile() throws {
        let server = try SilentServer()
        defer { server.stop() }
        let outcome = VideoPartSaver(uri: server.url("video.mp4"), start: 0, end: 1, folder: folder, timeout: 2).run()
        XCTAssertEqual(outcome, .failed(.noAnswer("127.0.0.1:\(server.port)")))
        XCTAssertGreaterThan(server.connections, 0, "it did connect")
        XCTAssertEqual(files(), [])
    }

    func testCancellingLeavesNoFile() throws {
        let server = try serving(MovieFixture.shared.noise, as: "noise.mp4")
        defer { server.stop() }
        let saver = VideoPartSaver(uri: server.url("noise.mp4"), start: 0, end: 2, folder: folder)
        final class Seen: @unchecked Sendable { var progress: [Double] = []; var outcome: VideoPartSaver.Outcome? }
        let seen = Seen()
        saver.start(onProgress: { fraction in
            seen.progress.append(fraction)
            if fraction > 0 { saver.cancel() }
        }, onFinished: { seen.outcome = $0 })
        XCTAssertTrue(spinMainContext(timeout: 60) { seen.outcome != nil })
        XCTAssertEqual(seen.outcome, .cancelled)
        XCTAssertFalse(seen.progress.isEmpty, "progress was reported on the main thread")
        XCTAssertEqual(files(), [], "nothing is left, hidden or not")
    }

    /// The server goes away once the part has begun coming (nginx serves
    /// the file slowly, so most of it is still to come): the save ends as
    /// a connection lost, and its half file is removed.
    func testAStreamThatBreaksMidwayIsAConnectionLostAndLeavesNoFile() throws {
        let server = try serving(MovieFixture.shared.noise, as: "noise.mp4", slowRate: "200k")
        defer { server.stop() }
        let outcome = VideoPartSaver(uri: server.url("noise.mp4"), start: 0, end: 2, folder: folder).run { fraction in
            if fraction > 0 { server.stop() }
        }
        XCTAssertEqual(outcome, .failed(.connectionLost("127.0.0.1:\(server.port)")))
        XCTAssertEqual(files(), [])
    }
}
