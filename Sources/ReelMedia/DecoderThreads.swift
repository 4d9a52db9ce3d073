import CGLib
import CGst
import GLibKit
import ReelCore

/// Gives a libav video decoder the thread count ReelCore.DecoderThreading
/// picks for its stream. The count must be set before the decoder opens its
/// codec, which it does on its first caps; the caps say the size and rate,
/// so a probe reads them on the way in.
enum DecoderThreads {
    /// For playbin's element-setup (any thread): libav video decoders get
    /// the probe, other elements are left alone. libav's audio decoders
    /// (avdec_aac…) share the prefix but have no thread count: setting it
    /// there is a GObject warning with every AAC video.
    static func adopt(_ element: UnsafeMutablePointer<GstElement>) {
        guard factoryName(element)?.hasPrefix("avdec_") == true,
              PropertyValue.get(from: UnsafeMutableRawPointer(element), "max-threads") != nil,
              let pad = gst_element_get_static_pad(element, "sink") else { return }
        gst_pad_add_probe(pad, GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM, { pad, info, _ in
            guard let pad, let event = info?.pointee.data?.assumingMemoryBound(to: GstEvent.self),
                  event.pointee.type == GST_EVENT_CAPS else { return GST_PAD_PROBE_OK }
            var caps: UnsafeMutablePointer<GstCaps>?
            gst_event_parse_caps(event, &caps)
            guard let caps, let structure = gst_caps_get_structure(caps, 0),
                  let decoder = gst_pad_get_parent_element(pad) else { return GST_PAD_PROBE_OK }
            var width: gint = 0, height: gint = 0, numerator: gint = 0, denominator: gint = 1
            _ = gst_structure_get_int(structure, "width", &width)
            _ = gst_structure_get_int(structure, "height", &height)
            _ = gst_structure_get_fraction(structure, "framerate", &numerator, &denominator)
            let threads = DecoderThreading.maxThreads(
                decoder: DecoderThreads.factoryName(decoder) ?? "", width: Int(width), height: Int(height),
                framesPerSecond: denominator > 0 ? Double(numerator) / Double(denominator) : 0)
            PropertyValue.int(Int32(threads)).set(on: decoder, "max-threads")
            gst_object_unref(UnsafeMutableRawPointer(decoder))
            return GST_PAD_PROBE_OK
        }, nil, nil)
        gst_object_unref(UnsafeMutableRawPointer(pad))
    }

    private static func factoryName(_ element: UnsafeMutablePointer<GstElement>) -> String? {
        guard let factory = gst_element_get_factory(element) else { return nil }
        return String(consumingGString: gst_object_get_name(UnsafeMutableRawPointer(factory).assumingMemoryBound(to: GstObject.self)))
    }
}
