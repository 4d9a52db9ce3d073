import XCTest
@testable import ReelCore

/// Turning, mirroring, cropping and filling a clip's picture, and the
/// movie's shapes and sizes.
final class ClipFramingTests: XCTestCase {
    func testTurningSwapsTheSidesAndFourTurnsComeBack() {
        var framing = ClipFraming.original
        framing.turn(clockwise: true)
        XCTAssertEqual(framing.quarterTurns, 1)
        XCTAssertTrue(framing.turned((1920, 1080)) == (1080, 1920))
        XCTAssertTrue(framing.kept((1920, 1080)) == (1080, 1920))
        for _ in 0..<3 { framing.turn(clockwise: true) }
        XCTAssertEqual(framing, .original)
        framing.turn(clockwise: false)
        XCTAssertEqual(framing.quarterTurns, 3)
    }

    func testTheCropTurnsAndFlipsWithThePicture() {
        var framing = ClipFraming(crop: ClipFraming.Crop(left: 0.1, top: 0.2, right: 0.3, bottom: 0.05))
        framing.turn(clockwise: true)
        // What was on the left is now on top.
        XCTAssertEqual(framing.crop, ClipFraming.Crop(left: 0.05, top: 0.1, right: 0.2, bottom: 0.3))
        framing.turn(clockwise: false)
        XCTAssertEqual(framing.crop, ClipFraming.Crop(left: 0.1, top: 0.2, right: 0.3, bottom: 0.05))
        framing.flipHorizontally()
        XCTAssertEqual(framing.crop, ClipFraming.Crop(left: 0.3, top: 0.2, right: 0.1, bottom: 0.05))
        XCTAssertTrue(framing.mirrored)
        framing.flipVertically()
        XCTAssertEqual(framing.crop, ClipFraming.Crop(left: 0.3, top: 0.05, right: 0.1, bottom: 0.2))
        // Mirrored both ways is a half turn.
        XCTAssertFalse(framing.mirrored)
        XCTAssertEqual(framing.quarterTurns, 2)
    }

    /// Each of the eight orientations, reached from the buttons, is one
    /// of the turns with or without a mirror, and each sequence ends where
    /// the picture shows it: a point followed through the moves lands
    /// where the framing's own mapping puts it.
    func testTurnsAndFlipsComposeAsThePictureShows() {
        // Where the top-left corner of a w×h picture goes, as a corner
        // name, for a framing (turn clockwise, then mirror).
        func corner(_ framing: ClipFraming) -> String {
            var x = 0, y = 0  // 0 = left/top, 1 = right/bottom
            for _ in 0..<framing.quarterTurns { (x, y) = (1 - y, x) }
            if framing.mirrored { x = 1 - x }
            return ["top left", "top right", "bottom left", "bottom right"][y * 2 + x]
        }
        var framing = ClipFraming.original
        framing.flipHorizontally()
        XCTAssertEqual(corner(framing), "top right")
        framing.turn(clockwise: true)
        // Mirrored then turned clockwise: the top-right corner went to the bottom right.
        XCTAssertEqual(corner(framing), "bottom right")
        framing.flipVertically()
        XCTAssertEqual(corner(framing), "top right")
        framing.turn(clockwise: false)
        XCTAssertEqual(corner(framing), "top left")
    }

    /// The map the timeline draws a turned picture with sends the source's
    /// top-left corner where `corner` in the test above says it goes, and
    /// keeps the picture inside its turned size.
    func testTheTurnedMapPutsTheCornersWhereTheFramingSays() {
        func apply(_ framing: ClipFraming, _ x: Double, _ y: Double) -> (Double, Double) {
            let m = framing.turnedMap((40, 20))
            return (m.xx * x + m.xy * y + m.x0, m.yx * x + m.yy * y + m.y0)
        }
        var framing = ClipFraming.original
        XCTAssertTrue(apply(framing, 0, 0) == (0, 0))
        framing.turn(clockwise: true)
        XCTAssertTrue(apply(framing, 0, 0) == (20, 0), "top left to top right of the 20×40 picture")
        XCTAssertTrue(apply(framing, 40, 20) == (0, 40))
        framing.flipHorizontally()
        XCTAssertTrue(apply(framing, 0, 0) == (0, 0), "turned and mirrored: the transpose")
        XCTAssertTrue(apply(framing, 40, 0) == (0, 40))
        framing = ClipFraming.original
        framing.flipVertically()
        XCTAssertTrue(apply(framing, 0, 0) == (0, 20), "top left to bottom left")
        framing.turn(clockwise: false)
        for (x, y) in [(0.0, 0.0), (40.0, 0.0), (0.0, 20.0), (40.0, 20.0)] {
            let (u, v) = apply(framing, x, y)
            XCTAssertTrue((0...20).contains(u) && (0...40).contains(v), "\((x, y)) stays inside: \((u, v))")
        }
    }

    /// A cut made before turning keeps what the same cut after turning
    /// keeps, in all eight orientations.
    func testACutMovesBeforeTheTurn() {
        let size = (width: 40, height: 20), cut = ClipFraming.Insets(left: 2, top: 4, right: 6, bottom: 8)
        for turns in 0..<4 {
            for mirrored in [false, true] {
                let framing = ClipFraming(quarterTurns: turns, mirrored: mirrored)
                let m = framing.turnedMap(size), turned = framing.turned(size)
                let early = framing.unturnedCut(cut, of: size)
                // The kept part's corners, turned, are the kept part of the turned picture.
                let corners = [(early.left, early.top), (size.width - early.right, size.height - early.bottom)].map { x, y in
                    (Int(m.xx * Double(x) + m.xy * Double(y) + m.x0), Int(m.yx * Double(x) + m.yy * Double(y) + m.y0))
                }
                let kept = ClipFraming.Insets(left: min(corners[0].0, corners[1].0), top: min(corners[0].1, corners[1].1),
                                              right: turned.width - max(corners[0].0, corners[1].0),
                                              bottom: turned.height - max(corners[0].1, corners[1].1))
                XCTAssertEqual(kept, cut, "\(turns) turns, mirrored \(mirrored): cut first \(early)")
            }
        }
        XCTAssertEqual(ClipFraming(quarterTurns: 1).unturnedCut(cut, of: size),
                       ClipFraming.Insets(left: 4, top: 6, right: 8, bottom: 2), "a quarter turn clockwise")
        XCTAssertEqual(ClipFraming(mirrored: true).unturnedCut(cut, of: size),
                       ClipFraming.Insets(left: 6, top: 4, right: 2, bottom: 8), "mirrored: left and right swap")
    }

    func testACropKeepsATenthAndEvenPixels() {
        let framing = ClipFraming(crop: ClipFraming.Crop(left: 0.7, top: 0, right: 0.7, bottom: 0.25))
        XCTAssertEqual(framing.crop.left, 0.7)
        XCTAssertEqual(framing.crop.right, 0.2, accuracy: 1e-9)
        let insets = framing.cropInsets((1918, 1078))
        XCTAssertEqual(insets, ClipFraming.Insets(left: 1342, top: 0, right: 384, bottom: 270))
        XCTAssertTrue(framing.kept((1918, 1078)) == (192, 808))
    }

    func testFitLeavesBarsAndFillCutsAroundTheFocus() {
        // A 1920×1080 clip in a 1080×1920 frame.
        var framing = ClipFraming.original
        let fitted = framing.placement(of: (1920, 1080), in: (1080, 1920))
        XCTAssertEqual(fitted.cut, .none)
        XCTAssertTrue(fitted.picture == (0, 657, 1080, 606))
        framing.fill = true
        let centred = framing.placement(of: (1920, 1080), in: (1080, 1920))
        // 1080 × 9/16 = 607.5 → 606 wide, from the middle.
        XCTAssertEqual(centred.cut, ClipFraming.Insets(left: 656, top: 0, right: 658, bottom: 0))
        XCTAssertTrue(centred.picture == (0, 0, 1080, 1920))
        framing.focus = ClipFraming.Point(x: 0, y: 0.5)
        XCTAssertEqual(framing.placement(of: (1920, 1080), in: (1080, 1920)).cut,
                       ClipFraming.Insets(left: 0, top: 0, right: 1314, bottom: 0))
        framing.focus = ClipFraming.Point(x: 2, y: 0.5)
        XCTAssertEqual(framing.focus.x, 1)
        XCTAssertEqual(framing.placement(of: (1920, 1080), in: (1080, 1920)).cut,
                       ClipFraming.Insets(left: 1314, top: 0, right: 0, bottom: 0))
        // A tall picture filling a wide frame is cut above and below,
        // after its own crop.
        var tall = ClipFraming(crop: ClipFraming.Crop(top: 0.25), fill: true)
        tall.focus = ClipFraming.Point(x: 0.5, y: 0.5)
        let placed = tall.placement(of: (1080, 1920), in: (1920, 1080))
        XCTAssertEqual(placed.cut, ClipFraming.Insets(left: 0, top: 480 + 416, right: 0, bottom: 418))
        XCTAssertTrue(placed.picture == (0, 0, 1920, 1080))
    }

    func testShapesAndSizes() {
        let first = (width: 1920, height: 1080)
        XCTAssertTrue(MovieSize.asFirstClip.frame(first: first) == (1920, 1080))
        XCTAssertTrue(MovieSize.fullHD.frame(first: first, shape: .vertical) == (1080, 1920))
        XCTAssertTrue(MovieSize.hd.frame(first: first, shape: .square) == (720, 720))
        XCTAssertTrue(MovieSize.fullHD.frame(first: first, shape: .portrait) == (1080, 1350))
        XCTAssertTrue(MovieSize.sd.frame(first: first, shape: .wide) == (852, 480))
        XCTAssertTrue(MovieSize.uhd.frame(first: (720, 1280)) == (2160, 3840))
        // As the first clip's shape at its own short side; a 4:3 clip at 1080p.
        XCTAssertTrue(MovieSize.asFirstClip.frame(first: first, shape: .vertical) == (1080, 1920))
        XCTAssertTrue(MovieSize.fullHD.frame(first: (640, 480)) == (1440, 1080))
        // 2160p is offered only for a source that large, or when chosen.
        XCTAssertFalse(MovieSize.offered(largest: 1080, current: .fullHD).contains(.uhd))
        XCTAssertTrue(MovieSize.offered(largest: 2160, current: .fullHD).contains(.uhd))
        XCTAssertTrue(MovieSize.offered(largest: 720, current: .uhd).contains(.uhd))
    }

    func testTheFirstClipsFramingShapesTheMovie() {
        var clip = MovieClip(uri: "file:///a.mp4", sourceDuration: 5_000_000_000, frameRate: FrameRate(30),
                             width: 1920, height: 1080)
        clip.framing.turn(clockwise: true)
        var edit = MovieEdit()
        edit.clips = [clip]
        XCTAssertTrue(edit.frameSize == (1080, 1920), "a sideways clip turned upright makes a portrait movie")
        let placement = edit.plan.placements[0]
        XCTAssertTrue(placement.picture == (0, 0, 1080, 1920))
        XCTAssertEqual(placement.cut, .none)
        edit.output.shape = .square
        edit.output.size = .hd
        edit.clips[0].framing.fill = true
        XCTAssertTrue(edit.frameSize == (720, 720))
        XCTAssertEqual(edit.plan.placements[0].cut, ClipFraming.Insets(left: 0, top: 420, right: 0, bottom: 420))
    }

    /// A framed or re-timed clip whose cut picture is not its place's size
    /// is scaled by its own effect (once per source frame); one shown at
    /// its size, or left as it is at 1×, is not.
    func testWhereAClipsPictureIsScaled() {
        let clip = MovieClip(uri: "file:///a.mp4", sourceDuration: 5_000_000_000, frameRate: FrameRate(30),
                             width: 1920, height: 1080)
        var edit = MovieEdit()
        edit.clips = [clip]
        XCTAssertFalse(edit.plan.placements[0].scalesInEffect, "as it is: no effect at all")
        edit.clips[0].framing.turn(clockwise: true)
        XCTAssertTrue(edit.plan.placements[0].cutSize == (1080, 1920))
        XCTAssertFalse(edit.plan.placements[0].scalesInEffect, "turned, at its own size")
        edit.output.size = .hd
        XCTAssertTrue(edit.plan.placements[0].picture == (0, 0, 720, 1280))
        XCTAssertTrue(edit.plan.placements[0].scalesInEffect, "turned, and smaller")
        edit.clips[0].framing = ClipFraming()
        XCTAssertFalse(edit.plan.placements[0].scalesInEffect, "the compositor scales a clip left as it is")
        edit.clips[0].setSpeed(0.5)
        XCTAssertTrue(edit.plan.placements[0].scalesInEffect, "a slowed clip is scaled before its frames repeat")
        edit.clips[0].setSpeed(1)
        edit.output.shape = .vertical
        edit.output.size = .fullHD
        edit.clips[0].framing.fill = true
        let filled = edit.plan.placements[0]
        XCTAssertTrue(filled.cutSize == (606, 1080) && filled.picture == (0, 0, 1080, 1920), "\(filled.cutSize) \(filled.picture)")
        XCTAssertTrue(filled.scalesInEffect)
    }

    func testFramingIsOneUndoableStepSavedInTheDocument() throws {
        var editor = MovieEditor()
        let clip = MovieClip(uri: "file:///a.mp4", sourceDuration: 5_000_000_000, frameRate: FrameRate(30),
                             width: 1920, height: 1080)
        editor.add([clip, MovieClip.title()])
        editor.changeFraming(clip.id) {
            $0.turn(clockwise: true)
            $0.flipHorizontally()
            $0.crop = ClipFraming.Crop(left: 0.1, top: 0, right: 0, bottom: 0.2)
            $0.fill = true
            $0.focus = ClipFraming.Point(x: 0.25, y: 0.75)
        }
        // A title card has no picture to turn: no step.
        editor.changeFraming(editor.edit.clips[1].id) { $0.turn(clockwise: true) }
        XCTAssertEqual(editor.edit.clips[1].framing, .original)
        editor.setOutput(MovieOutput(container: .mp4, shape: .vertical, size: .fullHD))
        let document = MovieDocument(edit: editor.edit)
        let read = try MovieDocument.decode(document.encode(), id: document.id)
        XCTAssertEqual(read.edit, editor.edit)
        XCTAssertEqual(read.edit.output.shape, .vertical)
        editor.undo()
        editor.undo()
        XCTAssertEqual(editor.edit.clips[0].framing, .original)
    }

    func testAnOlderDocumentReadsAsFitAndItsOwnShape() throws {
        let json = """
            {"version": 2, "clips": [{"id": "6B1C7D39-5A1E-4F0B-9A43-2B8E5D0F1A11", "uri": "file:///a.mp4",
              "sourceDuration": 5000000000, "rateNumerator": 30, "rateDenominator": 1, "variableRate": false,
              "width": 640, "height": 480, "hasSound": true, "trimIn": 0, "trimOut": 5000000000}],
             "clipSound": "keep", "crossfade": false, "container": "mp4", "size": "fullHD"}
            """
        let document = try MovieDocument.decode(Data(json.utf8), id: "old")
        XCTAssertEqual(document.edit.clips[0].framing, .original)
        XCTAssertEqual(document.edit.output.shape, .asFirstClip)
        XCTAssertTrue(document.edit.frameSize == (1440, 1080))
    }
}
