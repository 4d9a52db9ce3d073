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
        var bluRay = PGSDecoder()
        var television = DVBSubtitleDecoder()
        /// Made from the track's VobSub header, again when it changes.
        var dvd: (header: String?, decoder: DVDSubtitleDecoder)?
        /// Read from the track's ASS script header, again when it changes.
        var ass: (header: String?, script: AssScript)?
        init(_ handler: MainThreadHandler<[SubtitleCues.Cue]>, _ pictures: MainThreadHandler<SubtitlePictures.Change>) {
            self.handler = handler
            self.pictures = pictures
        }
    }

    /// Picture subtitles are taken too, Blu-ray's (PGS), television's
    /// (DVB) and DVDs' (VobSub), and decoded by Reel (`PGSDecoder`,
    /// `DVBSubtitleDecoder`, `DVDSubtitleDecoder`): a text sink that took
    /// only text stopped the whole video ("not negotiated") when its first
    /// subtitle stream was such.
    init(onCues: MainThreadHandler<[SubtitleCues.Cue]>, onPicture: MainThreadHandler<SubtitlePictures.Change>) {
        element = gst_element_factory_make("appsink", "reel-text")!
        _ = gst_object_ref_sink(UnsafeMutableRawPointer(element))
        let appSink = UnsafeMutableRawPointer(element).assumingMemoryBound(to: GstAppSink.self)
        let caps = gst_caps_from_string("text/x-raw, format=(string){ pango-markup, utf8 }; application/x-ass; application/x-ssa; "
                                        + "subpicture/x-pgs; subpicture/x-dvb; subpicture/x-dvd")
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
        let kind = gst_sample_get_caps(sample).flatMap { caps in
            gst_caps_get_size(caps) > 0 ? String(cString: gst_structure_get_name(gst_caps_get_structure(caps, 0))) : nil
        }
        if let kind, kind.hasPrefix("subpicture/") {
            guard let start = streamTime(buffer, sample) else { return GST_FLOW_OK }
            let changes: [SubtitleBitmap.Change]
            switch kind {
            case "subpicture/x-pgs": changes = relay.bluRay.decode(bytes)
            case "subpicture/x-dvb": changes = relay.television.decode(bytes)
            default:
                let header = codecDataText(sample)
                if relay.dvd == nil || relay.dvd?.header != header { relay.dvd = (header, DVDSubtitleDecoder(header: header)) }
                changes = relay.dvd?.decoder.decode(bytes) ?? []
            }
            let timed = changes.flatMap { SubtitlePictures.changes(for: $0, at: start) }
            MainContext.invoke { timed.forEach(relay.pictures.call) }
            return GST_FLOW_OK
        }
        var text = String(decoding: bytes, as: UTF8.self)
            .trimmingCharacters(in: CharacterSet(charactersIn: "\0").union(.whitespacesAndNewlines))
        // Plain text is escaped: the UI shows Pango markup.
        if let caps = gst_sample_get_caps(sample), gst_caps_get_size(caps) > 0,
           let format = gst_structure_get_string(gst_caps_get_structure(caps, 0), "format"), String(cString: format) == "utf8" {
            text = String(consumingGString: g_markup_escape_text(text, -1)) ?? text
        }
        guard let start = streamTime(buffer, sample) else { return GST_FLOW_OK }
        let duration = buffer.pointee.duration
        let end = duration == UInt64.max ? nil : start + Double(duration) / 1e9
        let cues: [SubtitleCues.Cue]
        if kind == "application/x-ass" || kind == "application/x-ssa" {
            let header = codecDataText(sample)
            if relay.ass == nil || relay.ass?.header != header { relay.ass = (header, AssScript(header ?? "")) }
            cues = AssSubtitles.cues(embedded: text, start: start, end: end, script: relay.ass?.script ?? AssScript(""))
        } else {
            cues = [SubtitleCues.Cue(markup: text, start: start, end: end)]
        }
        MainContext.invoke { relay.handler.call(cues) }
        return GST_FLOW_OK
    }

    /// The text header a track's caps carry in their codec_data: a DVD
    /// track's VobSub header (.idx text), an ASS track's script header.
    private static func codecDataText(_ sample: OpaquePointer) -> String? {
        guard let caps = gst_sample_get_caps(sample), gst_caps_get_size(caps) > 0,
              let value = gst_structure_get_value(gst_caps_get_structure(caps, 0), "codec_data"),
              g_type_check_value_holds(value, gst_buffer_get_type()) != 0,
              let buffer = g_value_get_boxed(value)?.assumingMemoryBound(to: GstBuffer.self) else { return nil }
        var map = GstMapInfo()
        guard gst_buffer_map(buffer, &map, GST_MAP_READ) != 0 else { return nil }
        defer { gst_buffer_unmap(buffer, &map) }
        return String(decoding: UnsafeBufferPointer(start: map.data, count: Int(map.size)), as: UTF8.self)
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
