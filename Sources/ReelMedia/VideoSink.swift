import CGLib
import CGst
import Foundation
import GLibKit
import ReelCore

/// The video end of a pipeline: an appsink that converts each frame it
/// renders (at its presentation time) with libyuv at the size it is drawn,
/// keeps only the newest one, and hands it to the main thread. The UI sets
/// `onFrame` and reports the drawn size; it never sees GStreamer.
public final class VideoSink {
    /// The element to put in a pipeline (playbin's `video-sink`).
    public let element: UnsafeMutablePointer<GstElement>
    private let appsink: UnsafeMutablePointer<GstElement>
    private let deinterlace: UnsafeMutablePointer<GstElement>?
    /// Telecined film's own frames back, ahead of the deinterlacer.
    private(set) var inverseTelecine: InverseTelecine?
    let core: SinkCore

    /// Called on the main thread with each new frame.
    public var onFrame: ((VideoFrame) -> Void)? {
        get { core.onFrame }
        set { core.onFrame = newValue }
    }

    /// `deinterlacing` false: no deinterlacer in the chain, for pictures
    /// that never need one or are drawn too small for combs to show (the
    /// camera, the preview strip's clips at a quarter of their height); the
    /// two elements it takes cost the strip about a tenth of its CPU
    /// (bench/RESULTS.md, the strip's bisect).
    public init(deinterlacing: Bool = true) {
        let bin = gst_bin_new("reel-video-sink")!
        // Interlaced video is deinterlaced here, and only interlaced video:
        // in "auto" mode the deinterlacer lets progressive frames through
        // untouched, in any format. The videoconvert ahead of it only works
        // for an interlaced format the deinterlacer cannot take (10-bit).
        var chain: [UnsafeMutablePointer<GstElement>] = []
        if deinterlacing {
            let deinterlace = gst_element_factory_make("deinterlace", "deinterlace")!
            gst_util_set_object_arg(UnsafeMutableRawPointer(deinterlace).assumingMemoryBound(to: GObject.self), "method",
                                    Deinterlacing.method)
            chain = [gst_element_factory_make("videoconvert", nil)!, deinterlace]
            self.deinterlace = deinterlace
        } else {
            self.deinterlace = nil
        }
        let convert = gst_element_factory_make("videoconvert", nil)!
        let appsink = gst_element_factory_make("appsink", "frames")!
        self.appsink = appsink
        chain += [convert, appsink]
        let formats = FrameConverter.inputFormats.joined(separator: ",")
        let caps = gst_caps_from_string("video/x-raw,format={\(formats)}")
        PropertyValue.bool(true).set(on: appsink, "sync")
        PropertyValue.bool(true).set(on: appsink, "qos")
        PropertyValue.bool(false).set(on: appsink, "enable-last-sample")
        PropertyValue.bool(false).set(on: appsink, "emit-signals")
        let app = UnsafeMutableRawPointer(appsink).assumingMemoryBound(to: GstAppSink.self)
        gst_app_sink_set_caps(app, caps)
        gst_caps_unref(caps)
        let asBin = UnsafeMutableRawPointer(bin).assumingMemoryBound(to: GstBin.self)
        for element in chain { _ = gst_bin_add(asBin, element) }
        for (upstream, downstream) in zip(chain, chain.dropFirst()) { _ = gst_element_link(upstream, downstream) }
        let pad = gst_element_get_static_pad(chain[0], "sink")!
        let ghost = gst_ghost_pad_new("sink", pad)!
        gst_object_unref(pad)
        _ = gst_element_add_pad(bin, ghost)
        element = bin
        _ = gst_object_ref_sink(UnsafeMutableRawPointer(element))

        core = SinkCore()
        // Telecined film goes through ivtc once the pictures show it is film
        // (InverseTelecine); everything else keeps this chain as it is.
        if let deinterlace { inverseTelecine = InverseTelecine(bin: asBin, between: chain[0], and: deinterlace) }
        var callbacks = GstAppSinkCallbacks()
        callbacks.new_sample = { sink, data in
            let sample = gst_app_sink_pull_sample(sink)
            Unmanaged<SinkCore>.fromOpaque(data!).takeUnretainedValue().take(sample, runningTime: SinkCore.runningTime(sink, sample))
            return GST_FLOW_OK
        }
        callbacks.new_preroll = { sink, data in
            let sample = gst_app_sink_pull_preroll(sink)
            Unmanaged<SinkCore>.fromOpaque(data!).takeUnretainedValue().take(sample, runningTime: SinkCore.runningTime(sink, sample))
            return GST_FLOW_OK
        }
        gst_app_sink_set_callbacks(app, &callbacks,
                                   Unmanaged.passRetained(core).toOpaque(),
                                   { Unmanaged<SinkCore>.fromOpaque($0!).release() })
        // The stream's orientation arrives as a tag event ahead of the frames.
        let sinkPad = gst_element_get_static_pad(appsink, "sink")!
        gst_pad_add_probe(sinkPad, GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM, { _, info, data in
            if let event = info?.pointee.data?.assumingMemoryBound(to: GstEvent.self),
               event.pointee.type == GST_EVENT_TAG {
                var list: UnsafeMutablePointer<GstTagList>?
                gst_event_parse_tag(event, &list)
                var value: UnsafeMutablePointer<gchar>?
                if let list, gst_tag_list_get_string(list, "image-orientation", &value) != 0, let value {
                    Unmanaged<SinkCore>.fromOpaque(data!).takeUnretainedValue()
                        .setRotation(VideoRotation.degrees(fromTag: String(cString: value)))
                    g_free(value)
                }
            }
            return GST_PAD_PROBE_OK
        }, Unmanaged.passRetained(core).toOpaque(), { Unmanaged<SinkCore>.fromOpaque($0!).release() })
        gst_object_unref(sinkPad)
        watchInterlacing(chain[0])
    }

    /// Notes whether the stream is interlaced as its caps arrive at
    /// `element` (the first converter: what the decoder gives, whether or
    /// not ivtc makes it progressive further on).
    private func watchInterlacing(_ element: UnsafeMutablePointer<GstElement>) {
        let pad = gst_element_get_static_pad(element, "sink")!
        gst_pad_add_probe(pad, GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM, { _, info, data in
            guard let event = info?.pointee.data?.assumingMemoryBound(to: GstEvent.self),
                  event.pointee.type == GST_EVENT_CAPS else { return GST_PAD_PROBE_OK }
            var caps: UnsafeMutablePointer<GstCaps>?
            gst_event_parse_caps(event, &caps)
            var info = GstVideoInfo()
            guard let caps, gst_video_info_from_caps(&info, caps) != 0 else { return GST_PAD_PROBE_OK }
            let interlaced = info.interlace_mode != GST_VIDEO_INTERLACE_MODE_PROGRESSIVE
            Unmanaged<SinkCore>.fromOpaque(data!).takeUnretainedValue().setInterlaced(interlaced)
            return GST_PAD_PROBE_OK
        }, Unmanaged.passRetained(core).toOpaque(), { Unmanaged<SinkCore>.fromOpaque($0!).release() })
        gst_object_unref(pad)
    }

    /// Whether interlaced video is deinterlaced; any thread, any state.
    public func setDeinterlacing(_ deinterlacing: Deinterlacing) {
        guard let deinterlace else { return }
        gst_util_set_object_arg(UnsafeMutableRawPointer(deinterlace).assumingMemoryBound(to: GObject.self), "mode",
                                deinterlacing == .automatic ? "auto" : "disabled")
        inverseTelecine?.setEnabled(deinterlacing == .automatic)
    }

    /// The stream is telecined film shown as its own 24 frames a second.
    public var isTelecined: Bool {
        inverseTelecine?.isActive ?? false
    }

    /// The stream's frames are interlaced (nil: no caps yet).
    public var isInterlaced: Bool? {
        core.interlaced
    }

    deinit {
        inverseTelecine?.close()
        gst_object_unref(UnsafeMutableRawPointer(element))
    }

    /// The size in device pixels the picture is drawn at; later frames are
    /// converted at that size, bigger than the source too with `upscale`
    /// (for a CPU renderer: see ConversionSize). Main thread.
    /// `visible`: the part of the picture the view shows (fill mode crops
    /// it); only that part is converted.
    public func setDrawnSize(width: Int, height: Int, upscale: Bool = false, visible: PictureCrop = .whole) {
        core.setDrawn(ConversionSize(width: width, height: height), upscale: upscale, visible: visible)
    }

    /// Flips the picture left to right (a webcam preview shown as a mirror).
    public func setMirrored(_ mirrored: Bool) {
        core.setMirrored(mirrored)
    }

    /// While set, frames that arrive are dropped unseen: a pipeline opened
    /// again to go on where it was prerolls its clip's first frame before it
    /// seeks (LoopingPlayer's resume after a suspend).
    public func setDiscarding(_ discarding: Bool) {
        core.setDiscarding(discarding)
    }

    /// Where the newest frame the sink took is in its stream, in seconds.
    /// Ahead of the pipeline's position by its latency (a frame or so of
    /// the decoder's threads): this is the frame to come back to.
    public var newestFramePosition: Double? {
        core.newestPosition()
    }

    /// Converts the newest frame again at the current drawn size (for a
    /// paused video whose view changed size) and delivers it.
    public func refresh() {
        core.refresh()
    }

    /// The pixel format the decoder gives and the one libyuv converts: the
    /// same when no videoconvert works in between (the fast path). nil
    /// before the caps are negotiated.
    public var pixelFormats: (decoded: String, converted: String)? {
        guard let decoded = VideoSink.videoInfo(element), let converted = VideoSink.videoInfo(appsink) else { return nil }
        func name(_ info: GstVideoInfo) -> String { String(cString: gst_video_format_to_string(info.finfo.pointee.format)) }
        return (name(decoded), name(converted))
    }

    /// "PQ" or "HLG" for HDR video (PQ is tone-mapped for the screen: see
    /// ToneMap), nil for SDR video or before the caps are negotiated.
    public var hdrTransfer: String? {
        switch VideoSink.videoInfo(element)?.colorimetry.transfer {
        case GST_VIDEO_TRANSFER_SMPTE2084: return "PQ"
        case GST_VIDEO_TRANSFER_ARIB_STD_B67: return "HLG"
        default: return nil
        }
    }

    /// The video the sink takes, as negotiated (nil before caps).
    public var videoInfo: GstVideoInfo? {
        VideoSink.videoInfo(element)
    }

    /// What `element`'s sink pad negotiated.
    private static func videoInfo(_ element: UnsafeMutablePointer<GstElement>) -> GstVideoInfo? {
        guard let pad = gst_element_get_static_pad(element, "sink") else { return nil }
        defer { gst_object_unref(pad) }
        guard let caps = gst_pad_get_current_caps(pad) else { return nil }
        defer { gst_caps_unref(caps) }
        var info = GstVideoInfo()
        return gst_video_info_from_caps(&info, caps) != 0 ? info : nil
    }

    /// Frames the sink dropped for being late (QoS), and frames converted but
    /// replaced by a newer one before the main thread took them.
    public var droppedFrames: (late: Int, unshown: Int) {
        var late = 0
        var value = GValue()
        g_value_init(&value, gst_structure_get_type())
        g_object_get_property(UnsafeMutablePointer(OpaquePointer(appsink)), "stats", &value)
        if let boxed = g_value_get_boxed(&value) {
            var dropped: guint64 = 0
            if gst_structure_get_uint64(boxed.assumingMemoryBound(to: GstStructure.self), "dropped", &dropped) != 0 { late = Int(dropped) }
        }
        g_value_unset(&value)
        return (late, core.unshown)
    }
}

/// The state shared between the streaming thread and the main thread.
final class SinkCore: @unchecked Sendable {
    private let lock = NSLock()
    private let convertLock = NSLock()
    private let converter = FrameConverter()
    private var pending: VideoFrame?
    private var scheduled = false
    private var drawn: ConversionSize?
    private var upscale = false
    private var visible = PictureCrop.whole
    private var rotation = 0
    private var mirrored = false
    private var lastSample: OpaquePointer?
    private var lastRunningTime: UInt64?
    private var discarding = false
    private(set) var unshown = 0
    private var interlacedSource: Bool?
    /// Main thread only.
    var onFrame: ((VideoFrame) -> Void)?

    deinit {
        if let lastSample { gst_sample_unref(lastSample) }
    }

    func setDrawn(_ size: ConversionSize, upscale: Bool, visible: PictureCrop) {
        lock.lock()
        if drawn.map({ size.differsNoticeably(from: $0) }) ?? true { drawn = size }
        self.upscale = upscale
        self.visible = visible
        lock.unlock()
    }

    func setMirrored(_ mirrored: Bool) {
        lock.lock()
        self.mirrored = mirrored
        lock.unlock()
    }

    func setDiscarding(_ discarding: Bool) {
        lock.lock()
        self.discarding = discarding
        lock.unlock()
    }

    func newestPosition() -> Double? {
        lock.lock()
        defer { lock.unlock() }
        guard let lastSample, let buffer = gst_sample_get_buffer(lastSample),
              let segment = gst_sample_get_segment(lastSample), buffer.pointee.pts != GstClockTime.max else { return nil }
        let time = gst_segment_to_stream_time(segment, GST_FORMAT_TIME, buffer.pointee.pts)
        return time == GstClockTime.max ? nil : Double(time) / 1e9
    }

    var interlaced: Bool? {
        lock.lock()
        defer { lock.unlock() }
        return interlacedSource
    }

    func setInterlaced(_ interlaced: Bool) {
        lock.lock()
        interlacedSource = interlaced
        lock.unlock()
    }

    func setRotation(_ degrees: Int) {
        lock.lock()
        rotation = degrees
        lock.unlock()
    }

    /// The running time the sink syncs `sample`'s buffer to: by the sink's
    /// own segment, which an instant rate change (the speed menu) alters
    /// while the sample's segment, upstream's, keeps its rate. Called on
    /// the streaming thread, the one that changes that segment.
    static func runningTime(_ sink: UnsafeMutablePointer<GstAppSink>?, _ sample: OpaquePointer?) -> UInt64? {
        guard let sink, let sample, let buffer = gst_sample_get_buffer(sample),
              buffer.pointee.pts != GstClockTime.max else { return nil }
        let base = UnsafeMutableRawPointer(sink).assumingMemoryBound(to: GstBaseSink.self)
        let time = gst_segment_to_running_time(&base.pointee.segment, GST_FORMAT_TIME, buffer.pointee.pts)
        return time == GstClockTime.max ? nil : UInt64(time)
    }

    /// A streaming thread's new sample (owned), with its running time.
    func take(_ sample: OpaquePointer?, runningTime: UInt64?) {
        guard let sample else { return }
        lock.lock()
        if discarding {
            lock.unlock()
            gst_sample_unref(sample)
            return
        }
        let previous = lastSample
        lastSample = sample
        lastRunningTime = runningTime
        lock.unlock()
        // A prerolled buffer comes again as the first sample once playing:
        // it is on screen already.
        let repeated = previous.map { gst_sample_get_buffer($0) == gst_sample_get_buffer(sample) } ?? false
        if let previous { gst_sample_unref(previous) }
        if !repeated { convertAndPost(sample, runningTime: runningTime) }
    }

    /// The frame shown last (a reference for the caller to drop) and the
    /// rotation that makes it upright: a screenshot's source.
    func newestSample() -> (sample: OpaquePointer, rotation: Int)? {
        lock.lock()
        defer { lock.unlock() }
        return lastSample.flatMap { gst_sample_ref($0) }.map { ($0, rotation) }
    }

    func refresh() {
        lock.lock()
        let sample = lastSample.flatMap { gst_sample_ref($0) }
        let runningTime = lastRunningTime
        lock.unlock()
        guard let sample else { return }
        convertAndPost(sample, runningTime: runningTime)
        gst_sample_unref(sample)
    }

    private func convertAndPost(_ sample: OpaquePointer, runningTime: UInt64?) {
        lock.lock()
        let size = drawn, degrees = rotation, upscale = self.upscale, mirror = mirrored, visible = self.visible
        lock.unlock()
        convertLock.lock()
        let frame = converter.convert(sample, drawn: size, upscale: upscale, rotation: degrees, mirror: mirror,
                                      visible: visible, runningTime: runningTime)
        convertLock.unlock()
        guard let frame else { return }
        lock.lock()
        if pending != nil { unshown += 1 }
        pending = frame
        let post = !scheduled
        scheduled = true
        lock.unlock()
        // Ahead of GTK's redraw (priority 120) so the frame makes this paint.
        if post { MainContext.idle(priority: G_PRIORITY_DEFAULT) { self.deliver() } }
    }

    private func deliver() {
        lock.lock()
        let frame = pending
        pending = nil
        scheduled = false
        lock.unlock()
        if let frame { onFrame?(frame) }
    }
}
