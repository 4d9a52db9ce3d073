import CGLib
import Foundation
import CGst
import GLibKit
import ReelCore

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
            if opens(pulse) {
                guardClock(of: pulse)
                return (pulse, true)
            }
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

    /// Puts AudioClockGuard between pulsesink's clock and libpulse's stream
    /// time: the clock (a GstAudioClock) keeps pulsesink's own function and
    /// calls it through the guard. Done before the sink is in a pipeline, so
    /// no thread reads the clock meanwhile.
    private static func guardClock(of sink: UnsafeMutablePointer<GstElement>) {
        let base = UnsafeMutableRawPointer(sink).assumingMemoryBound(to: GstAudioBaseSink.self)
        guard let provided = base.pointee.provided_clock,
              g_type_check_instance_is_a(UnsafeMutableRawPointer(provided).assumingMemoryBound(to: GTypeInstance.self),
                                         gst_audio_clock_get_type()) != 0 else { return }
        let clock = UnsafeMutableRawPointer(provided).assumingMemoryBound(to: GstAudioClock.self)
        guard let function = clock.pointee.func else { return }
        let guarded = GuardedClockTime(function: function, userData: clock.pointee.user_data,
                                       destroy: clock.pointee.destroy_notify)
        clock.pointee.user_data = Unmanaged.passRetained(guarded).toOpaque()
        clock.pointee.destroy_notify = { data in
            guard let data else { return }
            Unmanaged<GuardedClockTime>.fromOpaque(data).release()
        }
        clock.pointee.func = { clock, data in
            Unmanaged<GuardedClockTime>.fromOpaque(data!).takeUnretainedValue().time(clock)
        }
    }

    /// pulsesink's time function and its data, read through the guard from
    /// any thread that asks the clock.
    private final class GuardedClockTime: @unchecked Sendable {
        let function: GstAudioClockGetTimeFunc
        let userData: gpointer?
        let destroy: GDestroyNotify?
        private let lock = NSLock()
        private var clockGuard = AudioClockGuard(wallNanoseconds: GuardedClockTime.now())
        private var traced = false

        init(function: @escaping GstAudioClockGetTimeFunc, userData: gpointer?, destroy: GDestroyNotify?) {
            self.function = function
            self.userData = userData
            self.destroy = destroy
        }

        deinit { destroy?(userData) }

        func time(_ clock: UnsafeMutablePointer<GstClock>?) -> GstClockTime {
            let reading = function(clock, userData)
            lock.lock()
            defer { lock.unlock() }
            // GST_CLOCK_TIME_NONE: all bits set.
            let none = GstClockTime.max
            let known = reading == none ? nil : UInt64(reading)
            let time = clockGuard.time(for: known, atWall: GuardedClockTime.now())
            // Once per sink, in the trace: the only sign that it happened.
            if clockGuard.rejected == 1, !traced {
                traced = true
                Trace.shared.event(.audioClockRejected, ["seconds": Double(reading) / 1e9])
            }
            return time.map { GstClockTime($0) } ?? none
        }

        static func now() -> UInt64 { UInt64(g_get_monotonic_time()) * 1000 }
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
