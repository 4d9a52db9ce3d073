import Foundation
import ReelCore
import XCTest

final class PlayerPageStateTests: XCTestCase {
    private let start = Date(timeIntervalSinceReferenceDate: 1000)

    private func at(_ seconds: TimeInterval) -> Date { start.addingTimeInterval(seconds) }

    /// A page that opened a video as `how` says, at `start`.
    private func opened(_ how: ResumeChoice.Start = .fromBeginning, paused: Bool = false) -> PlayerPageState {
        var page = PlayerPageState()
        _ = page.handle(.opened(how, paused: paused, at: start))
        return page
    }

    private func state(_ state: PlaybackState, _ page: inout PlayerPageState, endAction: EndAction = .stop,
                       at seconds: TimeInterval = 1) -> [PlayerPageState.Effect] {
        page.handle(.stateChanged(state, endAction: endAction, at: at(seconds)))
    }

    // MARK: Opening and resuming

    func testAVideoFromTheBeginningDoesNothingMore() {
        var page = PlayerPageState()
        XCTAssertEqual(page.handle(.opened(.fromBeginning, paused: false, at: start)), [])
        XCTAssertNil(page.resumeAt)
        XCTAssertEqual(state(.playing, &page), [])
    }

    func testAskingOffersTheRememberedPositionAndSeeksNowhere() {
        var page = PlayerPageState()
        XCTAssertEqual(page.handle(.opened(.offer(42), paused: false, at: start)), [.offerResume(at: 42)])
        XCTAssertNil(page.resumeAt)
        XCTAssertEqual(state(.playing, &page), [])
    }

    func testAlwaysResumingSeeksOnceTheVideoFirstPlays() {
        var page = opened(.resume(42))
        XCTAssertEqual(page.resumeAt, 42)
        // Not while it opens or buffers, nor paused: a seek needs a pipeline that has started.
        XCTAssertEqual(state(.opening, &page), [])
        XCTAssertEqual(state(.buffering, &page), [])
        XCTAssertEqual(state(.paused, &page), [])
        XCTAssertEqual(state(.playing, &page, at: 2), [.seek(to: 42)])
        XCTAssertNil(page.resumeAt)
        XCTAssertEqual(page.seekHeldUntil.timeIntervalSince(at(2)), PlayerPageState.seekHold, accuracy: 1e-9)
        // Only the first time.
        XCTAssertEqual(state(.paused, &page), [])
        XCTAssertEqual(state(.playing, &page), [])
    }

    func testAVideoOpenedAgainPausedSeeksOnItsFirstPictureAndStaysPaused() {
        var page = PlayerPageState()
        XCTAssertEqual(page.handle(.opened(.resume(7.5), paused: true, at: start)), [.pause])
        XCTAssertTrue(page.resumesPaused)
        XCTAssertEqual(state(.opening, &page), [])
        XCTAssertEqual(state(.paused, &page), [.seek(to: 7.5)])
        XCTAssertFalse(page.resumesPaused)
        XCTAssertNil(page.resumeAt)
        XCTAssertEqual(state(.paused, &page), [])
        XCTAssertEqual(state(.playing, &page), [])
    }

    func testAVideoOpenedAgainPlayingSeeksWhenItPlays() {
        var page = opened(.resume(7.5))
        XCTAssertFalse(page.resumesPaused)
        XCTAssertEqual(state(.playing, &page), [.seek(to: 7.5)])
    }

    func testOpeningAnotherVideoForgetsThePositionToResume() {
        var page = opened(.resume(42), paused: true)
        _ = page.handle(.opened(.fromBeginning, paused: false, at: at(1)))
        XCTAssertNil(page.resumeAt)
        XCTAssertFalse(page.resumesPaused)
        XCTAssertEqual(state(.paused, &page), [])
        XCTAssertEqual(state(.playing, &page), [])
    }

    // MARK: The end of a video

    func testTheEndShowsTheEndAndDoesWhatTheEndActionSays() {
        let expected: [EndAction: [PlayerPageState.Effect]] = [
            .stop: [.showPosition], .close: [.showPosition, .close],
            .loop: [.showPosition, .play], .next: [.showPosition, .playNext], .repeatQueue: [.showPosition, .playNext],
        ]
        for action in EndAction.allCases {
            var page = opened()
            XCTAssertEqual(state(.ended, &page, endAction: action), expected[action], "\(action)")
        }
    }

    func testTheEndActionMattersOnlyAtTheEnd() {
        var page = opened()
        for state in [PlaybackState.opening, .playing, .paused, .buffering, .reconnecting, .failed] {
            XCTAssertEqual(self.state(state, &page, endAction: .close), [], "\(state)")
        }
    }

    // MARK: MPRIS's Stop

    func testStopPausesAtTheStartAndIsStoppedForMPRIS() {
        var page = opened()
        _ = state(.playing, &page)
        XCTAssertEqual(page.handle(.stop(at: at(3))), [.pause, .seek(to: 0), .reportChange])
        XCTAssertTrue(page.stoppedOnRequest)
        XCTAssertEqual(page.seekHeldUntil.timeIntervalSince(at(3)), PlayerPageState.seekHold, accuracy: 1e-9)
        XCTAssertEqual(MPRISPlaybackStatus(.paused, stoppedOnRequest: page.stoppedOnRequest), .stopped)
        // The pause it asked for keeps it stopped.
        _ = state(.paused, &page)
        XCTAssertTrue(page.stoppedOnRequest)
    }

    func testAStoppedVideoIsNoLongerStoppedOncePlayingOrMoved() {
        var played = opened()
        _ = played.handle(.stop(at: at(1)))
        _ = state(.playing, &played)
        XCTAssertFalse(played.stoppedOnRequest)

        var moved = opened()
        _ = moved.handle(.stop(at: at(1)))
        XCTAssertEqual(moved.handle(.seek(to: 12, at: at(2))), [.seek(to: 12)])
        XCTAssertFalse(moved.stoppedOnRequest)
        XCTAssertEqual(MPRISPlaybackStatus(.paused, stoppedOnRequest: moved.stoppedOnRequest), .paused)

        for other in [PlaybackState.opening, .buffering, .reconnecting, .ended, .failed] {
            var page = opened()
            _ = page.handle(.stop(at: at(1)))
            _ = state(other, &page)
            XCTAssertFalse(page.stoppedOnRequest, "\(other)")
        }
    }

    func testOpeningAVideoIsNeverStopped() {
        var page = opened()
        _ = page.handle(.stop(at: at(1)))
        _ = page.handle(.opened(.fromBeginning, paused: false, at: at(2)))
        XCTAssertFalse(page.stoppedOnRequest)
    }

    // MARK: The seek hold

    func testTheBarShowsTheSeeksTargetForHalfASecond() {
        var page = opened()
        XCTAssertEqual(page.handle(.tick(at: at(1), tracing: false)), [.showPosition])
        XCTAssertEqual(page.handle(.seek(to: 30, at: at(2))), [.seek(to: 30)])
        XCTAssertEqual(page.handle(.tick(at: at(2.25), tracing: false)), [])
        XCTAssertEqual(page.handle(.tick(at: at(2.5), tracing: false)), [])
        XCTAssertEqual(page.handle(.tick(at: at(2.75), tracing: false)), [.showPosition])
    }

    func testTheSeekBarHoldsALittleLongerAndLeavesStopAlone() {
        var page = opened()
        _ = page.handle(.stop(at: at(1)))
        XCTAssertEqual(page.handle(.seekBarMoved(at: at(10))), [])
        XCTAssertEqual(page.seekHeldUntil.timeIntervalSince(at(10)), PlayerPageState.seekBarHold, accuracy: 1e-9)
        XCTAssertTrue(page.stoppedOnRequest)
        XCTAssertEqual(page.handle(.tick(at: at(10.5), tracing: false)), [])
        XCTAssertEqual(page.handle(.tick(at: at(10.75), tracing: false)), [.showPosition])
    }

    // MARK: Toasts

    func testToastsAreCountedAndPlaceTheSubtitleLine() {
        var page = opened()
        XCTAssertEqual(page.handle(.toastShown), [.placeSubtitle])
        XCTAssertEqual(page.handle(.toastShown), [.placeSubtitle])
        XCTAssertEqual(page.toastsShown, 2)
        XCTAssertEqual(page.handle(.toastDismissed), [.placeSubtitle])
        XCTAssertEqual(page.toastsShown, 1)
        XCTAssertEqual(page.handle(.toastDismissed), [.placeSubtitle])
        // A dismissal counted twice does not go below none.
        XCTAssertEqual(page.handle(.toastDismissed), [.placeSubtitle])
        XCTAssertEqual(page.toastsShown, 0)
        XCTAssertEqual(page.handle(.toastShown), [.placeSubtitle])
        XCTAssertEqual(page.toastsShown, 1)
    }

    func testTheSubtitleLineRisesAboveTheBarAndAboveAToast() {
        var page = PlayerPageState()
        XCTAssertEqual(page.subtitleLift(bar: 80, toastHeight: 56, controlsShown: false), 0)
        XCTAssertEqual(page.subtitleLift(bar: 80, toastHeight: 56, controlsShown: true), 80)
        _ = page.handle(.toastShown)
        XCTAssertEqual(page.subtitleLift(bar: 80, toastHeight: 56, controlsShown: false), 136)
        XCTAssertEqual(page.subtitleLift(bar: 80, toastHeight: 56, controlsShown: true), 136)
        _ = page.handle(.toastDismissed)
        XCTAssertEqual(page.subtitleLift(bar: 80, toastHeight: 56, controlsShown: true), 80)
    }

    func testToastsOutliveTheVideo() {
        var page = opened()
        _ = page.handle(.toastShown)
        _ = page.handle(.opened(.fromBeginning, paused: false, at: at(1)))
        XCTAssertEqual(page.toastsShown, 1)
    }

    // MARK: The trace

    func testTheFirstFrameIsTracedOnceWithItsLatency() {
        var page = opened()
        XCTAssertEqual(page.handle(.framePresented(at: at(0.25))), [.traceFirstFrame(latency: 0.25)])
        XCTAssertNil(page.firstFrameAwaitedSince)
        XCTAssertEqual(page.handle(.framePresented(at: at(0.5))), [])
        _ = page.handle(.opened(.fromBeginning, paused: false, at: at(5)))
        XCTAssertEqual(page.handle(.framePresented(at: at(5.5))), [.traceFirstFrame(latency: 0.5)])
    }

    func testDroppedFramesAreTracedOnceASecondWhileTracing() {
        var page = opened()
        XCTAssertEqual(page.handle(.tick(at: at(1), tracing: true)), [.showPosition, .traceDroppedFrames])
        XCTAssertEqual(page.handle(.tick(at: at(1.25), tracing: true)), [.showPosition])
        XCTAssertEqual(page.handle(.tick(at: at(1.75), tracing: true)), [.showPosition])
        XCTAssertEqual(page.handle(.tick(at: at(2), tracing: true)), [.showPosition, .traceDroppedFrames])
        XCTAssertEqual(page.handle(.tick(at: at(5), tracing: false)), [.showPosition])
    }
}
