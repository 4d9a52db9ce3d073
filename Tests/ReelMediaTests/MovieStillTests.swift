import CGLib
import CGst
import Foundation
import GLibKit
import ReelCore
import XCTest
@testable import ReelMedia

private let second: Int64 = 1_000_000_000

/// Photos and pictures read for the movie maker, and stills (photos and
/// title cards) on the movie's timeline.
final class MovieStillTests: XCTestCase {
    /// Images made once: a 64×32 JPEG, the same turned a quarter by its
    /// EXIF orientation, a 40×20 PNG with alpha, an SVG, a text file, and
    /// a JPEG cut short.
    private static let images: [String: String] = {
        let folder = MediaFixture.shared.makeFolder("movie-stills")
        var made: [String: String] = [:]
        func make(_ name: String, _ description: String) {
            let path = folder + "/" + name
            if !FileManager.default.fileExists(atPath: path) {
                do { try MediaFixture.make(path, description) } catch { fatalError("\(name): \(error)") }
            }
            made[name] = path
        }
        let frame = "videotestsrc num-buffers=1 pattern=smpte ! video/x-raw,width=64,height=32 ! "
        make("photo.jpg", frame + "jpegenc ! filesink name=sink")
        make("turned.jpg", frame + "jpegenc ! taginject tags=\"image-orientation=rotate-90\" ! jifmux ! filesink name=sink")
        make("logo.png", "videotestsrc num-buffers=1 pattern=ball background-color=0x00000000 ! "
             + "video/x-raw,format=RGBA,width=40,height=20 ! pngenc ! filesink name=sink")
        let svg = folder + "/badge.svg"
        try? Data("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"120\" height=\"60\"><circle cx=\"30\" cy=\"30\" r=\"25\" fill=\"red\"/></svg>".utf8)
            .write(to: URL(fileURLWithPath: svg))
        made["badge.svg"] = svg
        let text = folder + "/notes.txt"
        try? Data("not a picture".utf8).write(to: URL(fileURLWithPath: text))
        made["notes.txt"] = text
        let cut = folder + "/cut.jpg"
        if let whole = FileManager.default.contents(atPath: made["photo.jpg"]!) {
            try? whole.prefix(whole.count / 3).write(to: URL(fileURLWithPath: cut))
        }
        made["cut.jpg"] = cut
        return made
    }()

    private func uri(_ name: String) -> String { MediaFixture.uri(MovieStillTests.images[name]!) }

    func testAPhotoIsAStillClipOfItsSizeAsShown() throws {
        let photo = try MovieSource.clip(uri("photo.jpg"))
        XCTAssertTrue(photo.isStill)
        XCTAssertNotNil(photo.panZoom)
        XCTAssertEqual([photo.width, photo.height], [64, 32])
        XCTAssertEqual(photo.duration, MovieClip.photoLength)
        XCTAssertFalse(photo.hasSound)
        let turned = try MovieSource.clip(uri("turned.jpg"))
        XCTAssertEqual([turned.width, turned.height], [32, 64], "its EXIF orientation turns it upright")
        XCTAssertTrue(try MovieSource.clip(uri("logo.png")).isStill, "a PNG is a photo too")
    }

    func testTheDrawerTurnsAPhotoUprightByItsEXIFOrientation() throws {
        try MediaSystem.initialize()
        let plain = try XCTUnwrap(MovieOverlayDrawer.picture(uri("photo.jpg"), width: 64, height: 64))
        XCTAssertEqual([plain.width, plain.height], [64, 32])
        let turned = try XCTUnwrap(MovieOverlayDrawer.picture(uri("turned.jpg"), width: 64, height: 64))
        XCTAssertEqual([turned.width, turned.height], [32, 64], "drawn as it is shown: a quarter turn")
    }

    /// A 48-megapixel photo (8000×6000) in a 640×360 movie is decoded at
    /// the size its closest framing needs there (about 1000 pixels wide),
    /// not whole: 190 MB of pixels it would otherwise hold.
    func testA48MegapixelPhotoIsDecodedAtTheSizeTheMovieNeeds() throws {
        try MediaSystem.initialize()
        let path = MediaFixture.shared.makeFolder("movie-stills") + "/48mp.jpg"
        if !FileManager.default.fileExists(atPath: path) {
            try MediaFixture.make(path, "videotestsrc num-buffers=1 pattern=smpte ! video/x-raw,width=8000,height=6000 ! "
                                  + "jpegenc ! filesink name=sink")
        }
        let photoURI = MediaFixture.uri(path)
        var edit = MovieEdit()
        let video = MovieClip(uri: "file:///nowhere.mp4", sourceDuration: 2 * second, frameRate: FrameRate(10),
                              width: 640, height: 360)
        edit.clips = [video, MovieClip.photo(uri: photoURI, width: 8000, height: 6000,
                                             panZoom: .standard(photo: (8000, 6000), frame: (640, 360)))]
        let drawer = MovieOverlayDrawer(plan: edit.plan)
        XCTAssertNotNil(drawer.still(1, at: edit.plan.placements[1].start + second))
        let decoded = try XCTUnwrap(drawer.photos[photoURI])
        // Its fill framing is 75 % of its height, zooming to 85 % of that:
        // 640 / (8000 × 0.6375) of it, 1004 × 753.
        XCTAssertEqual(Double(max(decoded.width, decoded.height)), 1004, accuracy: 4)
        XCTAssertEqual(Double(min(decoded.width, decoded.height)), 753, accuracy: 4)
    }

    func testPicturesArePNGOrSVGAndAnythingElseIsRefusedByName() throws {
        XCTAssertEqual(try MovieSource.picture(uri("logo.png")), MoviePicture(uri: uri("logo.png"), width: 40, height: 20))
        XCTAssertEqual(try MovieSource.picture(uri("badge.svg")), MoviePicture(uri: uri("badge.svg"), width: 120, height: 60))
        XCTAssertThrowsError(try MovieSource.picture(uri("photo.jpg"))) {
            XCTAssertEqual($0 as? MovieProblem, .notAPicture("photo.jpg"))
        }
        XCTAssertThrowsError(try MovieSource.picture(uri("notes.txt"))) {
            XCTAssertEqual($0 as? MovieProblem, .notAPicture("notes.txt"))
        }
        XCTAssertThrowsError(try MovieSource.picture(MediaFixture.uri("/nonexistent/logo.png"))) {
            XCTAssertEqual($0 as? MovieProblem, .missingSource("logo.png"))
        }
    }

    func testABrokenImageOrTextIsNoClip() {
        XCTAssertThrowsError(try MovieSource.clip(uri("cut.jpg"))) {
            XCTAssertEqual($0 as? MovieProblem, .unreadableSource("cut.jpg"))
        }
        XCTAssertThrowsError(try MovieSource.clip(uri("notes.txt"))) {
            XCTAssertEqual($0 as? MovieProblem, .unreadableSource("notes.txt"))
        }
    }

    func testASecondVideoIsReadAsAClipIsAndAPhotoIsNoSecondVideo() throws {
        let video = try MovieSource.overlayVideo(MediaFixture.uri(MovieFixture.shared.landscape))
        XCTAssertEqual([video.width, video.height], [320, 180])
        XCTAssertTrue(video.hasSound)
        XCTAssertEqual(video.trimIn, 0)
        XCTAssertThrowsError(try MovieSource.overlayVideo(uri("photo.jpg")))
    }

    func testMissingFilesIncludeWhatIsOverTheMovie() {
        var edit = MovieEdit()
        edit.clips = [MovieClip.title(), MovieClip.photo(uri: uri("photo.jpg"), width: 64, height: 32)]
        edit.overlays = [.watermark(MoviePicture(uri: MediaFixture.uri("/nonexistent/gone.png"), width: 4, height: 4))]
        XCTAssertEqual(MovieSource.missingFiles(edit), ["gone.png"], "a title card has no file to miss")
    }

    /// A title card and a photo between two clips: the movie is as long
    /// as the four, the stills silent, the card's colour and words and the
    /// photo drawn over them, and the clips around them untouched.
    func testStillsTakeTheirLengthOnTheTimelineSilentAndBlack() throws {
        let fixture = MovieFixture.shared
        var first = try MovieSource.clip(MediaFixture.uri(fixture.landscape))
        first.trim(from: 1_500_000_000, to: 2_500_000_000)
        var editor = MovieEditor()
        editor.add([first])
        editor.addTitle("Hello")
        editor.add([try MovieSource.clip(uri("photo.jpg"))])
        editor.setLength(editor.edit.clips[1].id, second)
        editor.setLength(editor.edit.clips[2].id, second / 2)
        editor.add([first])
        let edit = editor.edit
        let folder = MediaFixture.shared.makeFolder("movie-stills-out")
        let outcome = MovieRenderer(edit: edit, folder: folder).run()
        guard case .saved(let path) = outcome else { return XCTFail("not saved: \(outcome)") }
        defer { unlink(path) }
        let movie = try DecodedMovie(path)
        let plan = edit.plan
        XCTAssertEqual(plan.duration, 3_500_000_000)
        XCTAssertLessThanOrEqual(abs(movie.videoDuration - plan.duration), FrameRate(30).frameDuration + 1)
        let green = try XCTUnwrap(movie.frame(at: 500_000_000)).colour(x: 160, y: 90)
        XCTAssertTrue(green.1 > 200 && green.0 < 60, "the first clip, not \(green)")
        for placement in plan.placements[1...2] {
            XCTAssertLessThan(movie.rms(from: placement.start + 50_000_000, to: placement.end - 50_000_000), 0.001,
                              "a still is silent")
        }
        // The title card: its black, its words in the middle.
        let title = try XCTUnwrap(movie.frame(at: plan.placements[1].start + second / 2))
        let corner = title.colour(x: 10, y: 10)
        XCTAssertTrue(corner.0 < 30 && corner.1 < 30 && corner.2 < 30, "the card's black, not \(corner)")
        XCTAssertTrue((100..<220).contains { x in title.colour(x: x, y: 90).0 > 200 }, "its white words across the middle")
        // The photo (colour bars, 64×32, so 2:1 in a 16:9 movie: filled,
        // its middle) over the black: the bars' light grey at the top left.
        let photo = try XCTUnwrap(movie.frame(at: plan.placements[2].start + 50_000_000)).colour(x: 4, y: 10)
        XCTAssertTrue(photo.0 > 120 && photo.1 > 120, "the photo drawn over the still's black, not \(photo)")
        let last = try XCTUnwrap(movie.frame(at: plan.placements[3].start + 500_000_000)).colour(x: 160, y: 90)
        XCTAssertTrue(last.1 > 200 && last.0 < 60, "the last clip, not \(last)")
        XCTAssertGreaterThan(movie.rms(from: plan.placements[3].start + 100_000_000, to: plan.placements[3].end - 100_000_000), 0.05,
                             "the last clip's own tone")
    }

    /// A title card on a blurred still shows the first frame of the video
    /// after it (where its trim starts, found by an exact seek), blurred:
    /// green from past the white frame, red from the file's start. The
    /// background is opaque, so it is its clip frame's backdrop.
    func testABlurredTitleShowsTheFirstFrameOfTheVideoAfterIt() throws {
        try MediaSystem.initialize()
        for (start, isGreen) in [(Int64(1_500_000_000), true), (0, false)] {
            var clip = try MovieSource.clip(MediaFixture.uri(MovieFixture.shared.landscape))
            clip.trim(from: start, to: start + second)
            var editor = MovieEditor()
            editor.add([clip])
            editor.addTitle("Hello", background: .blurredStill, at: 0)
            let plan = editor.edit.plan
            let drawer = MovieOverlayDrawer(plan: plan)
            let layers = try XCTUnwrap(drawer.still(0, at: plan.placements[0].start + second / 2))
            let backdrop = try XCTUnwrap(layers.backdrop, "the background is opaque")
            XCTAssertNotNil(drawer.layers(at: plan.placements[0].start + second / 2)?.composition, "the words over it")
            var map = GstMapInfo()
            XCTAssertNotEqual(gst_buffer_map(backdrop.raster.buffer, &map, GST_MAP_READ), 0)
            defer { gst_buffer_unmap(backdrop.raster.buffer, &map) }
            let middle = ((backdrop.raster.height / 2) * backdrop.raster.width + backdrop.raster.width / 2) * 4
            let (blue, green, red) = (map.data[middle], map.data[middle + 1], map.data[middle + 2])
            XCTAssertEqual(green > 150 && red < 80, isGreen, "from \(start): BGR \(blue) \(green) \(red)")
            XCTAssertEqual(red > 150 && green < 80, !isGreen, "from \(start): BGR \(blue) \(green) \(red)")
        }
    }

    /// A photo's pan and zoom in the export: its start framing on its first
    /// frame, its end framing on its last. The photo is colour bars (white
    /// and yellow at the left, blue at the right), framed close at its
    /// left edge first and at its right edge last.
    func testAPhotoPansFromItsStartFramingToItsEnd() throws {
        var base = try MovieSource.clip(MediaFixture.uri(MovieFixture.shared.landscape))
        base.trim(from: 1_500_000_000, to: 2_000_000_000)
        var editor = MovieEditor()
        editor.add([base, try MovieSource.clip(uri("photo.jpg"))])
        let photo = editor.edit.clips[1]
        editor.setLength(photo.id, second)
        editor.setPanZoom(photo.id, PanZoom.framed(start: .init(zoom: 0.3, across: 0), end: .init(zoom: 0.3, across: 1),
                                                   photo: (photo.width, photo.height), frame: editor.edit.frameSize))
        let edit = editor.edit
        let movie = try DecodedMovie.rendered(edit)
        let placement = edit.plan.placements[1]
        let first = try XCTUnwrap(movie.frame(at: placement.start)).colour(x: 160, y: 90)
        XCTAssertTrue(first.0 > 180 && first.1 > 180 && first.2 < 120 || min(first.0, first.1, first.2) > 180,
                      "the left's white or yellow first, not \(first)")
        let last = try XCTUnwrap(movie.frame(at: placement.end - FrameRate(30).frameDuration)).colour(x: 160, y: 90)
        XCTAssertTrue(last.2 > 180 && last.0 < 80 && last.1 < 80, "the right's blue last, not \(last)")
    }

    /// A second video over a photo shows over it: the still is painted
    /// into its own clip, under the compositor, not over the composed
    /// picture. The inset shows its blue (after its white frame at 1.0 s)
    /// where it sits; the photo's bars around it.
    func testASecondVideoOverAPhotoShowsOverIt() throws {
        let fixture = MovieFixture.shared
        var base = try MovieSource.clip(MediaFixture.uri(fixture.landscape))
        base.trim(from: 1_500_000_000, to: 2_000_000_000)
        var editor = MovieEditor()
        editor.add([base, try MovieSource.clip(uri("photo.jpg"))])
        editor.setLength(editor.edit.clips[1].id, second)
        var inset = try MovieSource.overlayVideo(MediaFixture.uri(fixture.portrait))
        inset.trimIn = 1_200_000_000
        var over = MovieOverlay.pictureInPicture(inset, over: editor.edit.clips[1].id)
        over.place = OverlayPlace(x: 0.25, y: 0.5, scale: 0.2)
        editor.addOverlay(over)
        let edit = editor.edit
        let movie = try DecodedMovie.rendered(edit)
        let photoStart = edit.plan.placements[1].start
        let frame = try XCTUnwrap(movie.frame(at: photoStart + second / 2))
        let inside = frame.colour(x: 80, y: 90)
        XCTAssertTrue(inside.2 > 200 && inside.0 < 60 && inside.1 < 60, "the inset's blue over the photo, not \(inside)")
        let around = frame.colour(x: 240, y: 40)
        XCTAssertTrue(max(around.0, around.1, around.2) > 120, "the photo's bars around it, not \(around)")
    }

    /// A second video over a clip: at its place and size, showing its own
    /// frame for each movie frame (its white frame, 1.0 s into its file,
    /// trimmed from 0.5 s, shows 0.5 s after it starts, within a frame:
    /// its 25 fps go into the movie's 30), over the clip
    /// elsewhere; one sliding in from the right is beyond the edge at its
    /// start and at its place once in.
    func testASecondVideoSitsAtItsPlaceInStep() throws {
        let fixture = MovieFixture.shared
        var base = try MovieSource.clip(MediaFixture.uri(fixture.landscape))
        base.trim(from: 1_500_000_000, to: 2_500_000_000)
        var inset = try MovieSource.overlayVideo(MediaFixture.uri(fixture.portrait))
        inset.trimIn = 500_000_000
        var editor = MovieEditor()
        editor.add([base])
        let clip = editor.edit.clips[0].id
        var still = MovieOverlay.pictureInPicture(inset, over: clip)
        still.place = OverlayPlace(x: 0.25, y: 0.5, scale: 0.2)
        editor.addOverlay(still)
        var sliding = MovieOverlay.pictureInPicture(inset, over: clip)
        sliding.place = OverlayPlace(x: 0.75, y: 0.5, scale: 0.2)
        sliding.entrance = OverlayAnimation(kind: .slide(.right), duration: 500_000_000, easing: .linear)
        editor.addOverlay(sliding)
        let movie = try DecodedMovie.rendered(editor.edit)
        let frame = FrameRate(30).frameDuration
        // The compositor takes, for each movie frame, the inset's frame
        // that has begun by its end: within a frame of the source's clock.
        let insetColours = movie.frames.filter { $0.time < 1_000_000_000 }.map { ($0.time, $0.colour(x: 80, y: 90)) }
        let whites = insetColours.filter { $0.1.0 > 200 && $0.1.1 > 200 && $0.1.2 > 200 }.map(\.0)
        XCTAssertEqual(whites.count, 1, "its one white frame shows once: \(insetColours)")
        // GES reads from a millisecond past the in point (MoviePlan.sourceStartLead).
        let due = 1_000_000_000 - inset.trimIn - MoviePlan.sourceStartLead
        XCTAssertLessThanOrEqual(abs((whites.first ?? 0) - due), frame, "on time, within a frame")
        XCTAssertTrue(insetColours.filter { $0.0 < (whites.first ?? 0) }.allSatisfy { $0.1.0 > 200 && $0.1.1 < 60 },
                      "its red before")
        let after = try XCTUnwrap(movie.frame(at: 800_000_000)).colour(x: 80, y: 90)
        XCTAssertTrue(after.2 > 200 && after.0 < 60, "then its blue, not \(after)")
        let outside = try XCTUnwrap(movie.frame(at: 800_000_000)).colour(x: 80, y: 10)
        XCTAssertTrue(outside.1 > 200 && outside.0 < 60, "the clip's green around it, not \(outside)")
        // The sliding one: not yet in at its start, in its place after.
        let start = try XCTUnwrap(movie.frame(at: 0)).colour(x: 240, y: 90)
        XCTAssertTrue(start.1 > 200 && start.0 < 60, "beyond the edge at first: the clip, not \(start)")
        let arrived = try XCTUnwrap(movie.frame(at: 800_000_000)).colour(x: 240, y: 90)
        XCTAssertTrue(arrived.2 > 200 && arrived.0 < 60, "at its place once in, not \(arrived)")
    }
}
