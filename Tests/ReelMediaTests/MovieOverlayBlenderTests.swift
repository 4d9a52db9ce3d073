import CGLib
import CGst
import Foundation
import GLibKit
import ReelCore
import XCTest
@testable import ReelMedia

/// Draws a white 20×10 rectangle at (8, 6) from half a second on.
private final class WhiteBox: MovieFrameDrawing, @unchecked Sendable {
    func layers(at time: Int64) -> MovieFrameLayers? {
        guard time >= 500_000_000 else { return nil }
        let (width, height) = (20, 10)
        let buffer = gst_buffer_new_allocate(nil, gsize(width * height * 4), nil)!
        var map = GstMapInfo()
        _ = gst_buffer_map(buffer, &map, GST_MAP_WRITE)
        memset(map.data, 0xff, Int(map.size))
        gst_buffer_unmap(buffer, &map)
        _ = gst_buffer_add_video_meta(buffer, GST_VIDEO_FRAME_FLAG_NONE, GST_VIDEO_FORMAT_BGRA, guint(width), guint(height))
        let rectangle = gst_video_overlay_rectangle_new_raw(buffer, 8, 6, guint(width), guint(height),
                                                            GST_VIDEO_OVERLAY_FORMAT_FLAG_PREMULTIPLIED_ALPHA)
        gst_buffer_unref(buffer)
        let composition = gst_video_overlay_composition_new(rectangle)
        gst_mini_object_unref(UnsafeMutablePointer<GstMiniObject>(rectangle))
        return MovieFrameLayers(backdrop: nil, composition: composition)
    }
}

/// An opaque red 20×10 backdrop reaching past the frame's left and bottom
/// edges (at -6, 30 in a 64×36 frame), from the start.
private final class RedBackdrop: MovieFrameDrawing, @unchecked Sendable {
    let raster: MovieOverlayDrawer.Raster = {
        let (width, height) = (20, 10)
        let buffer = gst_buffer_new_allocate(nil, gsize(width * height * 4), nil)!
        var map = GstMapInfo()
        _ = gst_buffer_map(buffer, &map, GST_MAP_WRITE)
        for pixel in 0..<(width * height) {
            // Premultiplied BGRA: opaque red.
            (map.data[pixel * 4], map.data[pixel * 4 + 1], map.data[pixel * 4 + 2], map.data[pixel * 4 + 3]) = (0, 0, 255, 255)
        }
        gst_buffer_unmap(buffer, &map)
        _ = gst_buffer_add_video_meta(buffer, GST_VIDEO_FRAME_FLAG_NONE, GST_VIDEO_FORMAT_BGRA, guint(width), guint(height))
        return MovieOverlayDrawer.Raster(buffer: buffer, width: width, height: height, isOpaque: true)
    }()

    func layers(at time: Int64) -> MovieFrameLayers? {
        MovieFrameLayers(backdrop: (raster, -6, 30), composition: nil)
    }
}

final class MovieOverlayBlenderTests: XCTestCase {
    /// An opaque backdrop is written into the frame where it goes, the
    /// part past the frame's edges left out, and nothing around it touched:
    /// in planar, semi-planar and packed frames (the movie's timeline
    /// gives packed RGB).
    func testABackdropIsWrittenWhereItGoesClippedToTheFrame() throws {
        for format in ["I420", "NV12", "ABGR"] {
            try checkBackdrop(format: format)
        }
    }

    private func checkBackdrop(format: String) throws {
        try MediaSystem.initialize()
        let frames = try blended(RedBackdrop(), frames: 3, format: format)
        XCTAssertEqual(frames.count, 3)
        for (_, rgb) in frames {
            for (x, y) in [(0, 30), (12, 35), (6, 33)] {
                let red = rgb(x, y)
                XCTAssertGreaterThan(red[0], 200, "\(format): red at \(x), \(y): \(red)")
                XCTAssertLessThan(max(red[1], red[2]), 40, "\(format): red at \(x), \(y): \(red)")
            }
            for (x, y) in [(16, 33), (6, 27), (40, 10)] {
                XCTAssertLessThan(rgb(x, y).max()!, 30, "\(format): untouched at \(x), \(y): \(rgb(x, y))")
            }
        }
    }

    /// Frames before the drawing starts pass untouched; after it, the
    /// rectangle is blended where it was placed and nowhere else.
    func testWhatIsDrawnIsBlendedWhereAndWhenItIs() throws {
        try MediaSystem.initialize()
        let frames = try blended(WhiteBox(), frames: 25, format: "I420")
        XCTAssertEqual(frames.count, 25)
        for (time, rgb) in frames {
            XCTAssertEqual(rgb(17, 10)[1] > 200, time >= 500_000_000, "inside the box at \(time)")
            XCTAssertLessThan(rgb(4, 3)[1], 30, "outside it")
            XCTAssertLessThan(rgb(40, 20)[1], 30, "outside it")
        }
    }

    /// `count` black 64×36 frames in `format`, with `drawing` blended on
    /// them: each frame's time and its RGB at a point.
    private func blended(_ drawing: MovieFrameDrawing, frames count: Int,
                         format: String) throws -> [(Int64, (Int, Int) -> [UInt8])] {
        let pipeline = try LaunchPipeline("videotestsrc num-buffers=\(count) pattern=black ! "
            + "video/x-raw,format=\(format),width=64,height=36,framerate=25/1 ! identity name=tap ! "
            + "videoconvert ! video/x-raw,format=RGBA ! appsink name=frames sync=false wait-on-eos=false")
        let tap = try XCTUnwrap(pipeline.child("tap"))
        let pad = try XCTUnwrap(gst_element_get_static_pad(tap.cast(), "src"))
        defer { gst_object_unref(UnsafeMutableRawPointer(pad)) }
        let blender = MovieOverlayBlender(pad: pad, drawing: drawing)
        defer { blender.close() }
        XCTAssertEqual(pipeline.runToEnd(timeout: 30, isCancelled: { false }), .finished)
        defer { pipeline.setState(GST_STATE_NULL) }
        let sink = try XCTUnwrap(pipeline.child("frames"))
        var frames: [(Int64, (Int, Int) -> [UInt8])] = []
        while let sample = gst_app_sink_try_pull_sample(sink.cast(), 0) {
            defer { gst_sample_unref(sample) }
            let buffer = gst_sample_get_buffer(sample)!
            var map = GstMapInfo()
            XCTAssertNotEqual(gst_buffer_map(buffer, &map, GST_MAP_READ), 0)
            let bytes = Array(UnsafeBufferPointer(start: map.data, count: Int(map.size)))
            gst_buffer_unmap(buffer, &map)
            frames.append((Int64(buffer.pointee.pts), { x, y in Array(bytes[((y * 64 + x) * 4)..<((y * 64 + x) * 4 + 3)]) }))
        }
        return frames
    }
}
