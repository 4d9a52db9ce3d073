import XCTest
@testable import ReelCore

private let second: Int64 = 1_000_000_000

private func video(_ name: String, _ seconds: Int64 = 10, rate: FrameRate = FrameRate(25)) -> MovieClip {
    MovieClip(uri: "file:///v/\(name).mp4", sourceDuration: seconds * second, frameRate: rate, width: 1920, height: 1080)
}

final class TimelineScaleTests: XCTestCase {
    func testTheWholeMovieFitsAndZoomStopsAtItsEnds() {
        let fitted = TimelineScale.fitting(20 * second, in: 800)
        XCTAssertEqual(fitted.pixelsPerSecond, 40)
        XCTAssertEqual(fitted.x(of: 20 * second), 800)
        XCTAssertEqual(fitted.zoomedIn.pixelsPerSecond, 60)
        XCTAssertEqual(fitted.zoomedOut.pixelsPerSecond, 40 / 1.5, accuracy: 1e-9)
        var scale = fitted
        while scale.canZoomIn { scale = scale.zoomedIn }
        XCTAssertEqual(scale.pixelsPerSecond, TimelineScale.closest)
        XCTAssertEqual(scale.zoomedIn, scale)
        while scale.canZoomOut { scale = scale.zoomedOut }
        XCTAssertEqual(scale.pixelsPerSecond, TimelineScale.farthest)
        XCTAssertEqual(TimelineScale.fitting(0, in: 800), TimelineScale(), "an empty movie: the default")
        XCTAssertEqual(TimelineScale.fitting(7200 * second, in: 100).pixelsPerSecond, TimelineScale.farthest)
    }

    func testAClickLandsOnAFrameInsideTheMovie() {
        let scale = TimelineScale(pixelsPerSecond: 100)
        let rate = FrameRate(25)
        XCTAssertEqual(scale.time(atX: 101, rate: rate, limit: 10 * second), second + 0,
                       "1.01 s is nearest the frame at 1 s")
        XCTAssertEqual(scale.time(atX: 103, rate: rate, limit: 10 * second), second + 40_000_000)
        XCTAssertEqual(scale.time(atX: -20, rate: rate, limit: 10 * second), 0)
        XCTAssertEqual(scale.time(atX: 5000, rate: rate, limit: 10 * second), 10 * second)
        XCTAssertEqual(scale.duration(ofWidth: -50), -second / 2)
    }

    func testTheRulersMarksLeaveRoomForTheirTimes() {
        XCTAssertEqual(TimelineScale(pixelsPerSecond: 100).markStep(gap: 80), second)
        XCTAssertEqual(TimelineScale(pixelsPerSecond: 30).markStep(gap: 80), 5 * second)
        XCTAssertEqual(TimelineScale(pixelsPerSecond: 1).markStep(gap: 80), 120 * second)
        XCTAssertEqual(TimelineScale(pixelsPerSecond: 0.5).markStep(gap: 80), 300 * second)
    }
}

final class TimelineGripTests: XCTestCase {
    private let rate = FrameRate(25)

    func testTheWholeSpanMovesOnFramesAndStopsAtTheMoviesEnds() {
        let span = (start: 2 * second, end: 5 * second)
        let moved = TimelineGrip.whole.dragged(span, by: 1_010_000_000, limit: 20 * second, shortest: second / 10, rate: rate)
        XCTAssertEqual(moved.start, 3 * second)
        XCTAssertEqual(moved.end, 6 * second, "its length is kept")
        let early = TimelineGrip.whole.dragged(span, by: -9 * second, limit: 20 * second, shortest: second / 10, rate: rate)
        XCTAssertEqual(early.start, 0)
        XCTAssertEqual(early.end, 3 * second)
        let late = TimelineGrip.whole.dragged(span, by: 30 * second, limit: 20 * second, shortest: second / 10, rate: rate)
        XCTAssertEqual(late.start, 17 * second)
        XCTAssertEqual(late.end, 20 * second)
    }

    func testAnEndMovesAloneAndTheSpanKeepsItsShortestLength() {
        let span = (start: 2 * second, end: 5 * second)
        let shortest = second / 10
        let start = TimelineGrip.start.dragged(span, by: second, limit: 20 * second, shortest: shortest, rate: rate)
        XCTAssertEqual(start.start, 3 * second)
        XCTAssertEqual(start.end, 5 * second)
        let past = TimelineGrip.start.dragged(span, by: 10 * second, limit: 20 * second, shortest: shortest, rate: rate)
        XCTAssertEqual(past.start, 5 * second - shortest)
        let end = TimelineGrip.end.dragged(span, by: -10 * second, limit: 20 * second, shortest: shortest, rate: rate)
        XCTAssertEqual(end.end, 2 * second + shortest)
        let beyond = TimelineGrip.end.dragged(span, by: 60 * second, limit: 20 * second, shortest: shortest, rate: rate)
        XCTAssertEqual(beyond.end, 20 * second)
        let before = TimelineGrip.start.dragged(span, by: -60 * second, limit: 20 * second, shortest: shortest, rate: rate)
        XCTAssertEqual(before.start, 0)
    }

    func testATrimHandleDraggedMovesOnTheSourcesOwnFrames() {
        let clip = video("a", 10, rate: FrameRate(30000, 1001))
        let start = MovieTrimHandle.start.dragged(clip, by: second)
        XCTAssertEqual(start.start, FrameRate(30000, 1001).time(ofFrame: 30), "a second is 30 frames of 29.97 fps, rounded")
        XCTAssertEqual(start.end, clip.trimOut)
        let end = MovieTrimHandle.end.dragged(clip, by: -2 * second)
        XCTAssertEqual(end.start, 0)
        XCTAssertEqual(end.end, FrameRate(30000, 1001).time(ofFrame: 300 - 60))
        XCTAssertEqual(MovieTrimHandle.start.dragged(clip, by: -second).start, 0, "not before the source's start")
    }
}

final class OverlayLanesTests: XCTestCase {
    func testOverlappingSpansTakeTheFirstFreeRow() {
        // A logo over everything, a caption per clip, and one across two.
        let spans: [(start: Int64, end: Int64)] = [(0, 30), (0, 10), (10, 20), (5, 15), (20, 30)]
        XCTAssertEqual(OverlayLanes.rows(for: spans), [0, 1, 1, 2, 1])
        XCTAssertEqual(OverlayLanes.rows(for: []), [])
    }
}

final class OverlayPlacingTests: XCTestCase {
    func testACaptionDraggedOntoTheNextClipGoesWithThatClip() {
        var editor = MovieEditor()
        let a = video("a"), b = video("b")
        editor.add([a, b])
        let caption = MovieOverlay.caption("Hi", over: a.id, offset: 2 * second, length: 3 * second)
        editor.addOverlay(caption)
        let before = editor.edit
        editor.placeOverlay(caption.id, start: 12 * second, end: 15 * second)
        XCTAssertEqual(editor.edit.overlays[0].anchor, .clip(b.id))
        XCTAssertEqual(editor.edit.overlays[0].offset, 2 * second)
        XCTAssertEqual(editor.edit.overlays[0].length, 3 * second)
        editor.move(b.id, to: 0)
        XCTAssertEqual(editor.edit.plan.overlays[0].start, 2 * second, "it now moves with b")
        editor.undo()
        editor.undo()
        XCTAssertEqual(editor.edit, before, "one step to undo")
    }

    func testOneLastingToItsClipsEndKeepsDoingSoUnlessItsEndMoves() {
        var editor = MovieEditor()
        let a = video("a")
        editor.add([a])
        let title = MovieOverlay.caption("Hi", over: a.id)
        editor.addOverlay(title)
        editor.placeOverlay(title.id, start: second, end: 10 * second)
        XCTAssertNil(editor.edit.overlays[0].length, "its start moved; it still lasts to the end")
        XCTAssertEqual(editor.edit.overlays[0].offset, second)
        editor.placeOverlay(title.id, start: second, end: 8 * second)
        XCTAssertEqual(editor.edit.overlays[0].length, 7 * second)
        let logo = MovieOverlay.watermark(MoviePicture(uri: "file:///l.png", width: 10, height: 10))
        editor.addOverlay(logo)
        editor.placeOverlay(logo.id, start: 4 * second, end: 6 * second)
        XCTAssertEqual(editor.edit.overlays[1].anchor, .movie)
        XCTAssertEqual(editor.edit.overlays[1].offset, 4 * second)
        XCTAssertEqual(editor.edit.overlays[1].length, 2 * second)
    }

    func testBringingForwardStepsPastTheNextOverlayItMeets() {
        var editor = MovieEditor()
        let a = video("a"), b = video("b")
        editor.add([a, b])
        let logo = MovieOverlay.watermark(MoviePicture(uri: "file:///l.png", width: 10, height: 10))
        let other = MovieOverlay.caption("On b", over: b.id)
        let caption = MovieOverlay.caption("On a", over: a.id)
        for overlay in [caption, other, logo] { editor.addOverlay(overlay) }
        // The caption on a never meets the one on b: forward goes past it to the logo.
        XCTAssertEqual(editor.edit.restackTarget(caption.id, forward: true), 2)
        XCTAssertNil(editor.edit.restackTarget(caption.id, forward: false), "nothing behind it")
        editor.restack(caption.id, to: 2)
        XCTAssertEqual(editor.edit.overlays.map(\.id), [other.id, logo.id, caption.id], "now in front of the logo")
        XCTAssertNil(editor.edit.restackTarget(caption.id, forward: true))
        XCTAssertEqual(editor.edit.restackTarget(caption.id, forward: false), 1)
        editor.restack(caption.id, to: 1)
        XCTAssertEqual(editor.edit.overlays.map(\.id), [other.id, caption.id, logo.id])
    }

    func testAPhotoIsShownAlongItsClipByItsOwnFile() {
        let photo = MovieClip.photo(uri: "file:///p/Green%20field.jpg", width: 800, height: 600)
        XCTAssertEqual(photo.photoPath, "/p/Green field.jpg")
        XCTAssertNil(video("a").photoPath, "a video shows its thumbnail")
    }
}
