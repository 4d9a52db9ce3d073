import CGLib
import CGst
import Foundation
import GLibKit

/// Pictures of a video file at chosen times, small, in one short pipeline:
/// a blurred title card's background (one frame, exact) and the frames
/// along a clip on the movie page's timeline (a dozen, at keyframes).
/// Blocking; `load` runs it on a background thread.
public enum VideoStills {
    /// One picture: opaque BGRA rows of `width` × 4 bytes (cairo's ARGB32
    /// on a little-endian machine), and the time it shows in the file.
    public struct Picture: Sendable {
        public let time: Int64
        public let width: Int
        public let height: Int
        public let bgra: [UInt8]
    }

    /// The pictures at `times` (seconds in the file, nanoseconds), `width`
    /// wide or `height` high (the other follows the video's shape).
    /// `exact` seeks to the very frame; otherwise to the nearest keyframe,
    /// which decodes one frame per picture. Lanczos brings 1080p down to a
    /// few dozen pixels smoothly (bilinear sampling aliases). Fewer (none)
    /// when the file cannot be read there.
    public static func pictures(of uri: String, at times: [Int64], width: Int? = nil, height: Int? = nil,
                                exact: Bool) -> [Picture] {
        let size = [width.map { "width=\($0)" }, height.map { "height=\($0)" }].compactMap { $0 }.joined(separator: ",")
        guard let pipeline = try? LaunchPipeline("""
            uridecodebin name=decode ! videoconvert ! videoscale method=lanczos \
            ! video/x-raw,format=BGRA,pixel-aspect-ratio=1/1\(size.isEmpty ? "" : ",")\(size) \
            ! appsink name=frames sync=false max-buffers=1 drop=false
            """) else { return [] }
        defer { pipeline.setState(GST_STATE_NULL) }
        pipeline.set("decode", "uri", string: uri)
        pipeline.setState(GST_STATE_PAUSED)
        guard pipeline.waitForAsyncDone(timeout: 10) == .finished, let sink = pipeline.child("frames") else { return [] }
        let flags = GST_SEEK_FLAG_FLUSH.rawValue
            | (exact ? GST_SEEK_FLAG_ACCURATE.rawValue : GST_SEEK_FLAG_KEY_UNIT.rawValue | GST_SEEK_FLAG_SNAP_NEAREST.rawValue)
        var pictures: [Picture] = []
        for time in times {
            guard gst_element_seek_simple(pipeline.element, GST_FORMAT_TIME, GstSeekFlags(rawValue: flags), gint64(time)) != 0,
                  pipeline.waitForAsyncDone(timeout: 10) == .finished,
                  let sample = gst_app_sink_pull_preroll(sink.cast()) else { break }
            defer { gst_sample_unref(sample) }
            if let picture = picture(sample, time: time) { pictures.append(picture) }
        }
        return pictures
    }

    /// `pictures` on a background thread; `done` on the main thread.
    public static func load(_ uri: String, at times: [Int64], height: Int,
                            done: @escaping @Sendable ([Picture]) -> Void) {
        BackgroundThread.start {
            let found = pictures(of: uri, at: times, height: height, exact: false)
            MainContext.invoke { done(found) }
        }
    }

    private static func picture(_ sample: OpaquePointer, time: Int64) -> Picture? {
        var info = GstVideoInfo()
        guard let caps = gst_sample_get_caps(sample), gst_video_info_from_caps(&info, caps) != 0,
              let buffer = gst_sample_get_buffer(sample) else { return nil }
        var frame = GstVideoFrame()
        guard gst_video_frame_map(&frame, &info, buffer, GST_MAP_READ) != 0 else { return nil }
        defer { gst_video_frame_unmap(&frame) }
        let (columns, rows, stride) = (Int(info.width), Int(info.height), Int(info.stride.0))
        guard let pixels = frame.data.0?.assumingMemoryBound(to: UInt8.self) else { return nil }
        var bgra = [UInt8](repeating: 255, count: columns * rows * 4)
        for row in 0..<rows {
            for column in 0..<columns {
                // A video's pixels are opaque whatever its alpha says.
                let from = pixels + row * stride + column * 4, to = (row * columns + column) * 4
                (bgra[to], bgra[to + 1], bgra[to + 2]) = (from[0], from[1], from[2])
            }
        }
        return Picture(time: time, width: columns, height: rows, bgra: bgra)
    }
}
