import CGLib
import CGst
import Foundation
import GLibKit

/// Carries GES's placement of a clip's picture across a scaler in the
/// clip's framing effect.
///
/// GES's source puts a meta on every frame saying where the compositor
/// places it, how large and how opaque. The meta copies itself only when a
/// frame is copied whole, so a scaler, which makes a new frame of another
/// size, drops it, and the compositor then shows nothing of the clip. The
/// scaler is there so each source frame is scaled once, before the speed
/// effect repeats it, rather than by the compositor at every movie frame.
/// The probes run on the streaming thread, one frame in, one frame out: the
/// input's placement is kept on a bare buffer and copied onto the output.
final class PlacementCarrier: @unchecked Sendable {
    /// GES's name for the meta's API (registered by GES on first use, so
    /// it is looked up when the first frame arrives).
    private static let metaAPI = "GstFramePositionerApi"
    private let lock = NSLock()
    private var kept: UnsafeMutablePointer<GstBuffer>?

    /// Puts the probes on `scaler`'s pads, for the element's life.
    static func carry(across scaler: UnsafeMutablePointer<GstElement>) {
        let carrier = PlacementCarrier()
        carrier.probe(scaler, "sink", output: false)
        carrier.probe(scaler, "src", output: true)
    }

    deinit {
        if let kept { gst_buffer_unref(kept) }
    }

    /// The same carrier on both pads: each probe holds a reference.
    private final class Probe {
        let carrier: PlacementCarrier
        let output: Bool
        init(_ carrier: PlacementCarrier, output: Bool) { self.carrier = carrier; self.output = output }
    }

    private func probe(_ element: UnsafeMutablePointer<GstElement>, _ name: String, output: Bool) {
        guard let pad = gst_element_get_static_pad(element, name) else { return }
        let box = Unmanaged.passRetained(Probe(self, output: output)).toOpaque()
        gst_pad_add_probe(pad, GST_PAD_PROBE_TYPE_BUFFER, { _, info, data in
            let probe = Unmanaged<Probe>.fromOpaque(data!).takeUnretainedValue()
            guard let info, let buffer = gst_pad_probe_info_get_buffer(info) else { return GST_PAD_PROBE_OK }
            if probe.output {
                guard let holder = probe.carrier.takeKept() else { return GST_PAD_PROBE_OK }
                defer { gst_buffer_unref(holder) }
                // A frame passed through untouched still has its own.
                guard !PlacementCarrier.hasPlacement(buffer) else { return GST_PAD_PROBE_OK }
                let writable: UnsafeMutablePointer<GstBuffer> = cast(gst_mini_object_make_writable(cast(buffer)))
                info.pointee.data = UnsafeMutableRawPointer(writable)
                PlacementCarrier.copyPlacement(from: holder, to: writable)
            } else {
                probe.carrier.keep(from: buffer)
            }
            return GST_PAD_PROBE_OK
        }, box, { data in Unmanaged<Probe>.fromOpaque(data!).release() })
        gst_object_unref(UnsafeMutableRawPointer(pad))
    }

    private func keep(from input: UnsafeMutablePointer<GstBuffer>) {
        let holder = gst_buffer_new()!
        PlacementCarrier.copyPlacement(from: input, to: holder)
        lock.lock()
        let old = kept
        kept = holder
        lock.unlock()
        if let old { gst_buffer_unref(old) }
    }

    private func takeKept() -> UnsafeMutablePointer<GstBuffer>? {
        lock.lock()
        defer { lock.unlock() }
        let holder = kept
        kept = nil
        return holder
    }

    private static func hasPlacement(_ buffer: UnsafeMutablePointer<GstBuffer>) -> Bool {
        let api = g_type_from_name(metaAPI)
        return api != 0 && gst_buffer_get_meta(buffer, api) != nil
    }

    /// Copies the placement meta as GStreamer copies metas with a whole
    /// buffer (its own transform, asked for a copy).
    private static func copyPlacement(from source: UnsafeMutablePointer<GstBuffer>, to target: UnsafeMutablePointer<GstBuffer>) {
        let api = g_type_from_name(metaAPI)
        guard api != 0, let meta = gst_buffer_get_meta(source, api),
              let transform = meta.pointee.info.pointee.transform_func else { return }
        var whole = GstMetaTransformCopy(region: 0, offset: 0, size: .max)
        _ = transform(target, meta, source, g_quark_from_static_string("gst-copy"), &whole)
    }
}
