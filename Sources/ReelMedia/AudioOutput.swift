import CGLib
import CGst
import GLibKit

/// The sound output of a pipeline: the sound server, tagged as video (for
/// role-based volume and ducking policies) and under a name of its own;
/// else ALSA; else a silent sink that keeps the clock, so the video plays
/// without sound rather than not at all. The player and the preview strip
/// share it.
enum AudioOutput {
    /// A floating-free (ref-sunk) sink element; `real` is false for the
    /// silent one. Each candidate is checked by opening it (READY).
    static func make(streamName: String? = nil) -> (element: UnsafeMutablePointer<GstElement>, real: Bool) {
        if let pulse = gst_element_factory_make("pulsesink", "reel-audio") {
            _ = gst_object_ref_sink(UnsafeMutableRawPointer(pulse))
            let name = streamName.map { ",media.name=\"\($0)\"" } ?? ""
            if let properties = gst_structure_new_from_string("props,media.role=video\(name)") {
                PropertyValue.boxed(UnsafeMutableRawPointer(properties), gst_structure_get_type()).set(on: pulse, "stream-properties")
                gst_structure_free(properties)
            }
            if opens(pulse) { return (pulse, true) }
        }
        if let alsa = gst_element_factory_make("alsasink", "reel-audio") {
            _ = gst_object_ref_sink(UnsafeMutableRawPointer(alsa))
            if opens(alsa) { return (alsa, true) }
        }
        let silent = gst_element_factory_make("fakesink", "reel-audio")!
        _ = gst_object_ref_sink(UnsafeMutableRawPointer(silent))
        PropertyValue.bool(true).set(on: silent, "sync")
        return (silent, false)
    }

    /// Whether `sink` can open its device or server; drops it if not.
    private static func opens(_ sink: UnsafeMutablePointer<GstElement>) -> Bool {
        let opened = gst_element_set_state(sink, GST_STATE_READY) != GST_STATE_CHANGE_FAILURE
        gst_element_set_state(sink, GST_STATE_NULL)
        if !opened { gst_object_unref(UnsafeMutableRawPointer(sink)) }
        return opened
    }
}
