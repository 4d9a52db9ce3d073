import CGLib
import CGst
import Foundation
import GLibKit
import ReelCore

/// What draws over a movie's frames: what goes on the frame at a time of
/// the movie, or nil when nothing is drawn then. Called on the streaming
/// thread.
protocol MovieFrameDrawing: AnyObject, Sendable {
    func layers(at time: Int64) -> MovieFrameLayers?
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
/// and blended where the rectangles are); the rest pass as they came. An
/// opaque backdrop is converted straight into the frame's format where it
/// goes: blending a whole frame of opaque pixels cost a full unpack, blend
/// and pack per frame, the largest share of a decorated export's time
/// (bench/RESULTS.md).
final class MovieOverlayBlender: @unchecked Sendable {
    private let lock = NSLock()
    private let drawing: MovieFrameDrawing
    private let pad: UnsafeMutablePointer<GstPad>
    private var info = GstVideoInfo()
    private var hasInfo = false
    private var probeID: gulong = 0
    /// The converter for the last backdrop's size and place in the
    /// frame (a photo's or a title card's stays the same frame to frame).
    private var converter: (key: [Int], converter: OpaquePointer)?

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
        if let converter { gst_video_converter_free(converter.converter) }
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
              let layers = drawing.layers(at: Int64(buffer.pointee.pts)) else { return GST_PAD_PROBE_OK }
        lock.lock()
        defer { lock.unlock() }
        guard hasInfo else { return GST_PAD_PROBE_OK }
        // The frame may be shared (the compositor's pool, a still's repeated
        // frame): draw onto a writable one and pass that on instead.
        let writable: UnsafeMutablePointer<GstBuffer> = cast(gst_mini_object_make_writable(cast(buffer)))
        probeInfo.pointee.data = UnsafeMutableRawPointer(writable)
        var frame = GstVideoFrame()
        guard gst_video_frame_map(&frame, &info, writable, GstMapFlags(rawValue: GST_MAP_READ.rawValue | GST_MAP_WRITE.rawValue)) != 0 else {
            return GST_PAD_PROBE_OK
        }
        defer { gst_video_frame_unmap(&frame) }
        if let backdrop = layers.backdrop, !write(backdrop.raster, x: backdrop.x, y: backdrop.y, into: &frame) {
            let rectangle = gst_video_overlay_rectangle_new_raw(backdrop.raster.buffer, Int32(backdrop.x), Int32(backdrop.y),
                                                                guint(backdrop.raster.width), guint(backdrop.raster.height),
                                                                GST_VIDEO_OVERLAY_FORMAT_FLAG_PREMULTIPLIED_ALPHA)!
            let composition = gst_video_overlay_composition_new(rectangle)!
            _ = gst_video_overlay_composition_blend(composition, &frame)
            gst_mini_object_unref(UnsafeMutablePointer<GstMiniObject>(composition))
            gst_mini_object_unref(UnsafeMutablePointer<GstMiniObject>(rectangle))
        }
        if let composition = layers.composition { _ = gst_video_overlay_composition_blend(composition, &frame) }
        return GST_PAD_PROBE_OK
    }

    /// Converts `raster` into `frame` at (`x`, `y`), clipped to the frame
    /// and to its chroma grid (a sample shared with a pixel outside is left
    /// as it was). The converter writes into a view of the frame that
    /// starts where the raster goes: its own destination offsets wrote
    /// chroma past the region's right edge. False when the frame's format
    /// cannot be viewed so (tiled or packed in groups); the caller blends
    /// it instead. Called with the lock held.
    private func write(_ raster: MovieOverlayDrawer.Raster, x: Int, y: Int, into frame: inout GstVideoFrame) -> Bool {
        let format = info.finfo.pointee
        let flags = format.flags.rawValue
        guard flags & (GST_VIDEO_FORMAT_FLAG_TILED.rawValue | GST_VIDEO_FORMAT_FLAG_COMPLEX.rawValue) == 0 else { return false }
        let components = 0..<Int(format.n_components)
        let across = 1 << (components.map { Int(Self.element(format.w_sub, $0)) }.max() ?? 0)
        let down = 1 << (components.map { Int(Self.element(format.h_sub, $0)) }.max() ?? 0)
        let left = (max(x, 0) + across - 1) / across * across, top = (max(y, 0) + down - 1) / down * down
        let right = min(x + raster.width, Int(info.width)) / across * across
        let bottom = min(y + raster.height, Int(info.height)) / down * down
        let (width, height) = (right - left, bottom - top)
        guard width > 0, height > 0 else { return true }
        var region = GstVideoInfo()
        guard gst_video_info_set_format(&region, format.format, guint(width), guint(height)) != 0 else { return false }
        (region.fps_n, region.fps_d) = (info.fps_n, info.fps_d)
        region.stride = info.stride
        var view = frame
        view.info = region
        withUnsafeMutableBytes(of: &view.data) { planes in
            for plane in 0..<Int(format.n_planes) {
                // The plane's first component says how its samples lie.
                guard let component = components.first(where: { Int(Self.element(format.plane, $0)) == plane }),
                      let start = planes.load(fromByteOffset: plane * MemoryLayout<UnsafeMutableRawPointer?>.stride,
                                              as: UnsafeMutableRawPointer?.self) else { continue }
                let offset = (top >> Int(Self.element(format.h_sub, component))) * Int(Self.element(info.stride, plane))
                    + (left >> Int(Self.element(format.w_sub, component))) * Int(Self.element(format.pixel_stride, component))
                planes.storeBytes(of: start + offset, toByteOffset: plane * MemoryLayout<UnsafeMutableRawPointer?>.stride,
                                  as: UnsafeMutableRawPointer?.self)
            }
        }
        var source = GstVideoInfo()
        guard gst_video_info_set_format(&source, GST_VIDEO_FORMAT_BGRA, guint(raster.width), guint(raster.height)) != 0 else { return false }
        // The converter wants the same rate on both sides.
        (source.fps_n, source.fps_d) = (info.fps_n, info.fps_d)
        let key = [raster.width, raster.height, left - x, top - y, width, height, Int(format.format.rawValue),
                   Int(info.width), Int(info.height)]
        if converter?.key != key {
            if let converter { gst_video_converter_free(converter.converter) }
            converter = nil
            let crop = ["src-x": left - x, "src-y": top - y, "src-width": width, "src-height": height]
                .map { "GstVideoConverter.\($0.key)=(int)\($0.value)" }.sorted().joined(separator: ", ")
            guard let config = gst_structure_from_string("config, \(crop)", nil),
                  let made = gst_video_converter_new(&source, &region, config) else { return false }
            converter = (key, made)
        }
        var pixels = GstVideoFrame()
        guard let converter, gst_video_frame_map(&pixels, &source, raster.buffer, GST_MAP_READ) != 0 else { return false }
        gst_video_converter_frame(converter.converter, &pixels, &view)
        gst_video_frame_unmap(&pixels)
        return true
    }

    /// The `index`th of a C array imported as a tuple of four.
    private static func element<T>(_ tuple: (T, T, T, T), _ index: Int) -> T {
        withUnsafeBytes(of: tuple) { $0.load(fromByteOffset: index * MemoryLayout<T>.stride, as: T.self) }
    }
}
