import CGLib
import CGst
import GLibKit

/// The leak test's object count, read from GStreamer's leaks tracer.
public enum GstObjectCount {
    /// GStreamer objects (elements, pads, buses, buffers, caps, events…)
    /// created and not yet freed since the first call, counted by GStreamer's
    /// leaks tracer; nil unless the app runs with `GST_TRACERS=leaks`. For
    /// the leak test through the trace. (GLib's own instance counts need a
    /// GLib built with debugging, which distributions don't ship; and the
    /// tracer's "get-live-objects" unrefs what it lists in GStreamer 1.22,
    /// so the tracer's activity checkpoints are summed instead.)
    public static func live() -> Int? {
        guard let tracer = LeakCount.tracer else { return nil }
        let type = g_type_from_name("GstLeaksTracer")
        if !LeakCount.tracking {
            LeakCount.tracking = true
            emit(on: tracer, type: type, "activity-start-tracking", returning: nil)
            return 0
        }
        emit(on: tracer, type: type, "activity-get-checkpoint", returning: { checkpoint in
            let created = gst_structure_get_value(checkpoint, "objects-created-list")
            let removed = gst_structure_get_value(checkpoint, "objects-removed-list")
            LeakCount.net += Int(created.map { gst_value_list_get_size($0) } ?? 0)
            LeakCount.net -= Int(removed.map { gst_value_list_get_size($0) } ?? 0)
        })
        return LeakCount.net
    }

    private enum LeakCount {
        // Read and counted on the main thread only (the player page's first
        // frame and its teardown).
        nonisolated(unsafe) static let tracer: UnsafeMutablePointer<GstTracer>? = {
            guard let tracers = gst_tracing_get_active_tracers() else { return nil }
            var found: UnsafeMutablePointer<GstTracer>?
            var node: UnsafeMutablePointer<GList>? = tracers
            while let item = node {
                if let data = item.pointee.data, found == nil,
                   String(cString: g_type_name_from_instance(data.assumingMemoryBound(to: GTypeInstance.self))) == "GstLeaksTracer" {
                    found = data.assumingMemoryBound(to: GstTracer.self)
                    _ = gst_object_ref(data) // kept for the life of the process
                }
                node = item.pointee.next
            }
            g_list_free_full(tracers, { gst_object_unref($0) })
            return found
        }()
        // Counted on the main thread only, like the tracer above.
        nonisolated(unsafe) static var tracking = false
        // The same.
        nonisolated(unsafe) static var net = 0
    }

    /// Emits an action signal of the tracer; `returning` sees the GstStructure
    /// it returns (g_signal_emit_by_name is variadic, out of Swift's reach).
    private static func emit(on tracer: UnsafeMutablePointer<GstTracer>, type: GType, _ name: String,
                             returning: ((UnsafePointer<GstStructure>) -> Void)?) {
        let signal = g_signal_lookup(name, type)
        guard signal != 0 else { return }
        var instance = GValue()
        g_value_init(&instance, type)
        g_value_set_object(&instance, UnsafeMutableRawPointer(tracer))
        if let returning {
            var result = GValue()
            g_value_init(&result, gst_structure_get_type())
            g_signal_emitv(&instance, signal, 0, &result)
            if let boxed = g_value_get_boxed(&result) { returning(boxed.assumingMemoryBound(to: GstStructure.self)) }
            g_value_unset(&result)
        } else {
            g_signal_emitv(&instance, signal, 0, nil)
        }
        g_value_unset(&instance)
    }
}
