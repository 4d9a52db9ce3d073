import CGLib
import CGst
import Foundation
import ReelCore

extension MovieOverlayDrawer {
    /// A video file's frame at `time` (of the file), `width` pixels wide in
    /// its shape, as an opaque raster: a blurred title card's background.
    /// One short pipeline, sought to the exact frame; lanczos brings 1080p
    /// down to a few dozen pixels smoothly (a blur, not the aliasing
    /// bilinear sampling gives). Blocks for a fraction of a second on a
    /// local file; nil when the file cannot be read there.
    static func videoStill(_ uri: String, at time: Int64, width: Int) -> Raster? {
        guard let pipeline = try? LaunchPipeline("""
            uridecodebin name=decode ! videoconvert ! videoscale method=lanczos \
            ! video/x-raw,format=BGRA,pixel-aspect-ratio=1/1,width=\(width) \
            ! appsink name=frames sync=false max-buffers=1 drop=false
            """) else { return nil }
        defer { pipeline.setState(GST_STATE_NULL) }
        pipeline.set("decode", "uri", string: uri)
        pipeline.setState(GST_STATE_PAUSED)
        let flags = GstSeekFlags(rawValue: GST_SEEK_FLAG_FLUSH.rawValue | GST_SEEK_FLAG_ACCURATE.rawValue)
        guard pipeline.waitForAsyncDone(timeout: 10) == .finished,
              gst_element_seek_simple(pipeline.element, GST_FORMAT_TIME, flags, gint64(time)) != 0,
              pipeline.waitForAsyncDone(timeout: 10) == .finished,
              let sink = pipeline.child("frames"),
              let sample = gst_app_sink_pull_preroll(sink.cast()) else { return nil }
        defer { gst_sample_unref(sample) }
        var info = GstVideoInfo()
        guard let caps = gst_sample_get_caps(sample), gst_video_info_from_caps(&info, caps) != 0,
              let buffer = gst_sample_get_buffer(sample) else { return nil }
        var frame = GstVideoFrame()
        guard gst_video_frame_map(&frame, &info, buffer, GST_MAP_READ) != 0 else { return nil }
        defer { gst_video_frame_unmap(&frame) }
        let (columns, rows, stride) = (Int(info.width), Int(info.height), Int(info.stride.0))
        guard let pixels = frame.data.0 else { return nil }
        return raster(width: columns, height: rows, isOpaque: true) { target in
            for row in 0..<rows {
                // A video's pixels are opaque: BGRA as they are.
                memcpy(target + row * columns * 4, pixels + row * stride, columns * 4)
                for column in 0..<columns { target[(row * columns + column) * 4 + 3] = 255 }
            }
        }
    }
}
