import CGLib
import CGst
import Foundation
import GLibKit
import ReelCore

/// Times an audio stream switch: from the choice to the first buffer of
/// the new stream at the sound output's input. playbin's stream selector
/// marks the first buffer it passes from a newly chosen stream as a
/// discontinuity; the probe on the sink's pad sees it on the streaming
/// thread and traces the delay.
final class AudioSwitchTimer: @unchecked Sendable {
    private let lock = NSLock()
    private var startedAt: Date?

    func start() {
        lock.lock()
        startedAt = Date()
        lock.unlock()
    }

    /// Puts the probe on `sink`'s input pad (once per player).
    func watch(sink: UnsafeMutablePointer<GstElement>?) {
        guard let sink, let pad = gst_element_get_static_pad(sink, "sink") else { return }
        let box = Unmanaged.passRetained(self).toOpaque()
        gst_pad_add_probe(pad, GST_PAD_PROBE_TYPE_BUFFER, { _, info, data in
            let timer = Unmanaged<AudioSwitchTimer>.fromOpaque(data!).takeUnretainedValue()
            if let buffer = info?.pointee.data?.assumingMemoryBound(to: GstBuffer.self),
               buffer.pointee.mini_object.flags & GST_BUFFER_FLAG_DISCONT.rawValue != 0 {
                timer.discontinuity()
            }
            return GST_PAD_PROBE_OK
        }, box, { data in Unmanaged<AudioSwitchTimer>.fromOpaque(data!).release() })
        gst_object_unref(UnsafeMutableRawPointer(pad))
    }

    private func discontinuity() {
        lock.lock()
        let started = startedAt
        startedAt = nil
        lock.unlock()
        guard let started else { return }
        Trace.shared.event(.playerAudioSwitched, ["ms": Date().timeIntervalSince(started) * 1000])
    }
}
