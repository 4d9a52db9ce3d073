import CGLib
import CGst
import Synchronization

/// A GstBus watch on the main context (ARCHITECTURE: Threads): each message
/// posted on the bus is handed to `handle` on the main thread. The closure
/// is boxed and freed by the watch's destroy notify; the watch goes when
/// `remove()` is called or the BusWatch goes, so an owner that drops it
/// hears nothing more. A bus takes one watch at a time.
public final class BusWatch {
    private var source: guint

    /// Watches `bus` (the caller keeps its own reference to it).
    public init(bus: UnsafeMutablePointer<GstBus>, _ handle: @escaping (UnsafeMutablePointer<GstMessage>) -> Void) {
        let box = Unmanaged.passRetained(Box(handle)).toOpaque()
        source = gst_bus_add_watch_full(bus, G_PRIORITY_DEFAULT, { _, message, data in
            guard let message, let data else { return 1 }
            Unmanaged<Box>.fromOpaque(data).takeUnretainedValue().handle(message)
            return 1  // G_SOURCE_CONTINUE: the watch stays until it is removed
        }, box, { data in
            guard let data else { return }
            Unmanaged<Box>.fromOpaque(data).release()
        })
        // No watch was added (the bus has one already): the notify was not
        // called, so the box is released here.
        if source == 0 { Unmanaged<Box>.fromOpaque(box).release() }
    }

    /// Watches the bus of `element` (a pipeline).
    public convenience init(element: UnsafeMutablePointer<GstElement>,
                            _ handle: @escaping (UnsafeMutablePointer<GstMessage>) -> Void) {
        let bus = gst_element_get_bus(element)!
        self.init(bus: bus, handle)
        gst_object_unref(UnsafeMutableRawPointer(bus))
    }

    deinit { remove() }

    /// Whether messages still come (false once removed, or if the bus
    /// already had a watch).
    public var isWatching: Bool { source != 0 }

    /// Stops the watch now; its closure is freed. Safe to call twice.
    public func remove() {
        guard source != 0 else { return }
        g_source_remove(source)
        source = 0
    }

    /// The closures alive, for tests to prove that a removed watch frees its
    /// closure.
    static var liveClosures: Int { Box.live.load(ordering: .relaxed) }

    private final class Box {
        static let live = Atomic<Int>(0)
        let handle: (UnsafeMutablePointer<GstMessage>) -> Void

        init(_ handle: @escaping (UnsafeMutablePointer<GstMessage>) -> Void) {
            self.handle = handle
            Box.live.add(1, ordering: .relaxed)
        }

        deinit { Box.live.subtract(1, ordering: .relaxed) }
    }
}
