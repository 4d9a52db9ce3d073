import XCTest
@testable import ReelCore

/// The part of a web video saved for the movie maker: which frames it
/// keeps, what it is exported as, and the words for a server's failures.
final class VideoPartTests: XCTestCase {
    private let second: Int64 = 1_000_000_000

    private func clip(_ rate: FrameRate, seconds: Int64 = 10) -> MovieClip {
        MovieClip(uri: "http://example.com/video.mp4", sourceDuration: seconds * second, frameRate: rate,
                  width: 1280, height: 720)
    }

    func testMarksOnFrameStartsKeepThoseFramesWithTheEndLeftOut() {
        let part = VideoPart(start: 1.0, end: 2.0).trimmed(clip(FrameRate(25)))
        XCTAssertEqual(part.trimIn, second, "frame 25 first")
        XCTAssertEqual(part.trimOut, 2 * second, "frame 49 last: the frame at 2.0 s is not in")
    }

    /// A mark in a frame's second half: the nearest frame start would
    /// begin a frame late and end a frame early.
    func testMarksInsideFramesKeepTheFramesShownAtThem() {
        let rate = FrameRate(25)
        let part = VideoPart(start: 1.03, end: 1.99).trimmed(clip(rate))
        XCTAssertEqual(part.trimIn, rate.time(ofFrame: 25), "1.03 s shows frame 25 (1.00–1.04)")
        XCTAssertEqual(part.trimOut, rate.time(ofFrame: 50), "just before 1.99 s shows frame 49, the last kept")
        let ntsc = FrameRate(30000, 1001)
        let start = Double(ntsc.time(ofFrame: 300) + 1) / 1e9, end = Double(ntsc.time(ofFrame: 360)) / 1e9
        let exact = VideoPart(start: start, end: end).trimmed(clip(ntsc, seconds: 60))
        XCTAssertEqual(exact.trimIn, ntsc.time(ofFrame: 300))
        XCTAssertEqual(exact.trimOut, ntsc.time(ofFrame: 360), "a player's position read back in nanoseconds is exact")
    }

    /// An HLS stream whose picture starts 0.125 s in: frame k is shown from
    /// 0.125 + k / 30 s, and the part is counted on that grid.
    func testAStreamWhosePictureStartsLateIsCutOnItsOwnFrames() {
        let rate = FrameRate(30), first: Int64 = 125_000_000
        let part = VideoPart(start: 0.5, end: 1.5).trimmed(clip(rate), firstFrame: first)
        XCTAssertEqual(part.trimIn, first + rate.time(ofFrame: 11), "0.5 s shows frame 11 (0.492–0.525)")
        XCTAssertEqual(part.trimOut, first + rate.time(ofFrame: 42), "just before 1.5 s shows frame 41, the last kept")
        XCTAssertEqual(Double(part.duration), 31e9 / 30, accuracy: 1, "31 frames: the two that straddle the marks come whole")
        let before = VideoPart(start: 0, end: 1).trimmed(clip(rate), firstFrame: first)
        XCTAssertEqual(before.trimIn, first, "nothing is shown before the first frame")
    }

    func testAPartPastTheEndOrTooShortIsKeptInsideTheSource() {
        let tail = VideoPart(start: 9.5, end: 12).trimmed(clip(FrameRate(25)))
        XCTAssertEqual(tail.trimOut, 10 * second)
        let tiny = VideoPart(start: 3, end: 3).trimmed(clip(FrameRate(25)))
        XCTAssertEqual(tiny.duration, tiny.shortestDuration)
    }

    func testAVariableRateClipKeepsItsMarksToTheMillisecond() {
        let part = VideoPart(start: 1.0234, end: 2.5).trimmed(clip(FrameRate(30, isVariable: true)))
        XCTAssertEqual(part.trimIn, 1_023_000_000)
        XCTAssertEqual(part.trimOut, 2_500_000_000)
    }

    func testThePartIsAnMP4OfTheClipsOwnShapeSizeAndRate() {
        let portrait = MovieClip(uri: "http://example.com/v.m3u8", sourceDuration: 10 * second,
                                 frameRate: FrameRate(30000, 1001), width: 406, height: 720)
        let edit = VideoPart(start: 1, end: 3).edit(of: portrait)
        XCTAssertEqual(edit.clips.count, 1)
        XCTAssertEqual(edit.output.container, .mp4)
        XCTAssertNil(edit.output.sizeLimit)
        XCTAssertNil(edit.output.gif)
        XCTAssertEqual(edit.frameSize.width, 406)
        XCTAssertEqual(edit.frameSize.height, 720)
        XCTAssertEqual(edit.frameRate, FrameRate(30000, 1001))
        XCTAssertEqual(edit.clipSound, .keep)
        XCTAssertNil(edit.music)
    }

    func testAServersFailuresAreWordedByWhenTheyCame() {
        let host = "example.com"
        XCTAssertEqual(VideoPart.problem(host: host, status: 404, failure: nil, begun: false), .webStatus("HTTP 404 (Not Found)"))
        XCTAssertEqual(VideoPart.problem(host: host, status: 503, failure: nil, begun: true),
                       .webStatus("HTTP 503 (Service Unavailable)"))
        XCTAssertEqual(VideoPart.problem(host: host, status: nil, failure: .refused, begun: false), .unreachable(host))
        XCTAssertEqual(VideoPart.problem(host: host, status: nil, failure: .unknownHost, begun: false), .unreachable(host))
        XCTAssertEqual(VideoPart.problem(host: host, status: nil, failure: .timedOut, begun: false), .noAnswer(host))
        // It had answered: whatever it does now, the connection was lost.
        XCTAssertEqual(VideoPart.problem(host: host, status: nil, failure: .refused, begun: true), .connectionLost(host))
        XCTAssertEqual(VideoPart.problem(host: host, status: nil, failure: .timedOut, begun: true), .connectionLost(host))
        XCTAssertNil(VideoPart.problem(host: host, status: nil, failure: nil, begun: true), "a server that answers is not to blame")
    }

    func testTheWordsNameTheServer() {
        XCTAssertEqual(VideoPart.host(ofURI: "https://example.com/a/b.m3u8"), "example.com")
        XCTAssertEqual(VideoPart.host(ofURI: "http://127.0.0.1:8080/v.mp4"), "127.0.0.1:8080")
        XCTAssertEqual(MovieProblem.webStatus("HTTP 404 (Not Found)").text,
                       "The server answered “HTTP 404 (Not Found)”, so the part was not saved.")
        XCTAssertEqual(MovieProblem.unreachable("example.com").text, "“example.com” could not be reached, so the part was not saved.")
        XCTAssertEqual(MovieProblem.noAnswer("example.com").text, "“example.com” did not answer in time, so the part was not saved.")
        XCTAssertEqual(MovieProblem.connectionLost("example.com").text,
                       "The connection to “example.com” was lost before the part was saved.")
        XCTAssertEqual([MovieProblem.webStatus(""), .unreachable(""), .noAnswer(""), .connectionLost("")].map(\.kind),
                       ["web-status", "unreachable", "no-answer", "connection-lost"])
    }
}
