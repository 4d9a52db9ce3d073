import CGLib
import CGst
@testable import ReelMedia

/// An element that says it is a hardware H.264 decoder ("Codec/Decoder/
/// Video/Hardware", H.264 in) but is `identity` inside, made to fail on
/// the first frame (`error-after`): playbin picks it by its class and rank
/// like a VA-API decoder, and it fails like a broken driver, posting the
/// error itself.
enum FakeHardwareDecoder {

    /// Registers an element of that kind as `name` (once per name and
    /// process: a decoder that failed stays left out, so a test that makes
    /// one fail takes a name of its own). Rank none until `DecoderRanks`
    /// says otherwise.
    static func register(_ name: String) {
        try? MediaSystem.initialize()
        let typeName = "ReelFakeHardwareDecoder_\(name)"
        guard g_type_from_name(typeName) == 0,
              let identity = gst_element_factory_find("identity") else { return }
        let loaded = gst_plugin_feature_load(identity)
        gst_object_unref(UnsafeMutableRawPointer(identity))
        guard let loaded else { return }
        let parent = gst_element_factory_get_element_type(loaded)
        gst_object_unref(UnsafeMutableRawPointer(loaded))
        var query = GTypeQuery()
        g_type_query(parent, &query)
        var info = GTypeInfo()
        info.class_size = guint16(query.class_size)
        info.instance_size = guint16(query.instance_size)
        info.class_init = { klass, _ in
            let elementClass = klass!.assumingMemoryBound(to: GstElementClass.self)
            gst_element_class_set_static_metadata(elementClass, "Test hardware decoder", "Codec/Decoder/Video/Hardware",
                                                  "Stands for a hardware H.264 decoder that fails", "Reel")
            for (name, direction) in [("sink", GST_PAD_SINK), ("src", GST_PAD_SRC)] {
                let caps = gst_caps_from_string(direction == GST_PAD_SINK ? "video/x-h264" : "video/x-raw,format=I420,width=320,height=240,framerate=30/1")
                gst_element_class_add_pad_template(elementClass, gst_pad_template_new(name, direction, GST_PAD_ALWAYS, caps))
                gst_caps_unref(caps)
            }
            // H.264 in, "raw video" out, as a decoder negotiates: the first
            // frame is where it fails, like a driver that cannot decode.
            let transformClass = klass!.assumingMemoryBound(to: GstBaseTransformClass.self)
            transformClass.pointee.transform_caps = { _, direction, _, filter in
                let caps = gst_caps_from_string(direction == GST_PAD_SINK ? "video/x-raw,format=I420,width=320,height=240,framerate=30/1" : "video/x-h264")!
                guard let filter else { return caps }
                defer { gst_caps_unref(caps) }
                return gst_caps_intersect(filter, caps)
            }
        }
        info.instance_init = { instance, _ in
            gst_util_set_object_arg(UnsafeMutableRawPointer(instance!).assumingMemoryBound(to: GObject.self), "error-after", "1")
        }
        let type = g_type_register_static(parent, typeName, &info, GTypeFlags(rawValue: 0))
        _ = gst_element_register(nil, name, 0, type)
    }
}
