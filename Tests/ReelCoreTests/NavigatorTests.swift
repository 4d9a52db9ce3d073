import ReelCore
import XCTest

final class NavigatorTests: XCTestCase {
    private let facts = WindowFacts()
    private let clip = "file:///videos/clip.mp4"
    private let other = "file:///videos/other.mp4"

    /// A navigator taken to `screen` the way a person gets there.
    private func navigator(on screen: Screen) -> Navigator {
        var navigator = Navigator()
        switch screen {
        case .feed: break
        case .player(let video):
            _ = navigator.handle(.openVideo(address: video, inMiniWindow: false, stepping: false), facts: facts)
        case .miniWindow(let video):
            _ = navigator.handle(.openVideo(address: video, inMiniWindow: true, stepping: false), facts: facts)
        case .camera:
            _ = navigator.handle(.showCamera(nil), facts: facts)
        case .movie:
            _ = navigator.handle(.showMovie, facts: facts)
        }
        XCTAssertEqual(navigator.screen, screen)
        return navigator
    }

    func testTheWindowStartsOnTheFeed() {
        XCTAssertEqual(Navigator().screen, .feed)
        XCTAssertTrue(Screen.feed.stripMayPlay)
    }

    func testACardOpensTheFullPlayerFullScreenAndPausesTheStrip() {
        var navigator = Navigator()
        let effects = navigator.handle(.openVideo(address: clip, inMiniWindow: false, stepping: false),
                                       facts: WindowFacts(feedFocus: .card(position: 3, byKeyboard: true)))
        XCTAssertEqual(navigator.screen, .player(video: clip))
        XCTAssertEqual(effects, [.stripMayPlay(false), .showPage(.video), .fullscreen(true),
                                 .openVideo(address: clip), .refreshMPRIS])
        XCTAssertEqual(navigator.feedFocus, .card(position: 3, byKeyboard: true))
    }

    func testClosingThePlayerStopsItAndGivesTheFeedItsFocusAndItsWindowBack() {
        var navigator = Navigator()
        _ = navigator.handle(.openVideo(address: clip, inMiniWindow: false, stepping: false),
                             facts: WindowFacts(isFullscreen: false, feedFocus: .card(position: 2, byKeyboard: false)))
        let effects = navigator.handle(.showFeed, facts: WindowFacts(isFullscreen: true))
        XCTAssertEqual(navigator.screen, .feed)
        XCTAssertEqual(effects, [.stopPlayer, .stripMayPlay(true), .showPage(.feed), .fullscreen(false),
                                 .restoreFeedFocus(.card(position: 2, byKeyboard: false), played: clip), .refreshMPRIS])
    }

    func testAWindowThatWasFullScreenBeforeThePlayerStaysSo() {
        var navigator = Navigator()
        _ = navigator.handle(.openVideo(address: clip, inMiniWindow: false, stepping: false),
                             facts: WindowFacts(isFullscreen: true))
        XCTAssertTrue(navigator.wasFullscreen)
        let effects = navigator.handle(.showFeed, facts: WindowFacts(isFullscreen: true))
        XCTAssertFalse(effects.contains(.fullscreen(false)))
    }

    func testAnotherVideoInThePlayerKeepsWhatTheWindowWasBeforeIt() {
        var navigator = Navigator()
        _ = navigator.handle(.openVideo(address: clip, inMiniWindow: false, stepping: false),
                             facts: WindowFacts(isFullscreen: false))
        // Full screen now, by the player: not what the window was.
        let effects = navigator.handle(.openVideo(address: other, inMiniWindow: false, stepping: false),
                                       facts: WindowFacts(isFullscreen: true))
        XCTAssertFalse(navigator.wasFullscreen)
        XCTAssertEqual(effects, [.stripMayPlay(false), .showPage(.video), .fullscreen(true),
                                 .openVideo(address: other), .refreshMPRIS])
    }

    func testAControlThatLeftTheFeedIsKeptByTheWindow() {
        var navigator = Navigator()
        let effects = navigator.handle(.showCamera(.video), facts: WindowFacts(feedFocus: .control))
        XCTAssertEqual(effects, [.rememberFocusedControl, .stripMayPlay(false), .showPage(.camera),
                                 .refreshMPRIS, .openCamera(.video)])
        XCTAssertEqual(navigator.handle(.showFeed, facts: facts),
                       [.closeCamera, .stripMayPlay(true), .showPage(.feed), .restoreFeedFocus(.control, played: nil),
                        .refreshMPRIS])
    }

    func testTheCameraFromTheCameraOnlyChangesItsMode() {
        var navigator = navigator(on: .camera)
        XCTAssertEqual(navigator.handle(.showCamera(.photo), facts: facts),
                       [.stripMayPlay(false), .showPage(.camera), .openCamera(.photo)])
    }

    func testAVideoOpenedWhileTheCameraRecordsClosesTheCameraFirst() {
        var navigator = navigator(on: .camera)
        let effects = navigator.handle(.openVideo(address: clip, inMiniWindow: false, stepping: false), facts: facts)
        XCTAssertEqual(effects.first, .closeCamera)
        XCTAssertEqual(navigator.screen, .player(video: clip))
        XCTAssertFalse(effects.contains(.restoreFeedFocus(.nothing, played: nil)))
    }

    func testTheMovieMakerAndTheCameraCloseEachOther() {
        var navigator = navigator(on: .movie)
        XCTAssertEqual(navigator.handle(.showCamera(nil), facts: facts),
                       [.closeMovie, .stripMayPlay(false), .showPage(.camera), .refreshMPRIS, .openCamera(nil)])
        XCTAssertEqual(navigator.handle(.showMovie, facts: facts),
                       [.closeCamera, .stripMayPlay(false), .showPage(.movie), .refreshMPRIS, .focusPage])
    }

    func testTheMovieMakerStopsThePlayerAndTheMiniWindow() {
        var navigator = navigator(on: .miniWindow(video: clip))
        let effects = navigator.handle(.showMovie, facts: WindowFacts(feedFocus: .control))
        XCTAssertEqual(effects, [.rememberFocusedControl, .stopPlayer, .dismissMiniWindow, .stripMayPlay(false),
                                 .showPage(.movie), .refreshMPRIS, .focusPage])
        XCTAssertEqual(navigator.screen, .movie)
    }

    func testPictureInPictureMovesThePlayingVideoAndShowsTheFeedWithTheStripPaused() {
        var navigator = Navigator()
        _ = navigator.handle(.openVideo(address: clip, inMiniWindow: false, stepping: false),
                             facts: WindowFacts(feedFocus: .card(position: 0, byKeyboard: true)))
        let effects = navigator.handle(.togglePictureInPicture, facts: WindowFacts(isFullscreen: true))
        XCTAssertEqual(navigator.screen, .miniWindow(video: clip))
        XCTAssertEqual(effects, [.showMiniWindow, .stripMayPlay(false), .showPage(.feed), .fullscreen(false),
                                 .restoreFeedFocus(.card(position: 0, byKeyboard: true), played: clip), .presentMiniWindow,
                                 .refreshMPRIS])
        XCTAssertEqual(navigator.screen.shortcutPage, .pictureInPicture)
    }

    func testAFailedVideoStaysInThePlayer() {
        var navigator = navigator(on: .player(video: clip))
        XCTAssertEqual(navigator.handle(.togglePictureInPicture, facts: WindowFacts(videoCanMove: false)), [])
        XCTAssertEqual(navigator.screen, .player(video: clip))
    }

    func testPictureInPictureMeansNothingWithoutAVideo() {
        for screen in [Screen.feed, .camera, .movie] {
            var navigator = navigator(on: screen)
            XCTAssertEqual(navigator.handle(.togglePictureInPicture, facts: facts), [])
            XCTAssertEqual(navigator.handle(.returnFromMiniWindow, facts: facts), [])
            XCTAssertEqual(navigator.handle(.closeMiniWindow, facts: facts), [])
            XCTAssertEqual(navigator.screen, screen)
        }
    }

    func testACardsPictureInPictureOpensTheVideoBeforeItsMiniWindow() {
        var navigator = Navigator()
        let effects = navigator.handle(.openVideo(address: clip, inMiniWindow: true, stepping: false), facts: facts)
        XCTAssertEqual(effects, [.openVideo(address: clip), .showMiniWindow, .stripMayPlay(false), .showPage(.feed),
                                 .presentMiniWindow, .refreshMPRIS])
    }

    func testAnotherCardsPictureInPictureMakesANewMiniWindow() {
        var navigator = navigator(on: .miniWindow(video: clip))
        let effects = navigator.handle(.openVideo(address: other, inMiniWindow: true, stepping: false), facts: facts)
        XCTAssertEqual(effects, [.dismissMiniWindow, .openVideo(address: other), .showMiniWindow, .stripMayPlay(false),
                                 .showPage(.feed), .presentMiniWindow, .refreshMPRIS])
        XCTAssertEqual(navigator.screen, .miniWindow(video: other))
    }

    func testACardPlayedWhileTheMiniWindowPlaysTakesTheVideoBackToTheFullPlayer() {
        var navigator = navigator(on: .miniWindow(video: clip))
        let effects = navigator.handle(.openVideo(address: other, inMiniWindow: false, stepping: false),
                                       facts: WindowFacts(feedFocus: .card(position: 1, byKeyboard: false)))
        XCTAssertEqual(effects, [.dismissMiniWindow, .stripMayPlay(false), .showPage(.video), .fullscreen(true),
                                 .openVideo(address: other), .refreshMPRIS])
    }

    func testNextAndPreviousKeepTheVideoWhereItPlays() {
        var mini = navigator(on: .miniWindow(video: clip))
        XCTAssertEqual(mini.handle(.openVideo(address: other, inMiniWindow: false, stepping: true), facts: facts),
                       [.openVideo(address: other)])
        XCTAssertEqual(mini.screen, .miniWindow(video: other))
        var player = navigator(on: .player(video: clip))
        XCTAssertEqual(player.handle(.openVideo(address: other, inMiniWindow: false, stepping: true), facts: facts),
                       [.openVideo(address: other)])
        XCTAssertEqual(player.screen, .player(video: other))
    }

    func testReturningFromTheMiniWindowShowsThePlayerInFront() {
        var navigator = navigator(on: .miniWindow(video: clip))
        let effects = navigator.handle(.returnFromMiniWindow, facts: WindowFacts(feedFocus: .card(position: 4, byKeyboard: true)))
        XCTAssertEqual(navigator.screen, .player(video: clip))
        XCTAssertEqual(effects, [.dismissMiniWindow, .stripMayPlay(false), .showPage(.video), .fullscreen(true),
                                 .refreshMPRIS, .focusPage, .presentMainWindow])
        XCTAssertEqual(navigator.feedFocus, .card(position: 4, byKeyboard: true))
    }

    func testTheMiniWindowsToggleIsItsReturn() {
        var toggled = navigator(on: .miniWindow(video: clip))
        var returned = toggled
        XCTAssertEqual(toggled.handle(.togglePictureInPicture, facts: facts), returned.handle(.returnFromMiniWindow, facts: facts))
        XCTAssertEqual(toggled, returned)
    }

    func testClosingTheMiniWindowStopsPlaybackAndLetsTheStripPlay() {
        var navigator = navigator(on: .miniWindow(video: clip))
        let effects = navigator.handle(.closeMiniWindow, facts: facts)
        XCTAssertEqual(effects, [.stopPlayer, .dismissMiniWindow, .stripMayPlay(true), .showPage(.feed), .refreshMPRIS])
        XCTAssertEqual(navigator.screen, .feed)
    }

    func testTheMainWindowClosedWithTheMiniWindowPlayingHidesUntilTheMiniWindowCloses() {
        var navigator = navigator(on: .miniWindow(video: clip))
        XCTAssertEqual(navigator.handle(.closeMainWindow, facts: facts), [.hideMainWindow])
        XCTAssertEqual(navigator.screen, .miniWindow(video: clip))
        let effects = navigator.handle(.closeMiniWindow, facts: WindowFacts(isMainWindowShown: false))
        XCTAssertEqual(Array(effects.suffix(2)), [.shutDown, .destroyMainWindow])
        XCTAssertEqual(effects.first, .stopPlayer)
    }

    func testTheMainWindowClosedOtherwiseEndsTheApp() {
        for screen in [Screen.feed, .player(video: clip), .camera, .movie] {
            var navigator = navigator(on: screen)
            XCTAssertEqual(navigator.handle(.closeMainWindow, facts: facts), [.shutDown])
        }
    }

    func testQuittingStopsWhatTheScreenHoldsAndTellsTheDesktopAtOnce() {
        let expected: [(Screen, [NavigationEffect])] = [
            (.feed, [.refreshMPRISNow]),
            (.camera, [.closeCamera, .refreshMPRISNow]),
            (.movie, [.closeMovie, .refreshMPRISNow]),
            (.player(video: clip), [.stopPlayer, .refreshMPRISNow]),
            (.miniWindow(video: clip), [.stopPlayer, .dismissMiniWindow, .refreshMPRISNow]),
        ]
        for (screen, effects) in expected {
            var navigator = navigator(on: screen)
            XCTAssertEqual(navigator.handle(.quit, facts: facts), effects, "\(screen)")
            XCTAssertEqual(navigator.screen, .feed)
        }
    }

    func testASearchActivationWhileAMovieExportsLeavesTheExportAlone() {
        // The Shell's result plays in the player: the movie's preview stops,
        // its export is not the window's to stop.
        var navigator = navigator(on: .movie)
        let effects = navigator.handle(.openVideo(address: clip, inMiniWindow: false, stepping: false), facts: facts)
        XCTAssertEqual(effects, [.closeMovie, .stripMayPlay(false), .showPage(.video), .fullscreen(true),
                                 .openVideo(address: clip), .refreshMPRIS])
    }

    func testTheFeedFromTheFeedChangesNothingButTheLayout() {
        var navigator = Navigator()
        XCTAssertEqual(navigator.handle(.showFeed, facts: facts), [.stripMayPlay(true), .showPage(.feed)])
    }

    func testTheStripPlaysOnlyOnTheFeedWithNothingElsePlaying() {
        for screen in [Screen.player(video: clip), .miniWindow(video: clip), .camera, .movie] {
            XCTAssertFalse(screen.stripMayPlay, "\(screen)")
            var navigator = navigator(on: screen)
            XCTAssertTrue(navigator.handle(.showFeed, facts: facts).contains(.stripMayPlay(true)))
        }
    }

    func testEachScreenHasItsPageAndShortcuts() {
        XCTAssertEqual(Screen.feed.windowPage, .feed)
        XCTAssertEqual(Screen.miniWindow(video: clip).windowPage, .feed)
        XCTAssertEqual(Screen.player(video: clip).windowPage, .video)
        XCTAssertEqual(Screen.camera.shortcutPage, .camera)
        XCTAssertEqual(Screen.movie.shortcutPage, .movie)
        XCTAssertEqual(Screen.feed.shortcutPage, .app)
        XCTAssertEqual(Screen.player(video: clip).shortcutPage, .player)
        XCTAssertEqual(WindowPage.allCases.filter(\.showsHeaderBar), [.feed])
    }

    func testEveryStepEndsWithTheMediaControlsToldWhenTheScreenChanged() {
        let intents: [NavigationIntent] = [
            .showFeed, .openVideo(address: clip, inMiniWindow: false, stepping: false),
            .openVideo(address: other, inMiniWindow: true, stepping: false), .showCamera(nil), .showMovie,
            .togglePictureInPicture, .returnFromMiniWindow, .closeMiniWindow,
        ]
        for start in [Screen.feed, .player(video: clip), .miniWindow(video: clip), .camera, .movie] {
            for intent in intents {
                var navigator = navigator(on: start)
                let effects = navigator.handle(intent, facts: facts)
                XCTAssertEqual(effects.contains(.refreshMPRIS), navigator.screen != start, "\(start) \(intent)")
                // Whatever the new screen does not hold is stopped.
                if start == .camera, navigator.screen != .camera { XCTAssertTrue(effects.contains(.closeCamera)) }
                if start.video != nil, navigator.screen.video == nil { XCTAssertTrue(effects.contains(.stopPlayer)) }
                if case .miniWindow = start, case .miniWindow = navigator.screen {} else if case .miniWindow = start {
                    XCTAssertTrue(effects.contains(.dismissMiniWindow), "\(intent)")
                }
            }
        }
    }
}
