import CGLib
import Foundation
import CGst
import GLibKit

/// The sound output of a pipeline, chosen here rather than by an automatic
/// sink (which would open every output it knows, each printing its own
/// errors): the sound server (PulseAudio, or PipeWire's Pulse service),
/// tagged as video (for role-based volume and ducking policies) and under a
/// name of its own; else ALSA, when there is a sound card; else a silent
/// sink that keeps the clock, so the video plays without sound rather than
/// not at all. The player and the preview strip share it.
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
        // Only with a sound card to play on: opening ALSA's default device
        // without one makes alsa-lib print its errors on stderr.
        if hasALSAPlaybackDevice, let alsa = gst_element_factory_make("alsasink", "reel-audio") {
            _ = gst_object_ref_sink(UnsafeMutableRawPointer(alsa))
            if opens(alsa) { return (alsa, true) }
        }
        let silent = gst_element_factory_make("fakesink", "reel-audio")!
        _ = gst_object_ref_sink(UnsafeMutableRawPointer(silent))
        PropertyValue.bool(true).set(on: silent, "sync")
        return (silent, false)
    }

    /// Whether the kernel has a PCM playback device (`/dev/snd/pcmC<card>D<device>p`).
    static var hasALSAPlaybackDevice: Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/snd")) ?? []
        return names.contains { $0.hasPrefix("pcmC") && $0.hasSuffix("p") }
    }

    /// Whether `sink` can open its device or server; drops it if not.
    private static func opens(_ sink: UnsafeMutablePointer<GstElement>) -> Bool {
        let opened = gst_element_set_state(sink, GST_STATE_READY) != GST_STATE_CHANGE_FAILURE
        gst_element_set_state(sink, GST_STATE_NULL)
        if !opened { gst_object_unref(UnsafeMutableRawPointer(sink)) }
        return opened
    }
}
