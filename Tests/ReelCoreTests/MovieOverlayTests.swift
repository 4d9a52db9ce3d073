import XCTest
@testable import ReelCore

private let second: Int64 = 1_000_000_000

private func video(_ name: String, _ seconds: Int64 = 10, rate: FrameRate = FrameRate(25),
                   width: Int = 1920, height: Int = 1080) -> MovieClip {
    MovieClip(uri: "file:///v/\(name).mp4", sourceDuration: seconds * second, frameRate: rate, width: width, height: height)
}

final class EasingAndPlaceTests: XCTestCase {
    func testEveryEasingRunsFromZeroToOneAndStaysThere() {
        for easing in Easing.allCases {
            XCTAssertEqual(easing(0), 0, accuracy: 1e-12, "\(easing)")
            XCTAssertEqual(easing(1), 1, accuracy: 1e-12, "\(easing)")
            XCTAssertEqual(easing(-3), 0, "\(easing) before its start")
            XCTAssertEqual(easing(7), 1, "\(easing) after its end")
            var last = 0.0
            for step in 1...100 {
                let value = easing(Double(step) / 100)
                XCTAssertGreaterThanOrEqual(value, last, "\(easing) never goes back")
                last = value
            }
        }
        XCTAssertEqual(Easing.linear(0.25), 0.25)
        XCTAssertLessThan(Easing.easeIn(0.5), 0.5, "slow at first")
        XCTAssertGreaterThan(Easing.easeOut(0.5), 0.5, "fast at first")
        XCTAssertEqual(Easing.easeInOut(0.5), 0.5, accuracy: 1e-12, "half way at half time")
        XCTAssertEqual(Easing.easeInOut(0.2) + Easing.easeInOut(0.8), 1, accuracy: 1e-12, "symmetric")
    }

    func testPlacesInterpolateAndStayInTheFrame() {
        let start = OverlayPlace(x: 0.2, y: 0.8, scale: 1)
        let end = OverlayPlace(x: 0.6, y: 0.4, scale: 2)
        XCTAssertEqual(start.toward(end, 0), start)
        XCTAssertEqual(start.toward(end, 1), end)
        let half = start.toward(end, 0.5)
        XCTAssertEqual(half.x, 0.4, accuracy: 1e-12)
        XCTAssertEqual(half.y, 0.6, accuracy: 1e-12)
        XCTAssertEqual(half.scale, 1.5, accuracy: 1e-12)
        XCTAssertEqual(OverlayPlace(x: -1, y: 3, scale: 0).x, 0)
        XCTAssertEqual(OverlayPlace(x: -1, y: 3, scale: 0).y, 1)
        XCTAssertEqual(OverlayPlace(x: 0, y: 0, scale: 0).scale, OverlayPlace.smallest)
    }

    func testADraggedPlaceSnapsToTheCentreAndTheSafeMargins() {
        let size = (width: 0.2, height: 0.1)
        XCTAssertEqual(OverlayPlace(x: 0.51, y: 0.3).snapped(size: size).x, 0.5, "near the centre line")
        XCTAssertEqual(OverlayPlace(x: 0.45, y: 0.3).snapped(size: size).x, 0.45, "too far from any guide")
        // The left edge at 0.152 - 0.1 = 0.052: onto the 5 % margin.
        XCTAssertEqual(OverlayPlace(x: 0.152, y: 0.3).snapped(size: size).x, 0.15, accuracy: 1e-12)
        // The bottom edge near 95 %.
        XCTAssertEqual(OverlayPlace(x: 0.3, y: 0.89).snapped(size: size).y, 0.9, accuracy: 1e-12)
        XCTAssertEqual(OverlayPlace(x: 0.3, y: 0.3, scale: 1.5).snapped(size: size).scale, 1.5, "size untouched")
    }

    func testColoursReadAndWriteTheirHex() {
        XCTAssertEqual(MovieColor(red: 255, green: 8, blue: 0, alpha: 128).hex, "#ff080080")
        // An outline that reads: dark around light words, light around dark ones.
        XCTAssertEqual(MovieColor.white.contrasting, .black)
        XCTAssertEqual(MovieColor(red: 255, green: 230, blue: 0).contrasting, .black)
        XCTAssertEqual(MovieColor(red: 0, green: 0, blue: 200).contrasting, .white)
        XCTAssertEqual(MovieColor.black.contrasting, .white)
        // A photo's framing zoomed from the whole fill to twice as close,
        // about the fill's centre, and read back; kept within 0.2…1.
        let photo = (4000, 3000), frame = (1920, 1080)
        let zoomed = PanZoom.framed(start: .init(zoom: 1), end: .init(zoom: 0.5), photo: photo, frame: frame)
        XCTAssertEqual(zoomed.start, PanZoom.standard(photo: photo, frame: frame).start)
        XCTAssertEqual(zoomed.end.width, 0.5, accuracy: 1e-9)
        XCTAssertEqual(zoomed.end.x + zoomed.end.width / 2, 0.5, accuracy: 1e-9)
        XCTAssertEqual(zoomed.end.y + zoomed.end.height / 2, 0.5, accuracy: 1e-9)
        let read = zoomed.framings(photo: photo, frame: frame)
        XCTAssertEqual(read.start.zoom, 1, accuracy: 1e-9)
        XCTAssertEqual(read.end.zoom, 0.5, accuracy: 1e-9)
        XCTAssertEqual(read.end.across, 0.5, accuracy: 1e-9)
        XCTAssertEqual(PanZoom.framed(start: .init(zoom: 3), end: .init(zoom: 0), photo: photo, frame: frame)
                        .framings(photo: photo, frame: frame).end.zoom, 0.2, accuracy: 1e-9)
        // Panned: from the top left corner at the fill's size (the whole
        // width: no room across, so it reads as centred), to the bottom
        // right at half of it.
        let panned = PanZoom.framed(start: .init(zoom: 1, across: 0, down: 0), end: .init(zoom: 0.5, across: 1, down: 1),
                                    photo: photo, frame: frame)
        XCTAssertEqual([panned.start.x, panned.start.y, panned.start.width], [0, 0, 1])
        XCTAssertEqual(panned.start.height, 0.75, accuracy: 1e-9)
        XCTAssertEqual(panned.end.x + panned.end.width, 1, accuracy: 1e-9)
        XCTAssertEqual(panned.end.y + panned.end.height, 1, accuracy: 1e-9)
        let back = panned.framings(photo: photo, frame: frame)
        XCTAssertEqual([back.start.across, back.start.down, back.end.across, back.end.down], [0.5, 0, 1, 1])
        // The file choosers open where the clip is.
        XCTAssertEqual(MovieClip.folder(ofURI: "file:///home/ann/My%20Clips/a.mp4"), "file:///home/ann/My%20Clips/")
        XCTAssertNil(MovieClip.folder(ofURI: ""))
        XCTAssertNil(MovieClip.folder(ofURI: "https://example.com/a.mp4"))
        XCTAssertEqual(MovieColor(hex: "#ff080080"), MovieColor(red: 255, green: 8, blue: 0, alpha: 128))
        XCTAssertEqual(MovieColor(hex: "#102030"), MovieColor(red: 16, green: 32, blue: 48, alpha: 255))
        for bad in ["", "#", "102030", "#12345", "#gg0000", "#1020304050"] {
            XCTAssertNil(MovieColor(hex: bad), bad)
        }
    }
}

final class OverlayAnimationTests: XCTestCase {
    private func overlay(_ entrance: OverlayAnimation, _ exit: OverlayAnimation = .none,
                         text: String = "Hello", opacity: Double = 1) -> MovieOverlay {
        MovieOverlay(content: .text(MovieText(text: text)), anchor: .movie, place: OverlayPlace(x: 0.5, y: 0.8),
                     opacity: opacity, entrance: entrance, exit: exit)
    }

    func testAFadeRisesWithItsEasingAndFallsAtTheExit() {
        let fade = overlay(OverlayAnimation(kind: .fade, duration: second, easing: .linear),
                           OverlayAnimation(kind: .fade, duration: 2 * second, easing: .linear), opacity: 0.8)
        let length = 10 * second
        XCTAssertEqual(fade.state(at: 0, length: length).opacity, 0)
        XCTAssertEqual(fade.state(at: second / 2, length: length).opacity, 0.4, accuracy: 1e-9)
        XCTAssertEqual(fade.state(at: second, length: length).opacity, 0.8, accuracy: 1e-9, "its own opacity once in")
        XCTAssertEqual(fade.state(at: 5 * second, length: length).opacity, 0.8, accuracy: 1e-9)
        XCTAssertEqual(fade.state(at: 9 * second, length: length).opacity, 0.4, accuracy: 1e-9, "half way out")
        XCTAssertEqual(fade.state(at: length, length: length).opacity, 0, accuracy: 1e-9)
        XCTAssertFalse(fade.state(at: 0, length: length).isVisible)
        let eased = overlay(OverlayAnimation(kind: .fade, duration: second, easing: .easeOut))
        XCTAssertEqual(eased.state(at: second / 2, length: length).opacity, Easing.easeOut(0.5), accuracy: 1e-9)
    }

    func testASlideComesFromBeyondItsEdgeToItsPlace() {
        let slide = overlay(OverlayAnimation(kind: .slide(.left), duration: second, easing: .linear))
        let size = (width: 0.3, height: 0.1)
        let outside = slide.state(at: 0, length: 5 * second).centre(size: size)
        XCTAssertEqual(outside.x, -0.15, accuracy: 1e-9, "its right edge at the frame's left edge")
        XCTAssertEqual(outside.y, 0.8, accuracy: 1e-9)
        XCTAssertEqual(slide.state(at: second / 2, length: 5 * second).centre(size: size).x, (0.5 - 0.15) / 2, accuracy: 1e-9)
        XCTAssertEqual(slide.state(at: second, length: 5 * second).centre(size: size).x, 0.5, accuracy: 1e-9)
        let fromBottom = overlay(OverlayAnimation(kind: .slide(.bottom), duration: second, easing: .linear))
        XCTAssertEqual(fromBottom.state(at: 0, length: 5 * second).centre(size: size).y, 1.05, accuracy: 1e-9)
        let leaveRight = overlay(.none, OverlayAnimation(kind: .slide(.right), duration: second, easing: .linear))
        XCTAssertEqual(leaveRight.state(at: 5 * second, length: 5 * second).centre(size: size).x, 1.15, accuracy: 1e-9)
        XCTAssertEqual(leaveRight.state(at: 4 * second, length: 5 * second).centre(size: size).x, 0.5, accuracy: 1e-9)
    }

    func testGrowingAndTypingAndTheirFallbackForPictures() {
        let grow = overlay(OverlayAnimation(kind: .scale, duration: second, easing: .linear))
        XCTAssertEqual(grow.state(at: second / 4, length: 4 * second).growth, 0.25, accuracy: 1e-9)
        XCTAssertEqual(grow.state(at: second, length: 4 * second).growth, 1)
        XCTAssertFalse(grow.state(at: 0, length: 4 * second).isVisible)

        // "Xin chào" is 8 characters however its marks are encoded.
        let typing = overlay(OverlayAnimation(kind: .typing, duration: 8 * second, easing: .linear), text: "Xin cha\u{300}o")
        let text = typing.text!
        XCTAssertEqual(text.characterCount, 8)
        XCTAssertEqual(typing.state(at: 3 * second, length: 10 * second).characters(of: text.characterCount), 3)
        XCTAssertEqual(text.prefix(characters: 7), "Xin cha\u{300}", "a letter comes with its mark")
        XCTAssertEqual(typing.state(at: 9 * second, length: 10 * second).characters(of: 8), 8)
        XCTAssertFalse(typing.state(at: 0, length: 10 * second).isVisible)

        let picture = MovieOverlay(content: .picture(MoviePicture(uri: "file:///logo.png", width: 100, height: 50)),
                                   anchor: .movie, entrance: OverlayAnimation(kind: .typing, duration: second, easing: .linear))
        let state = picture.state(at: second / 2, length: 4 * second)
        XCTAssertNil(state.typed, "a picture cannot type")
        XCTAssertEqual(state.opacity, 0.5, accuracy: 1e-9, "it fades instead")
    }

    func testEntranceAndExitShareASpanTooShortForBoth() {
        let both = overlay(OverlayAnimation(kind: .fade, duration: 3 * second, easing: .linear),
                           OverlayAnimation(kind: .fade, duration: 1 * second, easing: .linear))
        // A 2 s span: 1.5 s in, 0.5 s out.
        XCTAssertEqual(both.state(at: 3 * second / 4, length: 2 * second).opacity, 0.5, accuracy: 1e-9)
        XCTAssertEqual(both.state(at: 3 * second / 2, length: 2 * second).opacity, 1, accuracy: 1e-9)
        XCTAssertEqual(both.state(at: 7 * second / 4, length: 2 * second).opacity, 0.5, accuracy: 1e-9)
    }

    func testAMoveGoesFromTheStartPlaceToTheEndPlaceEased() {
        var moving = overlay(.none)
        moving.place = OverlayPlace(x: 0.2, y: 0.2, scale: 1)
        moving.endPlace = OverlayPlace(x: 0.8, y: 0.6, scale: 2)
        moving.moveEasing = .easeInOut
        XCTAssertEqual(moving.state(at: 0, length: 4 * second).place, moving.place)
        XCTAssertEqual(moving.state(at: 4 * second, length: 4 * second).place, moving.endPlace)
        let quarter = moving.state(at: second, length: 4 * second).place
        XCTAssertEqual(quarter.x, 0.2 + 0.6 * Easing.easeInOut(0.25), accuracy: 1e-9)
        XCTAssertEqual(quarter.scale, 1 + Easing.easeInOut(0.25), accuracy: 1e-9)
    }

    func testDurationsAreKeptInRangeAndNoneTakesNoTime() {
        XCTAssertEqual(OverlayAnimation(kind: .none, duration: second).duration, 0)
        XCTAssertEqual(OverlayAnimation(kind: .fade, duration: -5).duration, 0)
        XCTAssertEqual(OverlayAnimation(kind: .fade, duration: 99 * second).duration, OverlayAnimation.longest)
        for kind in OverlayAnimation.kinds {
            XCTAssertEqual(OverlayAnimation.kind(named: OverlayAnimation.name(of: kind)), kind)
            XCTAssertFalse(OverlayAnimation.label(of: kind).isEmpty)
        }
        XCTAssertNil(OverlayAnimation.kind(named: "spin"))
    }
}

final class MovieOverlayPlanTests: XCTestCase {
    func testACaptionStaysOnItsClipWhenClipsMoveAndAreTrimmed() {
        var editor = MovieEditor()
        let a = video("a"), b = video("b")
        editor.add([a, b])
        editor.addOverlay(.caption("Hello", over: b.id, offset: 2 * second, length: 3 * second))
        var scheduled = editor.edit.plan.overlays[0]
        XCTAssertEqual(scheduled.start, 12 * second)
        XCTAssertEqual(scheduled.duration, 3 * second)

        editor.trim(a.id, from: 0, to: 4 * second)
        scheduled = editor.edit.plan.overlays[0]
        XCTAssertEqual(scheduled.start, 6 * second, "the clip before was trimmed: it follows its clip")

        editor.move(b.id, to: 0)
        scheduled = editor.edit.plan.overlays[0]
        XCTAssertEqual(scheduled.start, 2 * second, "its clip moved first")

        editor.remove(b.id)
        XCTAssertTrue(editor.edit.overlays.isEmpty, "it went with its clip")
        editor.undo()
        XCTAssertEqual(editor.edit.overlays.count, 1, "and came back with it")
    }

    func testSpansSitOnTheFrameGridInsideTheMovie() {
        var edit = MovieEdit()
        let clip = video("a", 4, rate: FrameRate(30000, 1001))
        edit.clips = [clip]
        edit.overlays = [
            MovieOverlay(content: .text(MovieText(text: "whole")), anchor: .movie),
            MovieOverlay(content: .text(MovieText(text: "past the end")), anchor: .clip(clip.id), offset: 3 * second,
                         length: 5 * second),
            MovieOverlay(content: .text(MovieText(text: "after the end")), anchor: .movie, offset: 9 * second),
            MovieOverlay(content: .text(MovieText(text: "orphan")), anchor: .clip(UUID())),
            MovieOverlay(content: .text(MovieText(text: "odd")), anchor: .movie, offset: 1_234_567_891, length: second),
        ]
        let plan = edit.plan
        XCTAssertEqual(plan.overlays.map { $0.overlay.text?.text }, ["whole", "past the end", "odd"])
        XCTAssertEqual(plan.overlays[0].start, 0)
        XCTAssertEqual(plan.overlays[0].end, plan.duration)
        XCTAssertEqual(plan.overlays[1].end, plan.duration, "cut at the movie's end")
        let rate = plan.frameRate
        for scheduled in plan.overlays {
            XCTAssertEqual(rate.rounded(scheduled.start), scheduled.start, "starts on a frame")
            XCTAssertEqual(rate.rounded(scheduled.end), scheduled.end, "ends on a frame")
        }
    }

    func testASecondVideoLastsNoLongerThanItsFile() {
        var edit = MovieEdit()
        let clip = video("a", 10)
        edit.clips = [clip]
        let inset = OverlayVideo(uri: "file:///v/me.mp4", sourceDuration: 5 * second, frameRate: FrameRate(25),
                                 width: 640, height: 360, hasSound: true, trimIn: 2 * second)
        edit.overlays = [.pictureInPicture(inset, over: clip.id)]
        let scheduled = edit.plan.overlays[0]
        XCTAssertEqual(scheduled.duration, 3 * second, "5 s less the 2 s trimmed")
        XCTAssertEqual(edit.plan.drawing(at: second), [], "the timeline composes it, nothing is drawn")
        XCTAssertEqual(edit.sourceURIs, ["file:///v/a.mp4", "file:///v/me.mp4"])
    }

    func testASecondVideosRectangleFollowsItsStateInPixels() {
        var edit = MovieEdit()
        let clip = video("a", 4)
        edit.clips = [clip]
        var inset = MovieOverlay.pictureInPicture(OverlayVideo(uri: "file:///v/me.mp4", sourceDuration: 9 * second,
                                                               frameRate: FrameRate(25), width: 640, height: 360,
                                                               hasSound: true), over: clip.id)
        inset.place = OverlayPlace(x: 0.25, y: 0.5, scale: 0.25)
        edit.overlays = [inset]
        var scheduled = edit.plan.overlays[0]
        XCTAssertFalse(scheduled.isAnimated)
        XCTAssertEqual(scheduled.pictureRect(at: second, frame: (1920, 1080), shape: (640, 360)),
                       MovieDrawing.Rect(x: 240, y: 405, width: 480, height: 270))
        inset.entrance = OverlayAnimation(kind: .slide(.left), duration: second, easing: .linear)
        edit.overlays = [inset]
        scheduled = edit.plan.overlays[0]
        XCTAssertTrue(scheduled.isAnimated)
        XCTAssertEqual(scheduled.pictureRect(at: 0, frame: (1920, 1080), shape: (640, 360)).x, -480,
                       "wholly beyond the left edge")
        XCTAssertEqual(scheduled.pictureRect(at: second, frame: (1920, 1080), shape: (640, 360)).x, 240)
    }

    func testWhatIsDrawnAtATimeStillsFirstThenOverlaysInOrder() {
        var editor = MovieEditor()
        let a = video("a", 4)
        editor.add([a])
        editor.addTitle("The Trip", background: .colour(MovieColor(red: 10, green: 20, blue: 30)), at: 0)
        let logo = MoviePicture(uri: "file:///logo.svg", width: 200, height: 100)
        editor.addOverlay(.watermark(logo))
        let card = editor.edit.clips[0]
        XCTAssertTrue(card.isStill)
        XCTAssertEqual(card.duration, MovieClip.titleLength)
        let plan = editor.edit.plan
        XCTAssertEqual(plan.duration, MovieClip.titleLength + 4 * second)

        let atOne = plan.drawing(at: second + second / 2)
        XCTAssertEqual(atOne.count, 3)
        XCTAssertEqual(atOne[0], .colour(MovieColor(red: 10, green: 20, blue: 30), opacity: 1))
        guard case .text(let title, let state) = atOne[1], case .picture(let picture, _) = atOne[2] else {
            return XCTFail("\(atOne)")
        }
        XCTAssertEqual(title.text, "The Trip")
        XCTAssertEqual(title.size, MovieText.titleSize)
        XCTAssertEqual(state.opacity, 1)
        XCTAssertEqual(picture, logo)

        let onTheClip = plan.drawing(at: 5 * second)
        XCTAssertEqual(onTheClip.count, 1, "the logo alone over the video")
        XCTAssertEqual(plan.drawing(at: 0).count, 2, "the title fades in from nothing: not drawn at its first frame")
    }

    func testAStillFadesAcrossACrossfadeAsTheClipsUnderItDo() {
        var edit = MovieEdit()
        let a = video("a", 4)
        let photo = MovieClip.photo(uri: "file:///p/beach.jpg", width: 4000, height: 3000)
        let b = video("b", 4)
        edit.clips = [a, photo, b]
        edit.crossfade = true
        let plan = edit.plan
        let still = plan.placements[1]
        let before = plan.placements[0], after = plan.placements[2]
        XCTAssertLessThan(still.start, before.end)
        XCTAssertEqual(plan.stillOpacity(1, at: still.start), 0)
        XCTAssertEqual(plan.stillOpacity(1, at: (still.start + before.end) / 2), 0.5, accuracy: 0.01)
        XCTAssertEqual(plan.stillOpacity(1, at: before.end), 1)
        XCTAssertEqual(plan.stillOpacity(1, at: (after.start + still.end) / 2), 0.5, accuracy: 0.01)
        XCTAssertEqual(plan.stillOpacity(1, at: still.end - 1), 0, accuracy: 0.01)
    }

    func testAPhotosPanAndZoomFromItsStartFramingToItsEnd() {
        var editor = MovieEditor()
        editor.add([video("a", 4)])
        editor.add([MovieClip.photo(uri: "file:///p/wide.jpg", width: 4000, height: 2000)])
        let photo = editor.edit.clips[1]
        guard let panZoom = photo.panZoom else { return XCTFail("a photo") }
        // 2:1 into 16:9: the middle of its width, then zoomed to 85 %.
        XCTAssertEqual(panZoom.start.width, (16.0 / 9) / 2, accuracy: 1e-9)
        XCTAssertEqual(panZoom.start.height, 1)
        XCTAssertEqual(panZoom.start.x, (1 - (16.0 / 9) / 2) / 2, accuracy: 1e-9)
        XCTAssertEqual(panZoom.end.width, panZoom.start.width * PanZoom.defaultZoom, accuracy: 1e-9)
        let plan = editor.edit.plan
        let placement = plan.placements[1]
        guard case .photo(_, let size, let framing, let into, 1) = plan.drawing(at: placement.start + 1)[0] else {
            return XCTFail("a photo first")
        }
        XCTAssertEqual(size, .init(width: 4000, height: 2000))
        XCTAssertEqual(framing.x, panZoom.start.x, accuracy: 1e-6)
        XCTAssertEqual(into, .init(x: 0, y: 0, width: 1920, height: 1080), "it fills the frame")
        guard case .photo(_, _, let late, _, _) = plan.drawing(at: placement.end - 1)[0] else { return XCTFail() }
        XCTAssertEqual(late.width, panZoom.end.width, accuracy: 1e-6)

        editor.setPanZoom(photo.id, PanZoom(isOn: false, start: panZoom.start, end: panZoom.end))
        guard case .photo(_, _, let still, _, _) = editor.edit.plan.drawing(at: placement.end - 1)[0] else { return XCTFail() }
        XCTAssertEqual(still, panZoom.start, "off: the start framing throughout")

        // A portrait photo in a landscape movie is shown whole, with bars.
        let standing = PanZoom.standard(photo: (3000, 4000), frame: (1920, 1080))
        XCTAssertEqual(standing.start, .whole)
    }

    func testABlurredTitleShowsTheNextClipOrElseTheOneBefore() {
        var edit = MovieEdit()
        var a = video("a", 10)
        a.trim(from: 2 * second, to: 6 * second)
        let card = MovieClip.title(background: .blurredStill)
        edit.clips = [card, a]
        guard case .blurredStill(let uri, let time, let into, _) = edit.plan.drawing(at: second)[0] else { return XCTFail() }
        XCTAssertEqual(uri, a.uri)
        XCTAssertEqual(time, 2 * second, "the next clip's first frame")
        XCTAssertEqual(into, .init(x: 0, y: 0, width: 1920, height: 1080))
        edit.clips = [a, card]
        guard case .blurredStill(_, let last, _, _) = edit.plan.drawing(at: 5 * second)[0] else { return XCTFail() }
        XCTAssertEqual(last, 6 * second - FrameRate(25).frameDuration, "the last frame before it")
        edit.clips = [card]
        XCTAssertEqual(edit.plan.drawing(at: second), [.colour(.black, opacity: 1)], "nothing to blur")
    }

    func testStillsDoNotSetTheMoviesRateOrATitleItsSize() {
        var edit = MovieEdit()
        edit.clips = [MovieClip.title(), MovieClip.photo(uri: "file:///p/a.jpg", width: 1080, height: 1920),
                      video("a", 4, rate: FrameRate(24))]
        XCTAssertEqual(edit.frameRate, FrameRate(24), "the first video's")
        XCTAssertEqual(edit.frameSize.width, 1080, "the photo is the first with a picture")
        edit.clips = [MovieClip.title()]
        XCTAssertEqual(edit.frameRate, MovieEdit.fallbackRate)
        XCTAssertEqual(edit.frameSize.width, 1280)
    }
}

final class MovieOverlayEditingTests: XCTestCase {
    func testEveryOverlayEditIsOneStepThatUndoesAndRedoes() {
        var editor = MovieEditor()
        let a = video("a")
        editor.add([a])
        let caption = MovieOverlay.caption("Hi", over: a.id)
        var states = [editor.edit]
        editor.addOverlay(caption); states.append(editor.edit)
        editor.changeOverlay(caption.id) { $0.place = OverlayPlace(x: 0.3, y: 0.3) }; states.append(editor.edit)
        editor.changeOverlay(caption.id) { overlay in
            if case .text(var text) = overlay.content {
                text.text = "Hello\nworld"
                text.weight = 400
                overlay.content = .text(text)
            }
        }
        states.append(editor.edit)
        editor.addTitle("Start", at: 0); states.append(editor.edit)
        let card = editor.edit.clips[0].id
        editor.setLength(card, 5 * second); states.append(editor.edit)
        editor.setTitleBackground(card, .blurredStill); states.append(editor.edit)
        editor.add([MovieClip.photo(uri: "file:///p/a.jpg", width: 800, height: 600)]); states.append(editor.edit)
        editor.restack(caption.id, to: 5); states.append(editor.edit)
        editor.removeOverlay(caption.id); states.append(editor.edit)
        for state in states.reversed().dropFirst() {
            editor.undo()
            XCTAssertEqual(editor.edit, state)
        }
        for state in states.dropFirst() {
            editor.redo()
            XCTAssertEqual(editor.edit, state)
        }
    }

    func testEditsThatChangeNothingOrMissTheirTargetAreNoStep() {
        var editor = MovieEditor()
        let a = video("a")
        editor.add([a])
        editor.addOverlay(.caption("Hi", over: UUID()))
        XCTAssertTrue(editor.edit.overlays.isEmpty, "no such clip")
        editor.changeOverlay(UUID()) { $0.opacity = 0.5 }
        editor.setLength(a.id, second)
        XCTAssertEqual(editor.edit.clips[0].duration, 10 * second, "a video's length is its trim")
        editor.setPanZoom(a.id, PanZoom(isOn: false))
        XCTAssertEqual(editor.edit.clips[0].kind, .video)
        editor.undo()
        XCTAssertTrue(editor.edit.clips.isEmpty, "only the add was a step")
    }

    func testAStillsLengthIsKeptToTheMillisecondAndAtLeastATenth() {
        var photo = MovieClip.photo(uri: "file:///p/a.jpg", width: 800, height: 600)
        XCTAssertEqual(photo.duration, MovieClip.photoLength)
        photo.trim(from: 0, to: 2_345_678_901)
        XCTAssertEqual(photo.duration, 2_346_000_000)
        photo.trim(from: 0, to: 1)
        XCTAssertEqual(photo.duration, 100_000_000)
    }
}

final class MovieDocumentOverlayTests: XCTestCase {
    func testStillsAndOverlaysComeBackExactlyAsSaved() throws {
        var editor = MovieEditor()
        let a = video("a")
        editor.add([a])
        editor.addTitle("Hà Nội — 北京 — שלום", background: .colour(MovieColor(red: 1, green: 2, blue: 3, alpha: 200)), at: 0)
        editor.add([MovieClip.photo(uri: "file:///p/a.jpg", width: 4000, height: 3000)])
        editor.addTitle("The End", background: .blurredStill)
        var caption = MovieOverlay.caption("Hello\nworld", over: a.id, offset: second, length: 2 * second)
        caption.endPlace = OverlayPlace(x: 0.1, y: 0.9, scale: 1.5)
        caption.exit = OverlayAnimation(kind: .slide(.right), duration: 700_000_000, easing: .easeIn)
        caption.entrance = OverlayAnimation(kind: .typing, duration: second, easing: .linear)
        if case .text(var text) = caption.content {
            text.outline = .black
            text.shadow = nil
            text.alignment = .left
            text.family = "Noto Sans CJK SC"
            caption.content = .text(text)
        }
        editor.addOverlay(caption)
        editor.addOverlay(.watermark(MoviePicture(uri: "file:///logo.svg", width: 300, height: 120)))
        editor.addOverlay(.pictureInPicture(OverlayVideo(uri: "file:///v/me.webm", sourceDuration: 8 * second,
                                                         frameRate: FrameRate(30000, 1001), width: 640, height: 480,
                                                         hasSound: true, trimIn: second, volume: 0.4, cornerRadius: 0.2),
                                            over: a.id))
        let document = MovieDocument(edit: editor.edit)
        let back = try MovieDocument.decode(try document.encode(), id: document.id)
        XCTAssertEqual(back, document)
        XCTAssertEqual(back.title, "a.mp4", "named for its first file, not a title card")
    }

    /// A movie saved before stills and overlays reads as it did.
    func testAVersionOneDocumentStillOpens() throws {
        let saved = """
        {"clipSound":"lower","clips":[{"hasSound":true,"height":1080,"id":"6A1B43C2-9B51-4D1B-8C1E-0D4C4A8E7F10",
        "rateDenominator":1001,"rateNumerator":30000,"sourceDuration":10000000000,"trimIn":2002000000,
        "trimOut":7007000000,"uri":"file:///v/a.mp4","variableRate":false,"width":1920}],"container":"mp4",
        "crossfade":true,"music":null,"size":"hd","version":1}
        """
        let document = try MovieDocument.decode(Data(saved.utf8), id: "old")
        XCTAssertEqual(document.edit.clips.count, 1)
        XCTAssertEqual(document.edit.clips[0].kind, .video)
        XCTAssertEqual(document.edit.clips[0].trimIn, 2_002_000_000)
        XCTAssertTrue(document.edit.overlays.isEmpty)
        XCTAssertEqual(document.edit.output.size, .hd)
    }

    func testAnOverlayOfAKindNotKnownIsLeftOutNotTheMovie() throws {
        var edit = MovieEdit()
        edit.clips = [video("a")]
        edit.overlays = [MovieOverlay(content: .text(MovieText(text: "kept")), anchor: .movie)]
        var json = String(decoding: try MovieDocument(edit: edit).encode(), as: UTF8.self)
        json = json.replacingOccurrences(of: "\"kind\" : \"text\"", with: "\"kind\" : \"hologram\"")
        let back = try MovieDocument.decode(Data(json.utf8), id: "x")
        XCTAssertEqual(back.edit.clips.count, 1)
        XCTAssertTrue(back.edit.overlays.isEmpty)
    }
}
