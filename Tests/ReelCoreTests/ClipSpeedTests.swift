import XCTest
@testable import ReelCore

/// A clip played faster or slower in the movie: its length there, the
/// movie's frame grid, its sound, its trim handles, undo and the saved file.
final class ClipSpeedTests: XCTestCase {
    private let second: Int64 = 1_000_000_000

    private func clip(_ rate: FrameRate = FrameRate(30), seconds: Int64 = 10, sound: Bool = true) -> MovieClip {
        MovieClip(uri: "file:///videos/run.mp4", sourceDuration: seconds * second, frameRate: rate,
                  width: 1920, height: 1080, hasSound: sound)
    }

    func testSpeedStaysBetweenAQuarterAndFourTimesAndAStillHasNone() {
        var video = clip()
        XCTAssertEqual(video.speed, 1)
        video.setSpeed(0.1)
        XCTAssertEqual(video.speed, MovieClip.slowest)
        video.setSpeed(9)
        XCTAssertEqual(video.speed, MovieClip.fastest)
        video.setSpeed(.nan)
        XCTAssertEqual(video.speed, MovieClip.fastest, "not a number changes nothing")
        video.setSpeed(1.3)
        XCTAssertEqual(video.speed, 1.3, "a value between the presets is kept")
        XCTAssertEqual(MovieClip.speedPresets.first, MovieClip.slowest)
        XCTAssertEqual(MovieClip.speedPresets.last, MovieClip.fastest)
        XCTAssertEqual(MovieClip.presetIndex(of: 0.5), 1)
        XCTAssertEqual(MovieClip.presetIndex(of: 0.5 + 1e-9), 1, "a value read back from a spin button")
        XCTAssertNil(MovieClip.presetIndex(of: 1.3), "Other")

        var still = MovieClip.photo(uri: "file:///p/a.jpg", width: 800, height: 600)
        still.setSpeed(2)
        XCTAssertEqual(still.speed, 1)
    }

    /// The trimmed length ÷ speed, each clip starting on the movie's frame
    /// grid, the total within half a frame of the exact sum, at every rate
    /// a movie takes.
    func testALengthInTheMovieIsTheTrimDividedBySpeedOnTheMoviesFrames() {
        for rate in [FrameRate(24), FrameRate(25), FrameRate(30), FrameRate(60), FrameRate(30000, 1001)] {
            var edit = MovieEdit()
            edit.clips = [0.25, 0.5, 0.75, 1.5, 3, 4].map { speed in
                var c = clip(rate)
                c.trim(from: rate.time(ofFrame: 7), to: rate.time(ofFrame: 7 + rate.numerator / rate.denominator))
                c.setSpeed(speed)
                return c
            }
            let plan = edit.plan
            XCTAssertEqual(plan.frameRate, rate)
            for (placement, clip) in zip(plan.placements, edit.clips) {
                XCTAssertEqual(rate.rounded(placement.start), placement.start, "\(rate): on the grid")
                XCTAssertEqual(Double(placement.duration), Double(clip.duration) / clip.speed,
                               accuracy: Double(rate.frameDuration), "\(rate) at \(clip.speed)")
                XCTAssertEqual(placement.inpoint, clip.trimIn, "the source is read from its own trimmed frame")
            }
            let exact = edit.clips.map { Double($0.duration) / $0.speed }.reduce(0, +)
            XCTAssertEqual(Double(plan.duration), exact, accuracy: Double(rate.frameDuration) / 2 + 1, "\(rate)")
        }
        // Whole frames where they can be: one second of 24 fps at 0.75 is 32 frames.
        var film = clip(FrameRate(24))
        film.trim(from: 0, to: second)
        film.setSpeed(0.75)
        var edit = MovieEdit()
        edit.clips = [film]
        XCTAssertEqual(edit.duration, FrameRate(24).time(ofFrame: 32))
    }

    /// A phone's variable-rate clip goes into the nearest standard rate,
    /// and its speed into its length the same way.
    func testAVariableRateClipAtHalfSpeedLastsTwiceAsLong() {
        var phone = clip(FrameRate(2997, 100, isVariable: true))
        phone.trim(from: 1_234_000_000, to: 3_234_000_000)
        phone.setSpeed(0.5)
        var edit = MovieEdit()
        edit.clips = [phone]
        XCTAssertEqual(edit.frameRate, FrameRate(30))
        XCTAssertEqual(edit.duration, 4 * second)
    }

    func testItsSoundIsHeardUpToTwiceAndBeyondOnlyWhenAsked() {
        var c = clip()
        for (speed, heard) in [(0.25, true), (1.0, true), (2.0, true), (2.5, false), (4.0, false)] {
            c.setSpeed(speed)
            XCTAssertEqual(c.soundIsHeard, heard, "at \(speed)")
        }
        c.keepsFastSound = true
        XCTAssertTrue(c.soundIsHeard)
        var silent = clip(sound: false)
        silent.keepsFastSound = true
        XCTAssertFalse(silent.soundIsHeard)
    }

    /// Dragging a handle by a second of the movie moves it over a second
    /// of the movie's worth of source: two seconds of a 2× clip, half a
    /// second of a 0.5× one, in whole source frames.
    func testADraggedHandleCoversWhatTheMovieShowsOfTheSource() {
        var fast = clip(FrameRate(25))
        fast.trim(from: 2 * second, to: 8 * second)
        fast.setSpeed(2)
        XCTAssertEqual(MovieTrimHandle.start.dragged(fast, by: second).start, 4 * second)
        var slow = fast
        slow.setSpeed(0.5)
        XCTAssertEqual(MovieTrimHandle.end.dragged(slow, by: -second).end, 7_480_000_000, "12.5 frames is 12 of 25 fps")
        // Where the grip is drawn: a source second of the 0.5× clip is two in the movie.
        XCTAssertEqual(slow.movieOffset(ofSourceOffset: second), 2 * second)
        XCTAssertEqual(fast.movieOffset(ofSourceOffset: second), second / 2)
        // The keys still move one source frame.
        XCTAssertEqual(MovieTrimHandle.start.nudged(fast, frames: 1).start, 2_040_000_000)
    }

    func testSpeedIsAnUndoableStepAndSaved() throws {
        var editor = MovieEditor()
        let c = clip()
        editor.add([c])
        editor.setSpeed(c.id, 0.5)
        editor.setKeepsFastSound(c.id, true)
        XCTAssertEqual(editor.edit.clips[0].speed, 0.5)
        XCTAssertEqual(editor.edit.duration, 20 * second)
        let document = MovieDocument(edit: editor.edit)
        let back = try MovieDocument.decode(try document.encode(), id: document.id)
        XCTAssertEqual(back.edit.clips[0].speed, 0.5)
        XCTAssertTrue(back.edit.clips[0].keepsFastSound)
        editor.undo()
        editor.undo()
        XCTAssertEqual(editor.edit.clips[0].speed, 1)
        XCTAssertFalse(editor.edit.clips[0].keepsFastSound)
        editor.setSpeed(c.id, 1)
        XCTAssertTrue(editor.canRedo, "the speed it has already is no step: what was undone can come back")
    }

    /// A file saved before speeds existed has none: each clip plays at 1×.
    func testAFileWithoutSpeedsPlaysEveryClipAtItsOwnSpeed() throws {
        var edit = MovieEdit()
        edit.clips = [clip()]
        var json = try XCTUnwrap(JSONSerialization.jsonObject(with: try MovieDocument(edit: edit).encode()) as? [String: Any])
        var clips = try XCTUnwrap(json["clips"] as? [[String: Any]])
        XCTAssertNil(clips[0]["speed"], "1× is not written")
        clips[0]["speed"] = 2.5
        json["clips"] = clips
        let faster = try MovieDocument.decode(try JSONSerialization.data(withJSONObject: json), id: "x")
        XCTAssertEqual(faster.edit.clips[0].speed, 2.5)
        XCTAssertFalse(faster.edit.clips[0].soundIsHeard)
    }
}
