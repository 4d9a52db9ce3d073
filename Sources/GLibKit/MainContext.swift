import CGLib

/// Hops onto the GLib main context, where GTK lives. The GLib loop does not
/// drain Swift's main dispatch queue, so GStreamer threads and background work
/// hand their results to the UI through here, never through DispatchQueue.main.
public enum MainContext {
    /// Runs `work` on the default main context: right away when called from
    /// the thread that owns it, otherwise as soon as its loop gets to it.
    /// (Not g_main_context_invoke: from a thread whose default context is the
    /// global one, it runs the function right there whenever the main loop is
    /// between iterations, which is exactly what a hop must never do.)
    public static func invoke(_ work: @escaping @Sendable () -> Void) {
        if isOwner {
            work()
        } else {
            idle(priority: G_PRIORITY_DEFAULT, work)
        }
    }

    /// Always defers `work` to a later iteration of the main loop, even from
    /// the main thread (lets the current handler finish first).
    @discardableResult
    public static func idle(priority: Int32 = G_PRIORITY_DEFAULT_IDLE,
                            _ work: @escaping @Sendable () -> Void) -> SourceID {
        let box = Unmanaged.passRetained(CallbackBox(work)).toOpaque()
        return SourceID(g_idle_add_full(priority, runOnce, box, releaseCallback))
    }

    /// Defers main-thread work to a later loop iteration (after the current
    /// signal handler). Unlike `idle` it may capture GTK pointers, which are
    /// not Sendable; only call it on the main thread.
    @discardableResult
    public static func soon(_ work: @escaping () -> Void) -> SourceID {
        let box = Unmanaged.passRetained(CallbackBox(work)).toOpaque()
        return SourceID(g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, runOnce, box, releaseCallback))
    }

    /// Calls `tick` every `milliseconds` until it returns false or the source
    /// is removed.
    @discardableResult
    public static func every(milliseconds: UInt32, _ tick: @escaping () -> Bool) -> SourceID {
        let box = Unmanaged.passRetained(RepeatingBox(tick)).toOpaque()
        return SourceID(g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, runRepeating, box, releaseRepeating))
    }

    /// Calls `work` once after `milliseconds`.
    @discardableResult
    public static func after(milliseconds: UInt32, _ work: @escaping () -> Void) -> SourceID {
        every(milliseconds: milliseconds) { work(); return false }
    }

    /// True on the thread that owns the default main context (the GTK thread
    /// while the loop runs).
    public static var isOwner: Bool { g_main_context_is_owner(g_main_context_default()) != 0 }

    /// Runs one iteration of the default context; for tests and start-up code.
    @discardableResult
    public static func iterate(mayBlock: Bool) -> Bool {
        g_main_context_iteration(nil, mayBlock ? 1 : 0) != 0
    }

    static var liveCallbacks: Int { CallbackBox.counter.value + RepeatingBox.counter.value }
}

/// A GLib source that can be removed before it fires.
public struct SourceID: Hashable {
    public let rawValue: guint
    init(_ rawValue: guint) { self.rawValue = rawValue }

    public func remove() {
        if let source = g_main_context_find_source_by_id(nil, rawValue) {
            g_source_destroy(source)
        }
    }
}

final class CallbackBox {
    static let counter = LiveCounter()
    let work: () -> Void
    init(_ work: @escaping () -> Void) { self.work = work; CallbackBox.counter.add(1) }
    deinit { CallbackBox.counter.add(-1) }
}

final class RepeatingBox {
    static let counter = LiveCounter()
    let tick: () -> Bool
    init(_ tick: @escaping () -> Bool) { self.tick = tick; RepeatingBox.counter.add(1) }
    deinit { RepeatingBox.counter.add(-1) }
}

private let runOnce: GSourceFunc = { data in
    Unmanaged<CallbackBox>.fromOpaque(data!).takeUnretainedValue().work()
    return 0 // G_SOURCE_REMOVE
}

private let releaseCallback: GDestroyNotify = { data in
    Unmanaged<CallbackBox>.fromOpaque(data!).release()
}

private let runRepeating: GSourceFunc = { data in
    Unmanaged<RepeatingBox>.fromOpaque(data!).takeUnretainedValue().tick() ? 1 : 0
}

private let releaseRepeating: GDestroyNotify = { data in
    Unmanaged<RepeatingBox>.fromOpaque(data!).release()
}
