import XCTest
@testable import ReelCore

/// "Fit under N MB": the video's bit rate from the limit, the movie's
/// length and its sound's rate; a movie too long for its limit is said
/// before the export starts.
final class MovieSizeLimitTests: XCTestCase {
    private let second: Int64 = 1_000_000_000

    func testTheBudgetFillsTheLimitLessTheSoundAndTheContainersShare() {
        let limit = MovieSizeLimit(megabytes: 25)
        // 25 MB over 60 s: 3.1667 Mbit/s for the streams, less 128 kbit/s of sound.
        XCTAssertEqual(limit.videoBitrate(duration: 60 * second, audioBitrate: 128_000, highest: .max), 3_038_666)
        // A short movie needs no more than its usual rate.
        XCTAssertEqual(limit.videoBitrate(duration: second, audioBitrate: 128_000, highest: 5_000_000), 5_000_000)
        // 8 MB cannot hold ten minutes worth watching.
        XCTAssertNil(MovieSizeLimit(megabytes: 8).videoBitrate(duration: 600 * second, audioBitrate: 128_000, highest: .max))
        // Every length the bench measures, from 10 s to 5 min, fits under 25 MB.
        for seconds: Int64 in [10, 30, 60, 120, 300] {
            let rate = limit.videoBitrate(duration: seconds * second, audioBitrate: 128_000, highest: .max)!
            let bytes = Double(rate + 128_000) * Double(seconds) / 8
            XCTAssertEqual(bytes / Double(limit.bytes), 0.95, accuracy: 0.001)
        }
        XCTAssertEqual(MovieSizeLimit(megabytes: 0).megabytes, 1)
        XCTAssertEqual(limit.label, "25 MB")
    }

    func testTheOutputsRateIsTheLimitsWhenThereIsOne() {
        let x264 = RecordingFormat(container: .mp4, videoEncoder: "x264enc", audioEncoder: "voaacenc")
        var output = MovieOutput()
        let usual = output.videoBitrate(format: x264, frame: (1280, 720), framesPerSecond: 30, duration: 60 * second)
        XCTAssertEqual(usual, RecordingFormat.videoBitrate(width: 1280, height: 720, framesPerSecond: 30))
        output.sizeLimit = MovieSizeLimit(megabytes: 8)
        XCTAssertEqual(output.videoBitrate(format: x264, frame: (1280, 720), framesPerSecond: 30, duration: 60 * second),
                       885_333)
        // Held even where the picture needs less: x264's filler.
        XCTAssertEqual(x264.videoEncoderProperties(bitrate: 885_333, framesPerSecond: 30, padded: true)["option-string"], "nal-hrd=cbr")
        XCTAssertNil(x264.videoEncoderProperties(bitrate: 885_333, framesPerSecond: 30)["option-string"])
    }

    func testATooLongMovieIsSaidAndTheLimitIsSaved() throws {
        var edit = MovieEdit()
        edit.clips = [MovieClip(uri: "file:///long.mp4", sourceDuration: 900 * second, frameRate: FrameRate(30),
                                width: 1920, height: 1080)]
        XCTAssertNil(edit.exportBlocker(missing: [], hasEncoder: true))
        edit.output.sizeLimit = MovieSizeLimit(megabytes: 8)
        XCTAssertEqual(edit.exportBlocker(missing: [], hasEncoder: true), .tooLongForLimit("8 MB"))
        XCTAssertEqual(MovieProblem.tooLongForLimit("8 MB").text,
                       "The movie is too long to fit under 8 MB. Choose a larger limit or shorten it.")
        edit.output.sizeLimit = MovieSizeLimit(megabytes: 100)
        XCTAssertNil(edit.exportBlocker(missing: [], hasEncoder: true))
        let document = MovieDocument(edit: edit)
        XCTAssertEqual(try MovieDocument.decode(document.encode(), id: document.id).edit.output.sizeLimit?.megabytes, 100)
    }
}
