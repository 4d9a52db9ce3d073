import ReelCore
import XCTest

final class ControlsFadeTests: XCTestCase {
    func testTheBarsFadeWhileTheVideoPlaysWithNoMenuOpen() {
        let fade = ControlsFade()
        XCTAssertTrue(fade.mayHide(playing: true, menuOpen: false, focusOnBars: false))
        XCTAssertFalse(fade.mayHide(playing: false, menuOpen: false, focusOnBars: false))
        XCTAssertFalse(fade.mayHide(playing: true, menuOpen: true, focusOnBars: false))
    }

    func testTheFocusReelPutOnPlayWhenTheVideoOpenedDoesNotHoldThem() {
        var fade = ControlsFade()
        fade.opened()
        XCTAssertTrue(fade.mayHide(playing: true, menuOpen: false, focusOnBars: true))
    }

    func testTabShowsHiddenBarsBeforeMovingAndTheKeyboardOnThemHoldsThem() {
        var fade = ControlsFade()
        XCTAssertEqual(fade.tab(barsShown: false), .showThenMove)
        XCTAssertEqual(fade.tab(barsShown: true), .keepShowing)
        XCTAssertFalse(fade.mayHide(playing: true, menuOpen: false, focusOnBars: true))
        // Tabbed on to the video (or a toast): they may go.
        XCTAssertTrue(fade.mayHide(playing: true, menuOpen: false, focusOnBars: false))
    }

    func testAClickOrANewVideoEndsTheKeyboardsHold() {
        var fade = ControlsFade()
        _ = fade.tab(barsShown: true)
        fade.pointerPressed()
        XCTAssertTrue(fade.mayHide(playing: true, menuOpen: false, focusOnBars: true))
        _ = fade.tab(barsShown: true)
        fade.opened()
        XCTAssertTrue(fade.mayHide(playing: true, menuOpen: false, focusOnBars: true))
    }
}
