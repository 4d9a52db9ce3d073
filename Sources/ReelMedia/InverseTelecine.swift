import CGLib
import CGst
import Foundation
import GLibKit
import ReelCore

/// Puts GStreamer's `ivtc` between two elements of the video sink's chain
/// while, and only while, the stream is telecined film, so that film shows
/// as its own 24 frames a second rather than deinterlaced to 60 with 3:2
/// pulldown's uneven cadence.
///
/// `ivtc` turns whatever it is given into 24 frames a second, so it cannot
/// stay in the chain: progressive and truly interlaced video must pass as
/// before. The element sits in the bin unlinked from the start (it follows
/// the bin's states with nothing to do), and a probe on the upstream
/// element's source pad watches the caps and, for a stream that may be
/// film (`TelecineDetector.mayBeTelecined`), scores the first frames' combs
/// until the detector decides; film relinks the chain through `ivtc` from
/// that probe, on the streaming thread, between two frames. GStreamer
/// sends the pad's sticky events (caps, segment) to a new peer before the
/// next buffer, so `ivtc` negotiates as if it had been there all along.
final class InverseTelecine: @unchecked Sendable {
    private let lock = NSLock()
    private let upstream: UnsafeMutablePointer<GstPad>
    private let downstream: UnsafeMutablePointer<GstPad>
    private let ivtcSink: UnsafeMutablePointer<GstPad>
    private let ivtcSource: UnsafeMutablePointer<GstPad>
    private var info = GstVideoInfo()
    private var mayBeFilm = false
    private var caps: UnsafeMutablePointer<GstCaps>?
    private var detector = TelecineDetector()
    private var enabled = true
    private var linked = false
    private var probeID: gulong = 0

    /// nil when GStreamer has no `ivtc` (the chain stays as it is).
    init?(bin: UnsafeMutablePointer<GstBin>, between upstream: UnsafeMutablePointer<GstElement>,
          and downstream: UnsafeMutablePointer<GstElement>) {
        guard let ivtc = gst_element_factory_make("ivtc", "ivtc") else { return nil }
        _ = gst_bin_add(bin, ivtc)
        self.upstream = gst_element_get_static_pad(upstream, "src")!
        self.downstream = gst_element_get_static_pad(downstream, "sink")!
        ivtcSink = gst_element_get_static_pad(ivtc, "sink")!
        ivtcSource = gst_element_get_static_pad(ivtc, "src")!
        let mask = GstPadProbeType(rawValue: GST_PAD_PROBE_TYPE_BUFFER.rawValue | GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM.rawValue)
        probeID = gst_pad_add_probe(self.upstream, mask, { _, info, data in
            Unmanaged<InverseTelecine>.fromOpaque(data!).takeUnretainedValue().probe(info!)
        }, Unmanaged.passRetained(self).toOpaque(), { Unmanaged<InverseTelecine>.fromOpaque($0!).release() })
    }

    /// Stops watching the stream. The probe holds this object and this
    /// object holds the probe's pad: the sink calls this as it goes, or
    /// neither would ever be freed.
    func close() {
        gst_pad_remove_probe(upstream, probeID)
    }

    deinit {
        if let caps { gst_caps_unref(caps) }
        for pad in [upstream, downstream, ivtcSink, ivtcSource] { gst_object_unref(UnsafeMutableRawPointer(pad)) }
    }

    /// Whether film is put back into its frames (the deinterlacing setting:
    /// off shows every stream as it is); any thread.
    func setEnabled(_ enabled: Bool) {
        lock.lock()
        self.enabled = enabled
        lock.unlock()
    }

    /// `ivtc` is in the chain: the stream was found to be telecined film.
    var isActive: Bool {
        lock.lock()
        defer { lock.unlock() }
        return linked
    }

    /// Streaming thread: the upstream element pushes `info`'s event or buffer.
    private func probe(_ probeInfo: UnsafeMutablePointer<GstPadProbeInfo>) -> GstPadProbeReturn {
        if probeInfo.pointee.type.rawValue & GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM.rawValue != 0,
           let event = gst_pad_probe_info_get_event(probeInfo) {
            if event.pointee.type == GST_EVENT_CAPS {
                var newCaps: UnsafeMutablePointer<GstCaps>?
                gst_event_parse_caps(event, &newCaps)
                if let newCaps { capsChanged(newCaps) }
            }
            return GST_PAD_PROBE_OK
        }
        guard probeInfo.pointee.type.rawValue & GST_PAD_PROBE_TYPE_BUFFER.rawValue != 0,
              let buffer = gst_pad_probe_info_get_buffer(probeInfo) else { return GST_PAD_PROBE_OK }
        lock.lock()
        let wanted = enabled && mayBeFilm
        if linked && !wanted {
            unlink()
        } else if !linked && wanted && detector.verdict == .undecided {
            if detector.add(comb: combScore(buffer)) == .telecined { link(before: buffer) }
        }
        lock.unlock()
        return GST_PAD_PROBE_OK
    }

    /// New caps: a different stream starts over, on today's path.
    private func capsChanged(_ newCaps: UnsafeMutablePointer<GstCaps>) {
        lock.lock()
        defer { lock.unlock() }
        if let caps, gst_caps_is_equal(caps, newCaps) != 0 { return }
        if let caps { gst_caps_unref(caps) }
        caps = gst_caps_ref(newCaps)
        if linked { unlink() }
        detector = TelecineDetector()
        mayBeFilm = false
        guard gst_video_info_from_caps(&info, newCaps) != 0 else { return }
        let mode = String(cString: gst_video_interlace_mode_to_string(info.interlace_mode))
        let format = String(cString: gst_video_format_to_string(info.finfo.pointee.format))
        mayBeFilm = TelecineDetector.mayBeTelecined(interlaceMode: mode,
                                                    frameRate: (Int(info.fps_n), Int(info.fps_d)),
                                                    format: format, width: Int(info.width))
    }

    /// How much `buffer`'s luma combs (see TelecineDetector.combScore).
    private func combScore(_ buffer: UnsafeMutablePointer<GstBuffer>) -> Double {
        var frame = GstVideoFrame()
        guard gst_video_frame_map(&frame, &info, buffer, GST_MAP_READ) != 0 else { return 0 }
        defer { gst_video_frame_unmap(&frame) }
        guard let luma = frame.data.0 else { return 0 }
        return TelecineDetector.combScore(luma: luma.assumingMemoryBound(to: UInt8.self), stride: Int(frame.info.stride.0),
                                          width: Int(info.width), height: Int(info.height))
    }

    /// Relinks upstream → ivtc → downstream before `buffer` goes on. ivtc
    /// stamps its frames from its segment's start on, so the segment it will
    /// get is made to start at this buffer (the same running time): joined
    /// mid-stream, it would otherwise stamp them from the stream's start.
    private func link(before buffer: UnsafeMutablePointer<GstBuffer>) {
        if let event = gst_pad_get_sticky_event(upstream, GST_EVENT_SEGMENT, 0) {
            var segmentPointer: UnsafePointer<GstSegment>?
            gst_event_parse_segment(event, &segmentPointer)
            let pts = buffer.pointee.pts
            if var segment = segmentPointer?.pointee, segment.format == GST_FORMAT_TIME, segment.rate > 0,
               pts != GstClockTime.max, pts > segment.start {
                let running = gst_segment_to_running_time(&segment, GST_FORMAT_TIME, pts)
                let time = gst_segment_to_stream_time(&segment, GST_FORMAT_TIME, pts)
                if running != GstClockTime.max, time != GstClockTime.max {
                    segment.start = pts
                    segment.position = pts
                    segment.base = running
                    segment.time = time
                    let moved = gst_event_new_segment(&segment)!
                    gst_event_set_seqnum(moved, gst_event_get_seqnum(event))
                    _ = gst_pad_store_sticky_event(upstream, moved)
                    gst_event_unref(moved)
                }
            }
            gst_event_unref(event)
        }
        _ = gst_pad_unlink(upstream, downstream)
        _ = gst_pad_link_full(ivtcSource, downstream, GST_PAD_LINK_CHECK_NOTHING)
        _ = gst_pad_link_full(upstream, ivtcSink, GST_PAD_LINK_CHECK_NOTHING)
        linked = true
    }

    /// Back to upstream → downstream (the setting was turned off, or the
    /// stream changed).
    private func unlink() {
        _ = gst_pad_unlink(upstream, ivtcSink)
        _ = gst_pad_unlink(ivtcSource, downstream)
        _ = gst_pad_link_full(upstream, downstream, GST_PAD_LINK_CHECK_NOTHING)
        linked = false
    }
}
