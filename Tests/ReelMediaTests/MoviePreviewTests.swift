import CGLib
import CGst
import Foundation
import GLibKit
import ReelCore
import XCTest
@testable import ReelMedia

/// The movie being edited plays through GES into Reel's own video sink:
/// the frames the page would draw, at the trimmed starts, to the end.
final class MoviePreviewTests: XCTestCase {
    private let second: Int64 = 1_000_000_000

    override func setUpWithError() throws {
        try MediaSystem.initialize()
    }

    /// What a preview hands on: its frames and its events.
    private final class Seen {
        var frames: [VideoFrame] = []
        var events: [MoviePreview.Event] = []
    }

    /// A preview of `edit` into a sink, with what it hands on collected.
    private func watched(_ edit: MovieEdit) throws -> (MoviePreview, Seen) {
        let seen = Seen()
        let sink = VideoSink()
        sink.onFrame = { seen.frames.append($0) }
        let preview = try MoviePreview(edit: edit, videoSink: sink)
        preview.onEvent = { seen.events.append($0) }
        return (preview, seen)
    }

    func testThePreviewShowsEachClipsTrimmedStartAndPlaysToTheEnd() throws {
        var landscape = try MovieSource.clip(MediaFixture.uri(MovieFixture.shared.landscape))
        var portrait = try MovieSource.clip(MediaFixture.uri(MovieFixture.shared.portrait))
        landscape.trim(from: second, to: 1_500_000_000)
        portrait.trim(from: second, to: 1_400_000_000)
        var edit = MovieEdit()
        edit.clips = [landscape, portrait]
        let (preview, seen) = try watched(edit)
        XCTAssertEqual(preview.duration, edit.plan.duration)

        preview.pause()
        XCTAssertTrue(spinMainContext(timeout: 20) { seen.events.contains(.ready) && !seen.frames.isEmpty }, "\(seen.events)")
        assertWhite(try XCTUnwrap(seen.frames.last), "the first clip's trimmed start")

        seen.events = []
        seen.frames = []
        preview.seek(to: edit.plan.placements[1].start)
        XCTAssertTrue(spinMainContext(timeout: 20) { seen.events.contains(.ready) && !seen.frames.isEmpty }, "\(seen.events)")
        let second = try XCTUnwrap(seen.frames.last)
        assertWhite(second, "the second clip's trimmed start")
        // Portrait in a landscape frame: black beside it.
        let bar = second.rgb(x: 4, y: second.height / 2)
        XCTAssertTrue(bar.0 < 30 && bar.1 < 30 && bar.2 < 30, "a black bar, not \(bar)")

        preview.play()
        XCTAssertTrue(spinMainContext(timeout: 20) { seen.events.contains(.ended) }, "\(seen.events)")
        let last = try XCTUnwrap(seen.frames.last).rgb(x: seen.frames.last!.width / 2, y: seen.frames.last!.height / 2)
        XCTAssertTrue(last.2 > 200 && last.0 < 60, "ends on the portrait clip's blue, not \(last)")
    }

    /// A title card with a red background and its words, a caption over
    /// the clip after it: the preview's frame at a time is the export's,
    /// pixel for pixel within a few code values (one drawing, one blend,
    /// the export's encoding the only difference).
    func testThePreviewShowsWhatTheExportHasAtTheSameTime() throws {
        var clip = try MovieSource.clip(MediaFixture.uri(MovieFixture.shared.landscape))
        clip.trim(from: 1_500_000_000, to: 2_500_000_000)
        var editor = MovieEditor()
        editor.add([clip])
        editor.addTitle("Reel", background: .colour(MovieColor(red: 200, green: 30, blue: 30)), at: 0)
        editor.addOverlay(.caption("Hello", over: editor.edit.clips[1].id))
        let edit = editor.edit
        let times = [edit.plan.placements[0].start + 1_500_000_000, edit.plan.placements[1].start + 500_000_000]

        let folder = MediaFixture.shared.makeFolder("movie-preview-out")
        guard case .saved(let path) = MovieRenderer(edit: edit, folder: folder).run() else { return XCTFail("not saved") }
        defer { unlink(path) }
        let movie = try DecodedMovie(path)

        let (preview, seen) = try watched(edit)
        preview.pause()
        XCTAssertTrue(spinMainContext(timeout: 20) { seen.events.contains(.ready) && !seen.frames.isEmpty }, "\(seen.events)")
        for time in times {
            seen.events = []
            seen.frames = []
            preview.seek(to: time)
            XCTAssertTrue(spinMainContext(timeout: 20) { seen.events.contains(.ready) && !seen.frames.isEmpty }, "\(seen.events)")
            let shown = try XCTUnwrap(seen.frames.last)
            let exported = try XCTUnwrap(movie.frame(at: time))
            var differences: [Int] = []
            for y in stride(from: 4, to: 176, by: 8) {
                for x in stride(from: 4, to: 316, by: 8) {
                    let a = shown.rgb(x: x, y: y), b = exported.colour(x: x, y: y)
                    differences.append(max(abs(a.0 - b.0), abs(a.1 - b.1), abs(a.2 - b.2)))
                }
            }
            differences.sort()
            // The encoder's loss: most points within a few values, a few
            // on the letters' edges more.
            XCTAssertLessThanOrEqual(differences[differences.count / 2], 6, "at \(time): median difference")
            XCTAssertLessThanOrEqual(differences[differences.count * 95 / 100], 40, "at \(time): nearly everywhere")
        }
        let card = try XCTUnwrap(movie.frame(at: times[0])).colour(x: 10, y: 10)
        XCTAssertTrue(card.0 > 170 && card.1 < 60, "the card's red, not \(card)")
    }

    /// Seeking into clips at 0.75× and 2×: each time shows the source
    /// frame the export has there (the seek goes through the speed, onto
    /// the source's frames).
    func testSeekingIntoClipsAtOtherSpeedsShowsTheirSourceFrames() throws {
        let rate = FrameRate(30)
        var slow = try MovieSource.clip(MediaFixture.uri(MovieFixture.shared.counter))
        var fast = slow
        slow.trim(from: rate.time(ofFrame: 10), to: rate.time(ofFrame: 40))
        slow.setSpeed(0.75)
        fast.trim(from: rate.time(ofFrame: 20), to: rate.time(ofFrame: 60))
        fast.setSpeed(2)
        var edit = MovieEdit()
        edit.clips = [slow, fast]
        let (preview, seen) = try watched(edit)
        preview.pause()
        XCTAssertTrue(spinMainContext(timeout: 20) { seen.events.contains(.ready) && !seen.frames.isEmpty }, "\(seen.events)")
        // Movie frame → source frame: the slow clip's 40 frames, then the fast one's 20.
        for (movieFrame, sourceFrame) in [(0, 10), (7, 15), (13, 19), (39, 39), (40, 20), (45, 30), (59, 58)] {
            seen.events = []
            seen.frames = []
            preview.seek(to: rate.time(ofFrame: Int64(movieFrame)))
            XCTAssertTrue(spinMainContext(timeout: 20) { seen.events.contains(.ready) && !seen.frames.isEmpty }, "\(seen.events)")
            let shown = try XCTUnwrap(seen.frames.last)
            let number = MovieFixture.counterFrame(width: shown.width, height: shown.height) { shown.rgb(x: $0, y: $1).1 }
            XCTAssertEqual(number, sourceFrame, "movie frame \(movieFrame)")
        }
    }

    func testAMissingSourceIsNamed() throws {
        var edit = MovieEdit()
        edit.clips = [MovieClip(uri: "file:///nowhere/holiday.mp4", sourceDuration: second, frameRate: FrameRate(30),
                                width: 320, height: 180)]
        XCTAssertThrowsError(try MoviePreview(edit: edit, videoSink: VideoSink())) {
            XCTAssertEqual($0 as? MovieProblem, .missingSource("holiday.mp4"))
        }
    }

    private func assertWhite(_ frame: VideoFrame, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let centre = frame.rgb(x: frame.width / 2, y: frame.height / 2)
        XCTAssertTrue(centre.0 > 200 && centre.1 > 200 && centre.2 > 200, "\(what) is white, not \(centre)", file: file, line: line)
    }
}
