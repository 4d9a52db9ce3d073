import CGLib
import CGst
import CPango
import Foundation
import GLibKit
import ReelCore
import XCTest
@testable import ReelMedia

private let second: Int64 = 1_000_000_000

/// The drawer over black frames, read back as pixels: words where their
/// place says and sharp at each size, a fade's levels, a slide's course, a
/// picture's alpha, and scripts that Pango must shape.
final class MovieOverlayDrawerTests: XCTestCase {
    /// One frame's RGBA pixels.
    private struct Picture {
        let width: Int
        let height: Int
        let pixels: [UInt8]

        func rgb(_ x: Int, _ y: Int) -> (Int, Int, Int) {
            let at = (y * width + x) * 4
            return (Int(pixels[at]), Int(pixels[at + 1]), Int(pixels[at + 2]))
        }

        /// The box of pixels brighter than `level` (nil: none).
        func ink(above level: Int = 128) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
            var box: (Int, Int, Int, Int)?
            for y in 0..<height {
                for x in 0..<width where rgb(x, y).0 > level || rgb(x, y).1 > level {
                    box = box.map { (min($0.0, x), min($0.1, y), max($0.2, x), max($0.3, y)) } ?? (x, y, x, y)
                }
            }
            return box.map { ($0.0, $0.1, $0.2, $0.3) }
        }
    }

    /// The frames of a second of black at `width`×`height`, 10 a second,
    /// with `overlays` over a clip as long.
    private func frames(_ overlays: (MovieClip.ID) -> [MovieOverlay], width: Int = 640, height: Int = 360) throws -> [Int64: Picture] {
        try MediaSystem.initialize()
        var edit = MovieEdit()
        let clip = MovieClip(uri: "file:///nowhere.mp4", sourceDuration: 2 * second, frameRate: FrameRate(10),
                             width: width, height: height)
        edit.clips = [clip]
        edit.overlays = overlays(clip.id)
        let pipeline = try LaunchPipeline("videotestsrc num-buffers=11 pattern=black ! "
            + "video/x-raw,format=I420,width=\(width),height=\(height),framerate=10/1 ! identity name=tap ! "
            + "videoconvert ! video/x-raw,format=RGBA ! appsink name=frames sync=false wait-on-eos=false")
        let tap = try XCTUnwrap(pipeline.child("tap"))
        let pad = try XCTUnwrap(gst_element_get_static_pad(tap.cast(), "src"))
        defer { gst_object_unref(UnsafeMutableRawPointer(pad)) }
        let blender = MovieOverlayBlender(pad: pad, drawing: MovieOverlayDrawer(plan: edit.plan))
        defer { blender.close() }
        XCTAssertEqual(pipeline.runToEnd(timeout: 30, isCancelled: { false }), .finished)
        defer { pipeline.setState(GST_STATE_NULL) }
        let sink = try XCTUnwrap(pipeline.child("frames"))
        var pictures: [Int64: Picture] = [:]
        while let sample = gst_app_sink_try_pull_sample(sink.cast(), 0) {
            defer { gst_sample_unref(sample) }
            let buffer = gst_sample_get_buffer(sample)!
            var map = GstMapInfo()
            XCTAssertNotEqual(gst_buffer_map(buffer, &map, GST_MAP_READ), 0)
            pictures[Int64(buffer.pointee.pts)] = Picture(width: width, height: height,
                                                        pixels: Array(UnsafeBufferPointer(start: map.data, count: Int(map.size))))
            gst_buffer_unmap(buffer, &map)
        }
        XCTAssertEqual(pictures.count, 11)
        return pictures
    }

    private func words(_ text: String, at place: OverlayPlace, size: Double = 0.1) -> MovieText {
        MovieText(text: text, size: size, shadow: nil)
    }

    /// "HHHH" in white at (0.3, 0.4): its ink centred across on 30 % of
    /// the width within 2 px, inside its line around 40 % of the height;
    /// twice the frame, twice the ink, within 2 px: drawn at the movie's
    /// pixels.
    func testWordsSitWhereTheirPlaceSaysAtEverySize() throws {
        var boxes: [(minX: Int, minY: Int, maxX: Int, maxY: Int)] = []
        for (width, height) in [(640, 360), (1280, 720)] {
            let place = OverlayPlace(x: 0.3, y: 0.4)
            let pictures = try frames({ [MovieOverlay(content: .text(self.words("HHHH", at: place)), anchor: .clip($0), place: place)] },
                                      width: width, height: height)
            let box = try XCTUnwrap(pictures[500_000_000]?.ink(), "words drawn at \(width)")
            XCTAssertEqual(Double(box.minX + box.maxX) / 2, 0.3 * Double(width), accuracy: 2, "across, at \(width)")
            let line = 0.1 * Double(height)
            XCTAssertLessThan(abs(Double(box.minY + box.maxY) / 2 - 0.4 * Double(height)), line / 2, "down, at \(width)")
            XCTAssertGreaterThan(Double(box.maxY - box.minY), line / 2, "letters of the size asked, at \(width)")
            boxes.append(box)
        }
        XCTAssertEqual(Double(boxes[1].maxX - boxes[1].minX), 2 * Double(boxes[0].maxX - boxes[0].minX), accuracy: 2)
        XCTAssertEqual(Double(boxes[1].maxY - boxes[1].minY), 2 * Double(boxes[0].maxY - boxes[0].minY), accuracy: 2)
    }

    /// A linear fade over a second: nothing at 0, half at ½, whole at 1,
    /// within a few code values of white blended over black.
    func testAFadeBlendsItsWordsAtItsLevel() throws {
        let pictures = try frames { clip in
            [MovieOverlay(content: .text(MovieText(text: "██", size: 0.3, shadow: nil)), anchor: .clip(clip),
                          entrance: OverlayAnimation(kind: .fade, duration: second, easing: .linear))]
        }
        func level(_ time: Int64) -> Int { pictures[time]!.rgb(320, 180).0 }
        XCTAssertLessThan(level(0), 8, "not yet")
        XCTAssertEqual(Double(level(500_000_000)), 127, accuracy: 8, "half way")
        XCTAssertGreaterThan(level(second), 245, "whole once in")
    }

    /// Sliding in from the left over a second: beyond the edge at first,
    /// on its way half way, at its place at the end.
    func testASlideComesInFromItsEdge() throws {
        let place = OverlayPlace(x: 0.5, y: 0.5)
        let pictures = try frames { clip in
            [MovieOverlay(content: .text(self.words("HHHH", at: place)), anchor: .clip(clip), place: place,
                          entrance: OverlayAnimation(kind: .slide(.left), duration: second, easing: .linear))]
        }
        XCTAssertNil(pictures[0]?.ink(), "beyond the left edge at first")
        let half = try XCTUnwrap(pictures[500_000_000]?.ink())
        let end = try XCTUnwrap(pictures[second]?.ink())
        XCTAssertEqual(Double(end.minX + end.maxX) / 2, 320, accuracy: 2, "at its place")
        let width = Double(end.maxX - end.minX)
        // Half way from a centre of -width/2 (in shares, at its raster's
        // width, a little wider than its ink) to 320.
        XCTAssertEqual(Double(half.minX + half.maxX) / 2, (320 - width / 2) / 2, accuracy: 12, "on its way")
    }

    /// A PNG of green at half alpha over black: partly green, and at 80 %
    /// opacity 0.8 of that. (GStreamer blends onto the I420 frame in its
    /// YUV, so half alpha reads back as 0.57 of green in RGB, not 0.50:
    /// the preview and the export blend alike.)
    func testAPicturesAlphaIsBlendedOverWhatIsUnder() throws {
        let folder = MediaFixture.shared.makeFolder("drawer")
        let path = folder + "/half green.png"
        try MediaFixture.make(path, "videotestsrc num-buffers=1 pattern=solid-color foreground-color=0x8000ff00 ! "
                              + "video/x-raw,format=RGBA,width=32,height=32 ! pngenc ! filesink name=sink")
        let picture = try MovieSource.picture(MediaFixture.uri(path))
        var greens: [Double] = []
        for opacity in [1, 0.8] {
            let pictures = try frames { _ in
                [MovieOverlay(content: .picture(picture), anchor: .movie, place: OverlayPlace(x: 0.5, y: 0.5, scale: 0.25),
                              opacity: opacity)]
            }
            let centre = pictures[500_000_000]!.rgb(320, 180)
            XCTAssertLessThan(centre.0, 12, "green, not \(centre)")
            greens.append(Double(centre.1))
            let outside = pictures[500_000_000]!.rgb(320 - 90, 180)
            XCTAssertLessThan(outside.1, 8, "nothing beside it: 0.25 of 640 is 160 wide")
        }
        XCTAssertEqual(greens[0], 146, accuracy: 6, "half alpha, partly green")
        XCTAssertEqual(greens[1] / greens[0], 0.8, accuracy: 0.04, "the opacity scales it")
    }

    /// Hebrew and Chinese: drawn (Pango found fonts and shaped them),
    /// centred on their place, as wide as Pango's own layout of the same
    /// words says.
    func testRightToLeftAndChineseWordsAreShapedAndPlaced() throws {
        for text in ["שלום עולם", "你好，世界"] {
            let place = OverlayPlace(x: 0.5, y: 0.5)
            let style = words(text, at: place)
            let pictures = try frames { [MovieOverlay(content: .text(style), anchor: .clip($0), place: place)] }
            let box = try XCTUnwrap(pictures[500_000_000]?.ink(), text)
            XCTAssertEqual(Double(box.minX + box.maxX) / 2, 320, accuracy: 3, text)
            // Pango's own measure of the same words at the same size.
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
            defer { cairo_surface_destroy(surface) }
            let cairo = cairo_create(surface)!
            defer { cairo_destroy(cairo) }
            let layout = try XCTUnwrap(MovieOverlayDrawer.layout(text, style: style, pixels: 36, on: cairo))
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            var ink = PangoRectangle(), logical = PangoRectangle()
            pango_layout_get_pixel_extents(layout, &ink, &logical)
            XCTAssertEqual(Double(box.maxX - box.minX + 1), Double(ink.width), accuracy: 3, text)
            XCTAssertEqual(pango_layout_get_unknown_glyphs_count(layout), 0, "a font has every letter of \(text)")
        }
    }
}
