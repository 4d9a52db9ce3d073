import CGLib
import CGst
import GLibKit

/// Writes one frame as a picture: a camera frame as a JPEG (quality 90)
/// with EXIF tags (the orientation: the frame as the sensor gave it,
/// upright; and when it was taken), a video's frame as a PNG. A short
/// pipeline, run on the caller's worker thread.
enum PhotoWriter {
    static let quality = 90

    /// `sample` is the frame with its caps; the file at `path` exists
    /// (reserved) and is overwritten. A failure removes it.
    static func write(_ sample: OpaquePointer, to path: String) -> Result<Void, GLibError> {
        encode(sample, to: path, through: "videoconvert ! jpegenc quality=\(quality) ! jifmux name=exif") { pipeline in
            if let exif = pipeline.child("exif") { tag(exif.object) }
        }
    }

    /// A video's frame as a lossless PNG at its own size, turned upright
    /// by `rotation` (clockwise degrees, as the stream's tag says).
    static func writePNG(_ sample: OpaquePointer, rotation: Int, to path: String) -> Result<Void, GLibError> {
        let flip = [90: "clockwise", 180: "rotate-180", 270: "counterclockwise"][rotation] ?? "none"
        return encode(sample, to: path, through: "videoconvert ! videoflip method=\(flip) ! videoconvert ! pngenc") { _ in }
    }

    private static func encode(_ sample: OpaquePointer, to path: String, through encoder: String,
                               configure: (LaunchPipeline) -> Void) -> Result<Void, GLibError> {
        let end: LaunchPipeline.End
        do {
            let pipeline = try LaunchPipeline("appsrc name=frame format=time ! \(encoder) ! filesink name=file")
            pipeline.set("file", "location", string: path)
            configure(pipeline)
            guard let source = pipeline.child("frame") else { preconditionFailure("no appsrc") }
            let appsrc: UnsafeMutablePointer<GstAppSrc> = cast(source.object)
            pipeline.setState(GST_STATE_PAUSED)
            _ = gst_app_src_push_sample(appsrc, sample)
            _ = gst_app_src_end_of_stream(appsrc)
            end = pipeline.runToEnd(timeout: 20) { false }
        } catch let error as GLibError {
            end = .failed(error)
        } catch {
            end = .failed(GLibError(domain: "reel", code: 0, message: "\(error)"))
        }
        switch end {
        case .finished:
            return .success(())
        case .failed(let error):
            unlink(path)
            return .failure(error)
        case .timedOut, .cancelled:
            unlink(path)
            return .failure(GLibError(domain: "reel", code: 0, message: "the picture took too long to write"))
        }
    }

    /// Orientation "rotate-0" (EXIF 1) and the date and time, for jifmux to
    /// write as EXIF.
    private static func tag(_ muxer: UnsafeMutablePointer<GObject>) {
        let list = gst_tag_list_new_empty()!
        PropertyValue.string("rotate-0").withGValue { gst_tag_list_add_value(list, GST_TAG_MERGE_REPLACE, "image-orientation", $0) }
        if let now = gst_date_time_new_now_local_time() {
            var date = GValue()
            g_value_init(&date, gst_date_time_get_type())
            g_value_take_boxed(&date, UnsafeMutableRawPointer(now))
            gst_tag_list_add_value(list, GST_TAG_MERGE_REPLACE, "datetime", &date)
            g_value_unset(&date)
        }
        PropertyValue.string("Reel").withGValue { gst_tag_list_add_value(list, GST_TAG_MERGE_REPLACE, "application-name", $0) }
        gst_tag_setter_merge_tags(OpaquePointer(muxer), list, GST_TAG_MERGE_REPLACE)
        gst_tag_list_unref(list)
    }
}
