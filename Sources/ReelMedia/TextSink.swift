import CGLib
import CGst
import Foundation
import GLibKit
import ReelCore

/// playbin's text sink: subtitle lines as text, handed to the main thread,
/// where the UI draws them over the picture with GTK (following the user's
/// font, crisp at any size, and without blending each frame on the CPU)
/// rather than a subtitle overlay in the pipeline. A Matroska ASS/SSA track
/// comes as it is in the file (the sink takes its caps, so no ssaparse is
/// plugged, which would drop the styles): the script's header in the caps'
/// codec_data, an event per buffer, read by `AssSubtitles`.
final class TextSink {
    let element: UnsafeMutablePointer<GstElement>
    private let box: Unmanaged<Relay>

    /// Carries lines and pictures from the streaming thread to the main
    /// thread; decodes picture subtitles on the way (streaming thread only).
    final class Relay: @unchecked Sendable {
        let handler: MainThreadHandler<[SubtitleCues.Cue]>
        let pictures: MainThreadHandler<SubtitlePictures.Change>
        var decoder = PGSDecoder()
        /// The last ASS header read and its script.
        private let lock = NSLock()
        private var header: String?
        private var script: AssScript?
        init(_ handler: MainThreadHandler<[SubtitleCues.Cue]>, _ pictures: MainThreadHandler<SubtitlePictures.Change>) {
            self.handler = handler
            self.pictures = pictures
        }

        /// The script of `header`, read again only when it changes (another track).
        func script(of header: String) -> AssScript {
            lock.lock()
            defer { lock.unlock() }
            if let script, header == self.header { return script }
            let made = AssScript(header)
            self.header = header
            script = made
            return made
        }
    }

    /// Blu-ray picture subtitles (PGS) are taken too, and decoded by Reel
    /// (`PGSDecoder`): a text sink that took only text stopped the whole
    /// video ("not negotiated") when its first subtitle stream was PGS.
    init(onCues: MainThreadHandler<[SubtitleCues.Cue]>, onPicture: MainThreadHandler<SubtitlePictures.Change>) {
        element = gst_element_factory_make("appsink", "reel-text")!
        _ = gst_object_ref_sink(UnsafeMutableRawPointer(element))
        let appSink = UnsafeMutableRawPointer(element).assumingMemoryBound(to: GstAppSink.self)
        let caps = gst_caps_from_string("text/x-raw, format=(string){ pango-markup, utf8 }; application/x-ass; application/x-ssa; "
                                        + "subpicture/x-pgs")
        gst_app_sink_set_caps(appSink, caps)
        gst_caps_unref(caps)
        // Delivered on time (and shifted by playbin's text-offset); the
        // picture's time decides what shows.
        PropertyValue.bool(true).set(on: element, "sync")
        PropertyValue.bool(false).set(on: element, "async")
        PropertyValue.bool(false).set(on: element, "qos")
        box = Unmanaged.passRetained(Relay(onCues, onPicture))
        var callbacks = GstAppSinkCallbacks()
        callbacks.new_sample = { sink, data in TextSink.take(gst_app_sink_pull_sample(sink), data) }
        callbacks.new_preroll = { sink, data in TextSink.take(gst_app_sink_pull_preroll(sink), data) }
        gst_app_sink_set_callbacks(appSink, &callbacks, box.toOpaque(), nil)
    }

    deinit {
        gst_object_unref(UnsafeMutableRawPointer(element))
        box.release()
    }

    private static func take(_ sample: OpaquePointer?, _ data: UnsafeMutableRawPointer?) -> GstFlowReturn {
        guard let sample, let data else { return GST_FLOW_OK }
        defer { gst_sample_unref(sample) }
        guard let buffer = gst_sample_get_buffer(sample) else { return GST_FLOW_OK }
        var map = GstMapInfo()
        guard gst_buffer_map(buffer, &map, GST_MAP_READ) != 0 else { return GST_FLOW_OK }
        let bytes = Array(UnsafeBufferPointer(start: map.data, count: Int(map.size)))
        gst_buffer_unmap(buffer, &map)
        let relay = Unmanaged<Relay>.fromOpaque(data).takeUnretainedValue()
        let structure = gst_sample_get_caps(sample).flatMap { gst_caps_get_size($0) > 0 ? gst_caps_get_structure($0, 0) : nil }
        let kind = structure.map { String(cString: gst_structure_get_name($0)) } ?? ""
        if kind == "subpicture/x-pgs" {
            guard let start = streamTime(buffer, sample) else { return GST_FLOW_OK }
            for change in relay.decoder.decode(bytes) {
                let bitmap: SubtitleBitmap? = if case .show(let bitmap) = change { bitmap } else { nil }
                let picture = SubtitlePictures.Change(start: start, bitmap: bitmap)
                MainContext.invoke { relay.pictures.call(picture) }
            }
            return GST_FLOW_OK
        }
        var text = String(decoding: bytes, as: UTF8.self)
            .trimmingCharacters(in: CharacterSet(charactersIn: "\0").union(.whitespacesAndNewlines))
        // Plain text is escaped: the UI shows Pango markup.
        if let structure, let format = gst_structure_get_string(structure, "format"), String(cString: format) == "utf8" {
            text = String(consumingGString: g_markup_escape_text(text, -1)) ?? text
        }
        guard let start = streamTime(buffer, sample) else { return GST_FLOW_OK }
        let duration = buffer.pointee.duration
        let end = duration == UInt64.max ? nil : start + Double(duration) / 1e9
        let cues: [SubtitleCues.Cue]
        if kind == "application/x-ass" || kind == "application/x-ssa", let structure {
            cues = AssSubtitles.cues(embedded: text, start: start, end: end, script: script(of: structure, relay))
        } else {
            cues = [SubtitleCues.Cue(markup: text, start: start, end: end)]
        }
        MainContext.invoke { relay.handler.call(cues) }
        return GST_FLOW_OK
    }

    /// The script of the ASS header in the caps' codec_data.
    private static func script(of structure: UnsafeMutablePointer<GstStructure>, _ relay: Relay) -> AssScript {
        var header = ""
        if let value = gst_structure_get_value(structure, "codec_data"),
           let boxed = g_value_get_boxed(value) {
            let codecData = boxed.assumingMemoryBound(to: GstBuffer.self)
            var map = GstMapInfo()
            if gst_buffer_map(codecData, &map, GST_MAP_READ) != 0 {
                header = String(decoding: UnsafeBufferPointer(start: map.data, count: Int(map.size)), as: UTF8.self)
                gst_buffer_unmap(codecData, &map)
            }
        }
        return relay.script(of: header)
    }

    /// A buffer's time in the stream's time, in seconds, as the picture's
    /// frames are (VideoSink): an HLS demuxer's subtitle buffers carry
    /// another base than its video.
    private static func streamTime(_ buffer: UnsafeMutablePointer<GstBuffer>, _ sample: OpaquePointer) -> Double? {
        var pts = buffer.pointee.pts
        if pts != UInt64.max, let segment = gst_sample_get_segment(sample) {
            pts = gst_segment_to_stream_time(segment, GST_FORMAT_TIME, pts)
        }
        return pts == UInt64.max ? nil : Double(pts) / 1e9
    }
}
