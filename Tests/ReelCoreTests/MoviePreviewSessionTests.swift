import ReelCore
import XCTest

final class MoviePreviewSessionTests: XCTestCase {
    private let second: Int64 = 1_000_000_000
    private let frame: Int64 = 33_333_333

    /// A session whose preview was made (`duration` long) and, if `ready`,
    /// has its picture.
    private func session(duration: Int64 = 10_000_000_000, ready: Bool = true) -> MoviePreviewSession {
        var session = MoviePreviewSession()
        _ = session.handle(.edited)
        _ = session.handle(.rebuildDue)
        _ = session.handle(.made(duration: duration, resumeAt: nil))
        if ready { _ = session.handle(.ready) }
        XCTAssertTrue(session.hasPreview)
        XCTAssertEqual(session.isReady, ready)
        return session
    }

    func testItStartsWithNoPreview() {
        let session = MoviePreviewSession()
        XCTAssertFalse(session.hasPreview)
        XCTAssertFalse(session.isPlaying)
        XCTAssertFalse(session.isReady)
        XCTAssertFalse(session.rebuildScheduled)
        XCTAssertNil(session.frameToShow)
        XCTAssertNil(session.waitingSeek)
    }

    // MARK: Making the preview

    func testABurstOfEditsMakesOnePreviewOnceTheySettle() {
        var session = MoviePreviewSession()
        XCTAssertEqual(session.handle(.edited), [.scheduleRebuild])
        XCTAssertTrue(session.rebuildScheduled)
        XCTAssertEqual(session.handle(.edited), [])
        XCTAssertEqual(session.handle(.edited), [])
        XCTAssertEqual(session.handle(.rebuildDue), [.rebuild])
        XCTAssertFalse(session.rebuildScheduled)
        XCTAssertEqual(session.handle(.edited), [.scheduleRebuild], "the next burst")
    }

    func testAnEditWithAPreviewStillMakesANewOne() {
        var session = session()
        XCTAssertEqual(session.handle(.edited), [.scheduleRebuild])
    }

    func testANewPreviewPausesAtTheStartAndWaitsForItsPicture() {
        var session = MoviePreviewSession()
        XCTAssertEqual(session.handle(.made(duration: 10 * second, resumeAt: nil)), [.pause, .updatePosition])
        XCTAssertTrue(session.hasPreview)
        XCTAssertFalse(session.isReady)
        XCTAssertNil(session.waitingSeek, "the start needs no seek")
        XCTAssertEqual(session.handle(.ready), [.updatePosition])
        XCTAssertTrue(session.isReady)
    }

    func testANewPreviewGoesOnWhereTheOldOneWasOnceItHasAPicture() {
        var session = MoviePreviewSession()
        _ = session.handle(.made(duration: 10 * second, resumeAt: 4 * second))
        XCTAssertEqual(session.waitingSeek, 4 * second)
        XCTAssertEqual(session.handle(.ready), [.seek(to: 4 * second), .updatePosition])
        XCTAssertFalse(session.isReady, "a seek is under way")
        XCTAssertNil(session.waitingSeek)
        XCTAssertEqual(session.handle(.ready), [.updatePosition])
        XCTAssertTrue(session.isReady)
    }

    func testTheFrameAskedWinsOverWhereTheOldOneWas() {
        var session = MoviePreviewSession()
        _ = session.handle(.showFrame(at: 2 * second))
        _ = session.handle(.made(duration: 10 * second, resumeAt: 4 * second))
        XCTAssertEqual(session.waitingSeek, 2 * second)
        XCTAssertNil(session.frameToShow, "taken")
    }

    func testAPositionPastAShorterMovieGoesToItsLastInstant() {
        var session = MoviePreviewSession()
        _ = session.handle(.made(duration: 3 * second, resumeAt: 8 * second))
        XCTAssertEqual(session.waitingSeek, 3 * second - 1)
        var empty = MoviePreviewSession()
        _ = empty.handle(.made(duration: 0, resumeAt: 8 * second))
        XCTAssertNil(empty.waitingSeek)
    }

    func testANewPreviewPlaysOnWhenThePreviewWasPlaying() {
        var session = session()
        _ = session.handle(.togglePlay(position: second, duration: 10 * second, frameDuration: frame))
        XCTAssertTrue(session.isPlaying)
        _ = session.handle(.edited)
        XCTAssertEqual(session.handle(.rebuildDue), [.rebuild])
        XCTAssertEqual(session.handle(.made(duration: 10 * second, resumeAt: 2 * second)), [.play, .updatePosition])
    }

    func testAFailedPreviewIsDroppedAndPlayStaysAsItWas() {
        var session = session()
        _ = session.handle(.togglePlay(position: 0, duration: 10 * second, frameDuration: frame))
        XCTAssertEqual(session.handle(.failed), [.discard, .updatePosition])
        XCTAssertFalse(session.hasPreview)
        XCTAssertFalse(session.isReady)
        XCTAssertTrue(session.isPlaying, "the next preview plays")
    }

    func testStoppingDropsThePreviewAndShowsPlay() {
        var session = session()
        _ = session.handle(.togglePlay(position: 0, duration: 10 * second, frameDuration: frame))
        XCTAssertEqual(session.handle(.stop), [.discard, .showPlaying(false)])
        XCTAssertFalse(session.hasPreview)
        XCTAssertFalse(session.isPlaying)
        XCTAssertFalse(session.isReady)
        XCTAssertNil(session.waitingSeek)
    }

    func testTheFrameAskedOutlastsAStop() {
        var session = session()
        _ = session.handle(.showFrame(at: 2 * second))
        _ = session.handle(.stop)
        XCTAssertEqual(session.frameToShow, 2 * second)
        _ = session.handle(.made(duration: 10 * second, resumeAt: nil))
        XCTAssertEqual(session.waitingSeek, 2 * second)
    }

    // MARK: Choosing a clip or a handle

    func testChoosingWithAPreviewGoesToTheFrameAsked() {
        var session = session()
        _ = session.handle(.showFrame(at: 5 * second))
        XCTAssertEqual(session.frameToShow, 5 * second)
        XCTAssertEqual(session.handle(.chosen), [.seek(to: 5 * second)])
        XCTAssertNil(session.frameToShow)
        XCTAssertEqual(session.handle(.chosen), [], "nothing more asked")
    }

    func testChoosingWithoutAPreviewMakesOne() {
        var session = MoviePreviewSession()
        _ = session.handle(.showFrame(at: 5 * second))
        XCTAssertEqual(session.handle(.chosen), [.scheduleRebuild])
        XCTAssertEqual(session.frameToShow, 5 * second, "kept for the new preview")
    }

    // MARK: Seeking

    func testASeekIsCarriedOutWhenThePreviewIsReady() {
        var session = session()
        XCTAssertEqual(session.handle(.seek(to: 3 * second)), [.seek(to: 3 * second)])
        XCTAssertFalse(session.isReady)
    }

    /// GES loses a seek made while it prerolls: the last one asked waits.
    func testSeeksWhileOneIsUnderWayWaitAndOnlyTheLastIsCarriedOut() {
        var session = session()
        _ = session.handle(.seek(to: 1 * second))
        XCTAssertEqual(session.handle(.seek(to: 2 * second)), [])
        XCTAssertEqual(session.handle(.seek(to: 3 * second)), [])
        XCTAssertEqual(session.waitingSeek, 3 * second)
        XCTAssertEqual(session.handle(.ready), [.seek(to: 3 * second), .updatePosition])
        XCTAssertEqual(session.handle(.ready), [.updatePosition])
    }

    func testASeekBeforeTheFirstPictureWaitsForIt() {
        var session = session(ready: false)
        XCTAssertEqual(session.handle(.seek(to: 2 * second)), [])
        XCTAssertEqual(session.handle(.ready), [.seek(to: 2 * second), .updatePosition])
    }

    func testASeekWithoutAPreviewIsIgnored() {
        var session = MoviePreviewSession()
        XCTAssertEqual(session.handle(.seek(to: 2 * second)), [])
        XCTAssertNil(session.waitingSeek)
    }

    // MARK: Playing

    func testPlayAndPause() {
        var session = session()
        XCTAssertEqual(session.handle(.togglePlay(position: second, duration: 10 * second, frameDuration: frame)),
                       [.showPlaying(true), .play])
        XCTAssertTrue(session.isPlaying)
        XCTAssertEqual(session.handle(.togglePlay(position: 2 * second, duration: 10 * second, frameDuration: frame)),
                       [.showPlaying(false), .pause])
        XCTAssertFalse(session.isPlaying)
    }

    func testPlayAtTheEndStartsAgainFromTheBeginning() {
        var session = session()
        XCTAssertEqual(session.handle(.togglePlay(position: 10 * second - frame, duration: 10 * second, frameDuration: frame)),
                       [.seek(to: 0), .showPlaying(true), .play])
        var notReady = self.session(ready: false)
        XCTAssertEqual(notReady.handle(.togglePlay(position: 10 * second, duration: 10 * second, frameDuration: frame)),
                       [.showPlaying(true), .play])
        XCTAssertEqual(notReady.waitingSeek, 0, "the seek waits for the picture")
    }

    func testPauseAtTheEndDoesNotSeek() {
        var session = session()
        _ = session.handle(.togglePlay(position: 0, duration: 10 * second, frameDuration: frame))
        XCTAssertEqual(session.handle(.togglePlay(position: 10 * second, duration: 10 * second, frameDuration: frame)),
                       [.showPlaying(false), .pause])
    }

    func testPlayWithoutAPositionPlaysOn() {
        var session = session()
        XCTAssertEqual(session.handle(.togglePlay(position: nil, duration: 10 * second, frameDuration: frame)),
                       [.showPlaying(true), .play])
    }

    func testPlayWithoutAPreviewDoesNothing() {
        var session = MoviePreviewSession()
        XCTAssertEqual(session.handle(.togglePlay(position: nil, duration: 0, frameDuration: frame)), [])
        XCTAssertFalse(session.isPlaying)
    }

    func testTheEndShowsPlay() {
        var session = session()
        _ = session.handle(.togglePlay(position: 0, duration: 10 * second, frameDuration: frame))
        XCTAssertEqual(session.handle(.ended), [.showPlaying(false)])
        XCTAssertFalse(session.isPlaying)
        XCTAssertTrue(session.hasPreview, "the preview stays on its last frame")
    }
}
