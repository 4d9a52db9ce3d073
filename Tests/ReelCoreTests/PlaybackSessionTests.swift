import Foundation
import XCTest
@testable import ReelCore

/// PlaybackSession: the player's decisions, event by event, with no pipeline.
final class PlaybackSessionTests: XCTestCase {
    let start = Date(timeIntervalSince1970: 1_796_000_000)
    /// An error with no HTTP status from a remote source (the server went away).
    let dropped = PlaybackSession.PipelineError(problem: .network("Internal data stream error."))
    let fragmentGone = PlaybackSession.PipelineError(problem: .network("Internal data stream error."),
                                                     debugText: "hlsdemux2: Fragment downloading has failed")

    func opened(remote: Bool = true, startPlaying: Bool = true) -> PlaybackSession {
        var session = PlaybackSession(isRemote: remote, startPlaying: startPlaying)
        XCTAssertEqual(session.state, .opening)
        XCTAssertEqual(session.handle(.start), [.setPipeline(.paused)])
        return session
    }

    /// Opened, prerolled and playing, at `position` seconds.
    func playing(remote: Bool = true, position: Double = 42) -> PlaybackSession {
        var session = opened(remote: remote)
        XCTAssertEqual(session.handle(.prerolled(live: false, videoStreams: 1)), [.reportDuration, .setPipeline(.playing)])
        XCTAssertEqual(session.handle(.playing), [.publish(.playing)])
        XCTAssertEqual(session.position(answered: position), position)
        return session
    }

    /// Playing, then the connection lost and the first retry scheduled.
    func reconnecting(position: Double = 42) -> PlaybackSession {
        var session = playing(position: position)
        XCTAssertEqual(session.handle(.error(dropped), now: start), [.setPipeline(.null), .checkConnection])
        XCTAssertEqual(session.handle(.connectionChecked(.unreachable(.refused)), now: start),
                       [.connectionLost(resumeAt: position), .publish(.reconnecting), .scheduleRetry(after: 0.25)])
        return session
    }

    func failure(_ problem: VideoProblem) -> [PlaybackSession.Action] {
        [.setPipeline(.null), .publish(.failed), .fail(problem)]
    }

    // MARK: Opening

    func testOpeningPlaysOncePrerolled() {
        var session = opened()
        XCTAssertTrue(session.isPlaying, "playing is what was asked")
        XCTAssertEqual(session.handle(.prerolled(live: false, videoStreams: 1)), [.reportDuration, .setPipeline(.playing)])
        XCTAssertEqual(session.state, .opening, "opening until the pipeline plays")
        XCTAssertEqual(session.handle(.playing), [.publish(.playing)])
        XCTAssertTrue(session.hasPlayed)
        XCTAssertEqual(session.handle(.asyncDone), [.reportSeekDone])
    }

    func testOpeningPausedShowsTheFirstFrame() {
        var session = opened(startPlaying: false)
        XCTAssertFalse(session.isPlaying)
        XCTAssertEqual(session.handle(.prerolled(live: false, videoStreams: 1)), [.reportDuration, .publish(.paused)])
        XCTAssertFalse(session.hasPlayed)
    }

    func testNoPictureFailsInsteadOfPlayingSoundOverBlack() {
        var session = opened(remote: false)
        XCTAssertEqual(session.handle(.prerolled(live: false, videoStreams: 0)), failure(.notAVideo))
        var missing = opened(remote: false)
        XCTAssertEqual(missing.handle(.missingPlugin("H.264 (High Profile) decoder")), [])
        XCTAssertEqual(missing.handle(.missingPlugin("AAC decoder")), [])
        XCTAssertEqual(missing.handle(.prerolled(live: false, videoStreams: 0)),
                       failure(.unsupportedCodec("H.264 (High Profile)")), "the first missing plugin is named")
    }

    func testSoundWithoutAPictureStreamPlaysAsAudio() {
        var session = opened(remote: false)
        XCTAssertEqual(session.handle(.prerolled(live: false, videoStreams: 0, audioStreams: 1)),
                       [.reportDuration, .setPipeline(.playing)])
        XCTAssertTrue(session.isAudioOnly)
        var video = opened(remote: false)
        _ = video.handle(.prerolled(live: false, videoStreams: 1, audioStreams: 1))
        XCTAssertFalse(video.isAudioOnly)
        // A picture stream that cannot be decoded is still a video that fails.
        var missing = opened(remote: false)
        _ = missing.handle(.missingPlugin("H.264 (High Profile) decoder"))
        XCTAssertEqual(missing.handle(.prerolled(live: false, videoStreams: 0, audioStreams: 1)),
                       failure(.unsupportedCodec("H.264 (High Profile)")))
        XCTAssertFalse(missing.isAudioOnly)
    }

    func testLiveAndUncountedStreamsAreNotCheckedForPictures() {
        var live = opened()
        XCTAssertEqual(live.handle(.prerolled(live: true, videoStreams: 0)), [.reportDuration, .setPipeline(.playing)])
        var adaptive = opened()
        XCTAssertEqual(adaptive.handle(.prerolled(live: false, videoStreams: nil)), [.reportDuration, .setPipeline(.playing)])
    }

    func testOpeningWatchdogFailsOnlyWhileOpening() {
        var stuck = opened(remote: false)
        XCTAssertEqual(stuck.handle(.openingTimedOut), failure(.damaged))
        var fine = playing(remote: false)
        XCTAssertEqual(fine.handle(.openingTimedOut), [])
        XCTAssertEqual(fine.state, .playing)
    }

    func testAProblemFoundBeforeOpeningFails() {
        var session = PlaybackSession(isRemote: false)
        XCTAssertEqual(session.handle(.cannotOpen(.missing)), failure(.missing))
        XCTAssertEqual(session.state, .failed)
        XCTAssertFalse(session.isPlaying)
    }

    // MARK: User intents

    /// playbin3 (GStreamer 1.22) asked for PAUSED a second time while it
    /// prerolls can abort the app: PAUSED is asked for only when it is not
    /// already the target.
    func testAFailedHardwareDecoderReopensWhereItWas() {
        let broken = PlaybackSession.PipelineError(problem: .damaged, debugText: "vah264dec0: failed to decode")
        var session = playing(remote: false, position: 12)
        XCTAssertEqual(session.handle(.hardwareDecoderFailed),
                       [.decodingInSoftware(resumeAt: 12), .setPipeline(.null), .setPipeline(.paused)])
        XCTAssertEqual(session.state, .playing, "nothing is said: it goes on playing")
        XCTAssertEqual(session.handle(.prerolled(live: false, videoStreams: 1)),
                       [.seek(to: 12, accurate: true), .reportDuration, .setPipeline(.playing)])
        // Another hardware decoder failing in turn (the player says so once
        // per decoder): again from where the picture was.
        XCTAssertEqual(session.handle(.asyncDone), [.reportSeekDone])
        XCTAssertEqual(session.position(answered: 13), 13)
        XCTAssertEqual(session.handle(.hardwareDecoderFailed),
                       [.decodingInSoftware(resumeAt: 13), .setPipeline(.null), .setPipeline(.paused)])
        // An ordinary error afterwards is said as ever.
        XCTAssertEqual(session.handle(.error(broken)), failure(.damaged))
    }

    func testAHardwareDecoderFailingAtTheFirstFrameReopensFromTheStart() {
        var session = opened(remote: false)
        XCTAssertEqual(session.handle(.hardwareDecoderFailed),
                       [.decodingInSoftware(resumeAt: nil), .setPipeline(.null), .setPipeline(.paused)])
        XCTAssertEqual(session.handle(.prerolled(live: false, videoStreams: 1)), [.reportDuration, .setPipeline(.playing)])
        XCTAssertEqual(session.handle(.playing), [.publish(.playing)])
    }

    func testPauseNeverAsksForPausedTwice() {
        var session = opened()
        XCTAssertEqual(session.handle(.pause), [], "opening already targets PAUSED")
        XCTAssertFalse(session.isPlaying)
        XCTAssertEqual(session.handle(.prerolled(live: false, videoStreams: 1)), [.reportDuration, .publish(.paused)])
        XCTAssertEqual(session.handle(.pause), [])
        XCTAssertEqual(session.target, .paused)
    }

    func testPauseAndPlayWhilePlaying() {
        var session = playing()
        XCTAssertEqual(session.handle(.pause), [.setPipeline(.paused)])
        XCTAssertEqual(session.handle(.pause), [], "PAUSED is already the target")
        XCTAssertEqual(session.state, .playing, "until the pipeline pauses")
        XCTAssertEqual(session.handle(.paused), [.publish(.paused)])
        XCTAssertEqual(session.handle(.play), [.setPipeline(.playing)])
        XCTAssertEqual(session.handle(.playing), [.publish(.playing)])
    }

    func testTogglePlaying() {
        var session = playing()
        XCTAssertEqual(session.handle(.togglePlaying), [.setPipeline(.paused)])
        XCTAssertFalse(session.isPlaying)
        XCTAssertEqual(session.handle(.togglePlaying), [.setPipeline(.playing)])
        XCTAssertTrue(session.isPlaying)
    }

    func testPausedByThePipelineWhileWantingToPlayIsNotShownPaused() {
        var session = playing()
        XCTAssertEqual(session.handle(.paused), [])
        XCTAssertEqual(session.state, .playing)
    }

    func testSeekWhilePlayingOrPausedOnlySeeks() {
        var session = playing()
        XCTAssertEqual(session.handle(.seek(to: 12, accurate: false)), [.seek(to: 12, accurate: false)])
        _ = session.handle(.pause)
        _ = session.handle(.paused)
        XCTAssertEqual(session.handle(.seek(to: 3, accurate: true)), [.seek(to: 3, accurate: true)])
        XCTAssertEqual(session.state, .paused, "seeking does not start playback")
        XCTAssertEqual(session.handle(.asyncDone), [.reportSeekDone])
    }

    func testClockLostRestartsOnlyWhilePlaying() {
        var session = playing()
        XCTAssertEqual(session.handle(.clockLost), [.setPipeline(.paused), .setPipeline(.playing)])
        _ = session.handle(.pause)
        XCTAssertEqual(session.handle(.clockLost), [])
    }

    func testNothingHappensAfterStop() {
        var session = reconnecting()
        XCTAssertEqual(session.handle(.stop), [.setPipeline(.null)])
        XCTAssertEqual(session.handle(.retryDue), [])
        XCTAssertEqual(session.handle(.connectionChecked(.reachable)), [])
        XCTAssertEqual(session.handle(.play), [])
        XCTAssertEqual(session.handle(.error(dropped)), [])
        XCTAssertEqual(session.handle(.stop), [])
    }

    // MARK: End of stream

    func testEndPausesAndPlayStartsAgain() {
        var session = playing()
        XCTAssertEqual(session.handle(.endOfStream), [.setPipeline(.paused), .publish(.ended)])
        XCTAssertFalse(session.isPlaying)
        XCTAssertEqual(session.handle(.paused), [], "the pause at the end is not shown as paused")
        XCTAssertEqual(session.handle(.pause), [], "PAUSED is already the target")
        XCTAssertEqual(session.handle(.play), [.seek(to: 0, accurate: true), .publish(.playing), .setPipeline(.playing)])
        XCTAssertTrue(session.isPlaying)
    }

    func testToggleAtTheEndPlaysFromTheStart() {
        var session = playing()
        _ = session.handle(.endOfStream)
        XCTAssertEqual(session.handle(.togglePlaying), [.seek(to: 0, accurate: true), .publish(.playing), .setPipeline(.playing)])
    }

    func testSeekAfterTheEndShowsItsFramePaused() {
        var session = playing()
        _ = session.handle(.endOfStream)
        XCTAssertEqual(session.handle(.seek(to: 1, accurate: true)), [.seek(to: 1, accurate: true), .publish(.paused)])
        XCTAssertEqual(session.handle(.play), [.setPipeline(.playing)])
    }

    func testPipelineStatesAfterTheEndAreIgnored() {
        var session = playing()
        _ = session.handle(.endOfStream)
        XCTAssertEqual(session.handle(.playing), [])
        XCTAssertEqual(session.state, .ended)
    }

    // MARK: Buffering

    func testStallPausesAndPlaysOnAtFull() {
        var session = playing()
        XCTAssertEqual(session.handle(.buffering(percent: 20)), [.showBuffering(20), .setPipeline(.paused), .publish(.buffering)])
        XCTAssertEqual(session.handle(.buffering(percent: 60)), [.showBuffering(60)])
        XCTAssertEqual(session.handle(.paused), [], "the stall's own pause is not shown")
        XCTAssertEqual(session.handle(.buffering(percent: 100)), [.showBuffering(100), .setPipeline(.playing), .confirmPlaying])
        XCTAssertEqual(session.state, .buffering, "until the pipeline plays")
        XCTAssertEqual(session.handle(.buffering(percent: 100)), [.showBuffering(100)])
        XCTAssertEqual(session.handle(.playing), [.publish(.playing)])
    }

    func testPlayingDuringAStallIsNotShown() {
        var session = playing()
        _ = session.handle(.buffering(percent: 10))
        XCTAssertEqual(session.handle(.playing), [])
        XCTAssertEqual(session.handle(.play), [], "play waits for the buffer")
        XCTAssertEqual(session.state, .buffering)
    }

    func testPausedDuringAStallStaysPausedAtFull() {
        var session = playing()
        _ = session.handle(.buffering(percent: 10))
        XCTAssertEqual(session.handle(.pause), [], "the stall already asked for PAUSED")
        XCTAssertEqual(session.handle(.buffering(percent: 100)), [.showBuffering(100), .publish(.paused)])
        XCTAssertEqual(session.handle(.play), [.setPipeline(.playing)])
    }

    func testSlowStartWaitsForAFullBuffer() {
        var session = opened()
        XCTAssertEqual(session.handle(.buffering(percent: 0)), [.showBuffering(0), .publish(.buffering)],
                       "opening already targets PAUSED: not asked again")
        XCTAssertEqual(session.handle(.prerolled(live: false, videoStreams: 1)), [.reportDuration],
                       "prerolled is not full: no PLAYING yet")
        XCTAssertEqual(session.handle(.buffering(percent: 100)), [.showBuffering(100), .setPipeline(.playing), .confirmPlaying])
        XCTAssertEqual(session.handle(.playing), [.publish(.playing)])
    }

    func testStallStartsAgainAfterRefilling() {
        var session = playing()
        _ = session.handle(.buffering(percent: 10))
        _ = session.handle(.buffering(percent: 100))
        XCTAssertEqual(session.handle(.buffering(percent: 50)), [.showBuffering(50), .setPipeline(.paused)],
                       "PLAYING was asked for since: PAUSED again, still shown as buffering")
    }

    func testLiveStreamsDoNotWaitForTheBuffer() {
        var session = opened()
        _ = session.handle(.prerolled(live: true, videoStreams: 1))
        _ = session.handle(.playing)
        XCTAssertEqual(session.handle(.buffering(percent: 10)), [])
        XCTAssertEqual(session.state, .playing)
    }

    func testBufferingIsIgnoredWhileReconnectingOrFailed() {
        var session = reconnecting()
        XCTAssertEqual(session.handle(.buffering(percent: 10)), [])
        var failed = playing()
        _ = failed.handle(.cannotOpen(.damaged))
        XCTAssertEqual(failed.handle(.buffering(percent: 10)), [])
        XCTAssertEqual(failed.state, .failed)
    }

    // MARK: Failures

    func testLocalErrorsFailWithTheirWords() {
        var session = playing(remote: false)
        XCTAssertEqual(session.handle(.error(.init(problem: .damaged))), failure(.damaged))
        XCTAssertEqual(session.handle(.error(.init(problem: .unreadable))), [], "the first failure is the one said")
        XCTAssertNil(session.position(answered: nil), "no position is made up after a failure")
    }

    func testHTTPStatusesFailAtOnce() {
        for status in [403, 404, 500] {
            var session = opened()
            let error = PlaybackSession.PipelineError(problem: .network("Not Found"), httpStatus: status)
            XCTAssertEqual(session.handle(.error(error)), failure(.network(HTTPStatus.describe(status))))
        }
    }

    func testARedirectThatEndsInAnErrorSaysWhy() {
        var session = opened()
        let error = PlaybackSession.PipelineError(problem: .network("Found"), httpStatus: 302)
        XCTAssertEqual(session.handle(.error(error)), failure(.connection(.tooManyRedirects)))
        let loop = "Moved Temporarily (302), URL: http://a/x, Redirect to: http://a/x"
        var looping = opened()
        XCTAssertEqual(looping.handle(.error(.init(problem: .network("Found"), httpStatus: 302, debugText: loop))),
                       failure(.connection(.redirectLoop)))
    }

    func testAnHTTPStatusFromALocalFileIsNotQuoted() {
        var session = opened(remote: false)
        XCTAssertEqual(session.handle(.error(.init(problem: .damaged, httpStatus: 404))), failure(.damaged))
    }

    func testAMissingDecoderIsNamedWhateverTheError() {
        var session = opened()
        _ = session.handle(.missingPlugin("HEVC decoder"))
        XCTAssertEqual(session.handle(.error(dropped)), failure(.unsupportedCodec("HEVC")))
    }

    func testFirstContactSaysWhyAtOnce() {
        var refused = opened()
        XCTAssertEqual(refused.handle(.error(dropped)), [.setPipeline(.null), .checkConnection])
        XCTAssertEqual(refused.handle(.error(dropped)), [], "errors of one attempt come in bursts")
        XCTAssertEqual(refused.handle(.connectionChecked(.unreachable(.refused))), failure(.connection(.refused)))

        var silent = opened()
        _ = silent.handle(.error(dropped))
        XCTAssertEqual(silent.handle(.connectionChecked(.reachable)), failure(.connection(.timedOut)),
                       "it takes connections and sends nothing")

        var unknown = opened()
        _ = unknown.handle(.error(dropped))
        XCTAssertEqual(unknown.handle(.connectionChecked(.unknown)), failure(dropped.problem))
    }

    func testAMissingSegmentOnAnAnsweringServerIsFinal() {
        var session = playing()
        XCTAssertEqual(session.handle(.error(fragmentGone)), [.setPipeline(.null), .checkConnection])
        XCTAssertEqual(session.handle(.connectionChecked(.reachable)), failure(.connection(.missingPart)))
    }

    func testACheckAnsweredAfterAFailureChangesNothing() {
        var session = playing()
        _ = session.handle(.error(dropped))
        _ = session.handle(.error(.init(problem: .network("Forbidden"), httpStatus: 403)))
        XCTAssertEqual(session.state, .failed)
        XCTAssertEqual(session.handle(.connectionChecked(.unreachable(.refused))), [])
    }

    // MARK: Reconnection

    func testLostConnectionIsRetriedAndResumesWhereItWas() {
        var session = reconnecting(position: 42)
        XCTAssertEqual(session.reconnection?.since, start)
        XCTAssertEqual(session.reconnection?.attempt, 1)
        XCTAssertEqual(session.reconnection?.resumeAt, 42)
        XCTAssertEqual(session.position(answered: nil), 42, "the last position stands while reconnecting")
        XCTAssertEqual(session.handle(.error(dropped)), [], "a retry is scheduled: errors are left over")

        XCTAssertEqual(session.handle(.retryDue), [.retrying(attempt: 1), .setPipeline(.paused)])
        XCTAssertEqual(session.handle(.prerolled(live: false, videoStreams: 1)), [], "ASYNC_DONE takes it on")
        XCTAssertEqual(session.handle(.paused), [])
        XCTAssertEqual(session.handle(.asyncDone), [.seek(to: 42, accurate: true)])
        XCTAssertNil(session.reconnection?.resumeAt)
        XCTAssertEqual(session.handle(.asyncDone), [.setPipeline(.playing)], "the resume seek prerolled")
        XCTAssertEqual(session.state, .reconnecting)
        XCTAssertEqual(session.handle(.playing), [.reconnected, .publish(.playing)])
        XCTAssertNil(session.reconnection)
        XCTAssertNil(session.position(answered: nil))
    }

    func testEachRetryWaitsLongerUpToTheLongestDelay() {
        var session = reconnecting()
        var delays: [Double] = []
        for second in 1...4 {
            _ = session.handle(.retryDue)
            XCTAssertEqual(session.handle(.error(dropped)), [.setPipeline(.null), .checkConnection])
            let actions = session.handle(.connectionChecked(.unreachable(.refused)), now: start + Double(second))
            XCTAssertFalse(actions.contains(.publish(.reconnecting)), "still reconnecting: said once")
            XCTAssertFalse(actions.contains { if case .connectionLost = $0 { return true } else { return false } })
            for case .scheduleRetry(let delay) in actions { delays.append(delay) }
        }
        XCTAssertEqual(delays, [0.5, 0.5, 0.5, 0.5])
        XCTAssertEqual(session.reconnection?.attempt, 5)
        XCTAssertEqual(session.reconnection?.since, start, "lost since the first failure")
    }

    func testReconnectingGivesUpAfterAMinute() {
        var session = reconnecting(position: 300)
        _ = session.handle(.retryDue)
        _ = session.handle(.error(dropped))
        XCTAssertEqual(session.handle(.connectionChecked(.unreachable(.refused)), now: start + 61),
                       failure(.connection(.lost)))
        XCTAssertEqual(session.position(answered: nil), 300, "the resume position is where it was lost")
    }

    func testAServerThatAnswersGetsOneMoreTry() {
        var session = playing()
        _ = session.handle(.error(dropped), now: start)
        XCTAssertEqual(session.handle(.connectionChecked(.reachable), now: start),
                       [.connectionLost(resumeAt: 42), .publish(.reconnecting), .scheduleRetry(after: 0.25)])
        _ = session.handle(.retryDue)
        XCTAssertEqual(session.handle(.error(fragmentGone)), [.setPipeline(.null)] + failure(.connection(.missingPart)),
                       "the server answered: this failure is final, in the last error's words")
    }

    func testPlayingAgainForgetsThatTheServerAnswered() {
        var session = playing()
        _ = session.handle(.error(dropped), now: start)
        _ = session.handle(.connectionChecked(.reachable), now: start)
        _ = session.handle(.retryDue)
        _ = session.handle(.asyncDone)
        _ = session.handle(.asyncDone)
        _ = session.handle(.playing)
        XCTAssertEqual(session.handle(.error(dropped), now: start + 5), [.setPipeline(.null), .checkConnection])
    }

    func testAnUnknownCheckAfterPlayingKeepsRetrying() {
        var session = playing()
        _ = session.handle(.error(dropped), now: start)
        XCTAssertEqual(session.handle(.connectionChecked(.unknown), now: start),
                       [.connectionLost(resumeAt: 42), .publish(.reconnecting), .scheduleRetry(after: 0.25)])
    }

    func testReconnectingWhilePausedEndsPaused() {
        var session = reconnecting(position: 7)
        XCTAssertEqual(session.handle(.pause), [.setPipeline(.paused)], "the pipeline was let go: it opens again paused")
        XCTAssertEqual(session.handle(.retryDue), [.retrying(attempt: 1), .setPipeline(.paused)])
        XCTAssertEqual(session.handle(.asyncDone), [.seek(to: 7, accurate: true)])
        XCTAssertEqual(session.handle(.asyncDone), [.publish(.paused)])
        XCTAssertNil(session.reconnection)
        XCTAssertFalse(session.hasPlayed && session.isPlaying)
    }

    func testPlayWhileReconnectingAsksForPlaying() {
        var session = reconnecting()
        XCTAssertEqual(session.handle(.play), [.setPipeline(.playing)])
    }

    func testAResumePositionUnknownAtTheLossIsTakenAtTheRetry() {
        var session = opened()
        _ = session.handle(.prerolled(live: false, videoStreams: 1))
        _ = session.handle(.playing)
        _ = session.handle(.error(dropped), now: start)
        XCTAssertEqual(session.handle(.connectionChecked(.unreachable(.refused)), now: start),
                       [.connectionLost(resumeAt: nil), .publish(.reconnecting), .scheduleRetry(after: 0.25)])
        XCTAssertEqual(session.position(answered: 9), 9)
        _ = session.handle(.retryDue)
        XCTAssertEqual(session.reconnection?.resumeAt, 9)
    }

    func testARetryDueAfterReconnectingEndedDoesNothing() {
        var session = reconnecting()
        _ = session.handle(.cannotOpen(.damaged))
        XCTAssertEqual(session.handle(.retryDue), [])
        XCTAssertEqual(session.handle(.asyncDone), [.reportSeekDone])
    }

    func testAnHTTPStatusWhileReconnectingIsFinal() {
        var session = reconnecting(position: 30)
        _ = session.handle(.retryDue)
        let gone = PlaybackSession.PipelineError(problem: .network("Not Found"), httpStatus: 404)
        XCTAssertEqual(session.handle(.error(gone)), failure(.network(HTTPStatus.describe(404))))
        XCTAssertEqual(session.position(answered: nil), 30)
    }

    // MARK: Intents in each state

    /// A session in each state, and what play, pause and seek do there.
    func testIntentsInEachState() {
        typealias A = PlaybackSession.Action
        var stalled = playing()
        _ = stalled.handle(.buffering(percent: 10))
        var refilled = stalled
        _ = refilled.handle(.buffering(percent: 100))
        var paused = playing()
        _ = paused.handle(.pause)
        _ = paused.handle(.paused)
        var ended = playing()
        _ = ended.handle(.endOfStream)
        var failed = playing()
        _ = failed.handle(.cannotOpen(.damaged))
        let seek = A.seek(to: 5, accurate: true)
        let cases: [(String, PlaybackSession, play: [A], pause: [A], seek: [A])] = [
            ("opening", opened(), [.setPipeline(.playing)], [], [seek]),
            ("playing", playing(), [.setPipeline(.playing)], [.setPipeline(.paused)], [seek]),
            ("paused", paused, [.setPipeline(.playing)], [], [seek]),
            ("buffering", stalled, [], [], [seek]),
            ("refilled", refilled, [.setPipeline(.playing)], [.setPipeline(.paused)], [seek]),
            ("reconnecting", reconnecting(), [.setPipeline(.playing)], [.setPipeline(.paused)], [seek]),
            ("ended", ended, [.seek(to: 0, accurate: true), .publish(.playing), .setPipeline(.playing)], [],
             [seek, .publish(.paused)]),
            // The pipeline was let go: asking for a state opens it again (as
            // Reel always did; the error page stays).
            ("failed", failed, [.setPipeline(.playing)], [.setPipeline(.paused)], [seek]),
        ]
        for (name, session, play, pause, seekActions) in cases {
            var session1 = session, session2 = session, session3 = session
            XCTAssertEqual(session1.handle(.play), play, "play while \(name)")
            XCTAssertEqual(session2.handle(.pause), pause, "pause while \(name)")
            XCTAssertFalse(session2.isPlaying, "paused while \(name)")
            XCTAssertEqual(session3.handle(.seek(to: 5, accurate: true)), seekActions, "seek while \(name)")
        }
    }
}
