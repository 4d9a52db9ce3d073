import XCTest
@testable import ReelCore

final class PreviewStripLogicTests: XCTestCase {
    func testLoopsBackToBackAndWraps() {
        var queue = LoopingQueue(clips: ["a", "b", "c"])
        XCTAssertEqual(queue.currentClip, "a")
        var played: [String] = []
        for _ in 0..<7 { played.append(queue.advance()!) }
        XCTAssertEqual(played, ["b", "c", "a", "b", "c", "a", "b"])
    }

    func testBrokenClipsAreSkippedAndAllBrokenStops() {
        var queue = LoopingQueue(clips: ["a", "b", "c"])
        queue.markBroken("b")
        XCTAssertEqual(queue.advance(), "c")
        XCTAssertEqual(queue.advance(), "a")
        queue.markBroken("a")            // the playing clip fails: move on
        XCTAssertEqual(queue.currentClip, "c")
        queue.markBroken("c")
        XCTAssertFalse(queue.isPlayable)
        XCTAssertNil(queue.advance())
    }

    func testEmptyAndSingleClip() {
        var empty = LoopingQueue(clips: [])
        XCTAssertNil(empty.currentClip)
        XCTAssertNil(empty.advance())
        var one = LoopingQueue(clips: ["only"])
        XCTAssertEqual(one.nextIndex, 0)
        XCTAssertEqual(one.advance(), "only")
    }

    func testClipChoice() {
        let feed = [
            VideoItem(uri: "https://e.com/r.mp4", kind: .remote, title: "r", origin: .recent),
            VideoItem(uri: "file:///a.mp4", kind: .file, title: "a", origin: .videosFolder),
            VideoItem(uri: "file:///b.mp4", kind: .file, title: "b", origin: .videosFolder),
        ]
        XCTAssertEqual(LoopingQueue.choose(catalogClips: ["file:///c1.mp4"], feed: feed), ["file:///c1.mp4"])
        XCTAssertEqual(LoopingQueue.choose(catalogClips: [], feed: feed), ["file:///a.mp4", "file:///b.mp4"])
    }

    func testSingleClickWaitsForTheDoubleClickTime() {
        var intent = ClickIntent(doubleClickTime: 0.4)
        XCTAssertNil(intent.press(count: 1, at: 10.0))
        XCTAssertNil(intent.tick(at: 10.2), "the click acted before the double-click time")
        XCTAssertEqual(intent.tick(at: 10.4), .toggleSound)
        XCTAssertNil(intent.tick(at: 11.0), "one click acted twice")
    }

    func testDoubleClickNeverTogglesTheSoundFirst() {
        var intent = ClickIntent(doubleClickTime: 0.4)
        XCTAssertNil(intent.press(count: 1, at: 10.0))
        XCTAssertEqual(intent.press(count: 2, at: 10.25), .toggleSpeed)
        XCTAssertNil(intent.tick(at: 10.5), "the double-click also toggled the sound")
        XCTAssertNil(intent.press(count: 3, at: 10.4), "a triple click toggles nothing more")
    }
}
