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

    /// Carries lines from the streaming thread to the main thread.
    final class Relay: @unchecked Sendable {
        let handler: MainThreadHandler<[SubtitleCues.Cue]>
        /// The last ASS header read and its script.
        private let lock = NSLock()
        private var header: String?
        private var script: AssScript?
        init(_ handler: MainThreadHandler<[SubtitleCues.Cue]>) { self.handler = handler }

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

    init(onCues: MainThreadHandler<[SubtitleCues.Cue]>) {
        element = gst_element_factory_make("appsink", "reel-text")!
        _ = gst_object_ref_sink(UnsafeMutableRawPointer(element))
        let appSink = UnsafeMutableRawPointer(element).assumingMemoryBound(to: GstAppSink.self)
        let caps = gst_caps_from_string("text/x-raw, format=(string){ pango-markup, utf8 }; application/x-ass; application/x-ssa")
        gst_app_sink_set_caps(appSink, caps)
        gst_caps_unref(caps)
        // Delivered on time (and shifted by playbin's text-offset); the
        // picture's time decides what shows.
        PropertyValue.bool(true).set(on: element, "sync")
        PropertyValue.bool(false).set(on: element, "async")
        PropertyValue.bool(false).set(on: element, "qos")
        box = Unmanaged.passRetained(Relay(onCues))
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
        var text = String(decoding: UnsafeBufferPointer(start: map.data, count: Int(map.size)), as: UTF8.self)
        gst_buffer_unmap(buffer, &map)
        text = text.trimmingCharacters(in: CharacterSet(charactersIn: "\0").union(.whitespacesAndNewlines))
        let structure = gst_sample_get_caps(sample).flatMap { gst_caps_get_size($0) > 0 ? gst_caps_get_structure($0, 0) : nil }
        let kind = structure.map { String(cString: gst_structure_get_name($0)) } ?? ""
        let relay = Unmanaged<Relay>.fromOpaque(data).takeUnretainedValue()
        // Plain text is escaped: the UI shows Pango markup.
        if let structure, let format = gst_structure_get_string(structure, "format"), String(cString: format) == "utf8" {
            text = String(consumingGString: g_markup_escape_text(text, -1)) ?? text
        }
        // In the stream's time, as the picture's frames are (VideoSink): an
        // HLS demuxer's subtitle buffers carry another base than its video.
        var pts = buffer.pointee.pts
        let duration = buffer.pointee.duration
        if pts != UInt64.max, let segment = gst_sample_get_segment(sample) {
            pts = gst_segment_to_stream_time(segment, GST_FORMAT_TIME, pts)
        }
        guard pts != UInt64.max else { return GST_FLOW_OK }
        let start = Double(pts) / 1e9
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
}
