import CGLib
import CGst
import Foundation
import GLibKit
import ReelCore

/// What draws over a movie's frames: the overlay composition for the frame
/// at a time of the movie (a new reference), or nil when nothing is drawn
/// then. Called on the streaming thread.
protocol MovieFrameDrawing: AnyObject, Sendable {
    func composition(at time: Int64) -> OpaquePointer?
}

/// Blends a `MovieFrameDrawing` onto the frames leaving a movie's timeline,
/// through a probe on the timeline's video pad: the same frames, at the
/// same times, whether a GESPipeline previews them into the movie page or
/// renders them into the file, so the preview shows what the export has.
/// A probe rather than an element: GESPipeline's `video-filter` is used in
/// preview mode only, and an export pipeline built by hand around the
/// timeline (timeline → encodebin) put a clip's last frame before the next
/// clip's first, which GESPipeline's own render mode does not.
///
/// Only frames with something drawn on them are touched (made writable
/// and blended where the rectangles are); the rest pass as they came.
final class MovieOverlayBlender: @unchecked Sendable {
    private let lock = NSLock()
    private let drawing: MovieFrameDrawing
    private let pad: UnsafeMutablePointer<GstPad>
    private var info = GstVideoInfo()
    private var hasInfo = false
    private var probeID: gulong = 0

    /// Starts blending onto `pad`'s frames (the timeline's video pad).
    init(pad: UnsafeMutablePointer<GstPad>, drawing: MovieFrameDrawing) {
        self.pad = pad
        self.drawing = drawing
        _ = gst_object_ref(UnsafeMutableRawPointer(pad))
        let mask = GstPadProbeType(rawValue: GST_PAD_PROBE_TYPE_BUFFER.rawValue | GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM.rawValue)
        probeID = gst_pad_add_probe(pad, mask, { _, info, data in
            Unmanaged<MovieOverlayBlender>.fromOpaque(data!).takeUnretainedValue().probe(info!)
        }, Unmanaged.passRetained(self).toOpaque(), { Unmanaged<MovieOverlayBlender>.fromOpaque($0!).release() })
    }

    /// The timeline's video pad's blender, for `drawing`.
    convenience init?(timeline: MovieTimeline, drawing: MovieFrameDrawing) {
        guard let pad = ges_timeline_get_pad_for_track(timeline.timeline, timeline.videoTrack) else { return nil }
        self.init(pad: pad, drawing: drawing)
    }

    /// Stops blending. The probe holds this object: its owner calls this
    /// as it goes, or neither would be freed.
    func close() {
        gst_pad_remove_probe(pad, probeID)
    }

    deinit {
        gst_object_unref(UnsafeMutableRawPointer(pad))
    }

    private func probe(_ probeInfo: UnsafeMutablePointer<GstPadProbeInfo>) -> GstPadProbeReturn {
        if probeInfo.pointee.type.rawValue & GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM.rawValue != 0 {
            if let event = gst_pad_probe_info_get_event(probeInfo), event.pointee.type == GST_EVENT_CAPS {
                var caps: UnsafeMutablePointer<GstCaps>?
                gst_event_parse_caps(event, &caps)
                lock.lock()
                hasInfo = caps.map { gst_video_info_from_caps(&info, $0) != 0 } ?? false
                lock.unlock()
            }
            return GST_PAD_PROBE_OK
        }
        guard let buffer = gst_pad_probe_info_get_buffer(probeInfo), buffer.pointee.pts != GstClockTime.max,
              let composition = drawing.composition(at: Int64(buffer.pointee.pts)) else { return GST_PAD_PROBE_OK }
        defer { gst_mini_object_unref(UnsafeMutablePointer<GstMiniObject>(composition)) }
        lock.lock()
        var frameInfo = info
        let known = hasInfo
        lock.unlock()
        guard known else { return GST_PAD_PROBE_OK }
        // The frame may be shared (the compositor's pool, a still's repeated
        // frame): blend onto a writable one and pass that on instead.
        let writable: UnsafeMutablePointer<GstBuffer> = cast(gst_mini_object_make_writable(cast(buffer)))
        probeInfo.pointee.data = UnsafeMutableRawPointer(writable)
        var frame = GstVideoFrame()
        guard gst_video_frame_map(&frame, &frameInfo, writable, GstMapFlags(rawValue: GST_MAP_READ.rawValue | GST_MAP_WRITE.rawValue)) != 0 else {
            return GST_PAD_PROBE_OK
        }
        _ = gst_video_overlay_composition_blend(composition, &frame)
        gst_video_frame_unmap(&frame)
        return GST_PAD_PROBE_OK
    }
}
