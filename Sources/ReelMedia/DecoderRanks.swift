import CGLib
import CGst
import ReelCore

/// Puts `HardwareDecoding` into GStreamer's registry for this process:
/// the hardware video decoders' ranks, which decide what playbin picks.
/// Each factory keeps its original rank and whether it failed as data of
/// its own, so nothing here is global Swift state; any thread.
public enum DecoderRanks {
    private static let originalKey = "reel-original-rank"
    private static let failedKey = "reel-hardware-failed"

    /// The registry's hardware video decoders, by factory name (none on a
    /// machine without a GPU driver GStreamer can use).
    public static var hardwareDecoders: [String] {
        factories().compactMap { factory in
            defer { gst_object_unref(UnsafeMutableRawPointer(factory)) }
            return isHardware(factory) ? name(of: factory) : nil
        }
    }

    /// On: hardware decoders ahead of software ones; off: never chosen.
    public static func apply(hardware enabled: Bool) {
        for factory in factories() {
            defer { gst_object_unref(UnsafeMutableRawPointer(factory)) }
            guard isHardware(factory) else { continue }
            let object = UnsafeMutableRawPointer(factory).assumingMemoryBound(to: GObject.self)
            // Stored plus one, so a rank of 0 is told from "not stored yet".
            var stored = Int(bitPattern: g_object_get_data(object, originalKey))
            if stored == 0 {
                stored = Int(gst_plugin_feature_get_rank(feature(factory))) + 1
                g_object_set_data(object, originalKey, UnsafeMutableRawPointer(bitPattern: stored))
            }
            let failed = g_object_get_data(object, failedKey) != nil
            gst_plugin_feature_set_rank(feature(factory),
                                        guint(HardwareDecoding.rank(original: stored - 1, enabled: enabled, failed: failed)))
        }
    }

    /// The hardware decoder `element` failed: it is not chosen again in
    /// this process. False when `element` is not a hardware decoder, or
    /// one already given up on.
    @discardableResult
    public static func giveUp(on element: UnsafeMutablePointer<GstElement>) -> Bool {
        guard let factory = gst_element_get_factory(element), isHardware(factory) else { return false }
        let object = UnsafeMutableRawPointer(factory).assumingMemoryBound(to: GObject.self)
        guard g_object_get_data(object, failedKey) == nil else { return false }
        g_object_set_data(object, failedKey, UnsafeMutableRawPointer(bitPattern: 1))
        gst_plugin_feature_set_rank(feature(factory), 0)
        return true
    }

    /// The hardware decoders at work in `bin` (a player's pipeline), each
    /// with a reference the caller drops.
    public static func hardwareDecoders(in bin: UnsafeMutablePointer<GstElement>) -> [UnsafeMutablePointer<GstElement>] {
        guard let iterator = gst_bin_iterate_recurse(UnsafeMutableRawPointer(bin).assumingMemoryBound(to: GstBin.self)) else {
            return []
        }
        defer { gst_iterator_free(iterator) }
        var found: [UnsafeMutablePointer<GstElement>] = []
        var value = GValue()
        while true {
            let result = gst_iterator_next(iterator, &value)
            if result == GST_ITERATOR_RESYNC {
                found.forEach { gst_object_unref(UnsafeMutableRawPointer($0)) }
                found = []
                gst_iterator_resync(iterator)
                continue
            }
            guard result == GST_ITERATOR_OK else { break }
            if let object = g_value_get_object(&value) {
                let element = object.assumingMemoryBound(to: GstElement.self)
                if let factory = gst_element_get_factory(element), isHardware(factory) {
                    found.append(element)
                    gst_object_ref(UnsafeMutableRawPointer(element))
                }
            }
            g_value_reset(&value)
        }
        g_value_unset(&value)
        return found
    }

    private static func isHardware(_ factory: OpaquePointer) -> Bool {
        guard let klass = gst_element_factory_get_metadata(factory, GST_ELEMENT_METADATA_KLASS) else { return false }
        return HardwareDecoding.isHardwareVideoDecoder(klass: String(cString: klass))
    }

    private static func name(of factory: OpaquePointer) -> String {
        String(consumingGString: gst_object_get_name(UnsafeMutableRawPointer(factory).assumingMemoryBound(to: GstObject.self))) ?? ""
    }

    /// A factory is a plugin feature (GStreamer's types are opaque here).
    private static func feature(_ factory: OpaquePointer) -> OpaquePointer { factory }

    /// Every element factory, each with a reference the caller drops.
    private static func factories() -> [OpaquePointer] {
        guard let list = gst_registry_get_feature_list(gst_registry_get(), gst_element_factory_get_type()) else { return [] }
        defer { g_list_free(list) }
        var result: [OpaquePointer] = []
        var node: UnsafeMutablePointer<GList>? = list
        while let current = node {
            if let data = current.pointee.data { result.append(OpaquePointer(data)) }
            node = current.pointee.next
        }
        return result
    }
}
