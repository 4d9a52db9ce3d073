import CGLib
import CGst
import Foundation
import GLibKit
import ReelCore
import XCTest
@testable import ReelMedia

/// Draws a white 20×10 rectangle at (8, 6) from half a second on.
private final class WhiteBox: MovieFrameDrawing, @unchecked Sendable {
    func composition(at time: Int64) -> OpaquePointer? {
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
        return composition
    }
}

final class MovieOverlayBlenderTests: XCTestCase {
    /// Frames before the drawing starts pass untouched; after it, the
    /// rectangle is blended where it was placed and nowhere else.
    func testWhatIsDrawnIsBlendedWhereAndWhenItIs() throws {
        try MediaSystem.initialize()
        let pipeline = try LaunchPipeline("videotestsrc num-buffers=25 pattern=black ! "
            + "video/x-raw,format=I420,width=64,height=36,framerate=25/1 ! identity name=tap ! "
            + "videoconvert ! video/x-raw,format=RGBA ! appsink name=frames sync=false wait-on-eos=false")
        let tap = try XCTUnwrap(pipeline.child("tap"))
        let pad = try XCTUnwrap(gst_element_get_static_pad(tap.cast(), "src"))
        defer { gst_object_unref(UnsafeMutableRawPointer(pad)) }
        let blender = MovieOverlayBlender(pad: pad, drawing: WhiteBox())
        defer { blender.close() }
        XCTAssertEqual(pipeline.runToEnd(timeout: 30, isCancelled: { false }), .finished)
        defer { pipeline.setState(GST_STATE_NULL) }
        let sink = try XCTUnwrap(pipeline.child("frames"))
        var seen = 0
        while let sample = gst_app_sink_try_pull_sample(sink.cast(), 0) {
            defer { gst_sample_unref(sample) }
            let buffer = gst_sample_get_buffer(sample)!
            var map = GstMapInfo()
            XCTAssertNotEqual(gst_buffer_map(buffer, &map, GST_MAP_READ), 0)
            defer { gst_buffer_unmap(buffer, &map) }
            func luma(_ x: Int, _ y: Int) -> UInt8 { map.data[(y * 64 + x) * 4 + 1] }
            let drawn = buffer.pointee.pts >= 500_000_000
            XCTAssertEqual(luma(17, 10) > 200, drawn, "inside the box at \(buffer.pointee.pts)")
            XCTAssertLessThan(luma(4, 3), 30, "outside it")
            XCTAssertLessThan(luma(40, 20), 30, "outside it")
            seen += 1
        }
        XCTAssertEqual(seen, 25)
    }
}
