import CGLib
import CShims

/// A Swift closure behind a GClosure. One generic marshaller serves every
/// signal signature: the handler reads its arguments from `SignalArguments`.
/// The box is retained by the GClosure and released by its finalize notifier,
/// which GLib calls when the handler is disconnected or the object dies.
final class SignalBox {
    let handler: (SignalArguments) -> Void
    private static let counter = LiveCounter()

    init(_ handler: @escaping (SignalArguments) -> Void) {
        self.handler = handler
        SignalBox.counter.add(1)
    }

    deinit { SignalBox.counter.add(-1) }

    static var liveCount: Int { counter.value }
}

/// Connects Swift closures to GObject signals.
public enum Signals {
    /// Connects `handler` for as long as the object lives (GObject drops its
    /// handlers when disposed). Use this for objects the widget tree owns;
    /// use `ObjectRef.connect` when the handler must go with a Swift owner.
    @discardableResult
    public static func connect(_ instance: UnsafeMutableRawPointer, _ signal: String, after: Bool = false,
                               _ handler: @escaping (SignalArguments) -> Void) -> SignalConnection {
        SignalConnection(id: connect(instance: instance.assumingMemoryBound(to: GObject.self),
                                     signal: signal, after: after, handler: handler))
    }

    /// The same, for handlers that ignore the arguments.
    @discardableResult
    public static func connect(_ instance: UnsafeMutableRawPointer, _ signal: String, after: Bool = false,
                               _ handler: @escaping () -> Void) -> SignalConnection {
        connect(instance, signal, after: after) { (_: SignalArguments) in handler() }
    }

    /// The same for objects Swift sees as OpaquePointer (GTK's final types).
    @discardableResult
    public static func connect(_ instance: OpaquePointer, _ signal: String, after: Bool = false,
                               _ handler: @escaping (SignalArguments) -> Void) -> SignalConnection {
        connect(UnsafeMutableRawPointer(instance), signal, after: after, handler)
    }

    @discardableResult
    public static func connect(_ instance: OpaquePointer, _ signal: String, after: Bool = false,
                               _ handler: @escaping () -> Void) -> SignalConnection {
        connect(UnsafeMutableRawPointer(instance), signal, after: after, handler)
    }

    static func connect(instance: UnsafeMutablePointer<GObject>, signal: String, after: Bool,
                        handler: @escaping (SignalArguments) -> Void) -> gulong {
        let box = Unmanaged.passRetained(SignalBox(handler)).toOpaque()
        let closure = g_closure_new_simple(reel_closure_size(), box)!
        g_closure_set_marshal(closure, marshal)
        g_closure_add_finalize_notifier(closure, box, releaseBox)
        let id = g_signal_connect_closure(instance, signal, closure, after ? 1 : 0)
        // An unknown signal is a programming error; GLib has already said so,
        // and sinking the closure frees the box.
        if id == 0 { g_closure_sink(closure) }
        precondition(id != 0, "no signal '\(signal)' on \(String(cString: g_type_name(reel_instance_type(instance))))")
        return id
    }
}

private let releaseBox: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<SignalBox>.fromOpaque(data).release()
}

private let marshal: GClosureMarshal = { closure, returnValue, count, values, _, _ in
    guard let closure, let data = closure.pointee.data else { return }
    let box = Unmanaged<SignalBox>.fromOpaque(data).takeUnretainedValue()
    box.handler(SignalArguments(values: values, count: Int(count), returnValue: returnValue))
}

/// The arguments of one signal emission. Index 0 is the emitting instance;
/// the signal's own parameters follow.
public struct SignalArguments {
    let values: UnsafePointer<GValue>?
    public let count: Int
    let returnValue: UnsafeMutablePointer<GValue>?

    private func value(_ index: Int) -> UnsafePointer<GValue> {
        precondition(index < count, "signal has only \(count) arguments")
        return values! + index
    }

    /// A pointer argument: an object, a boxed value, a string or a raw pointer.
    public func pointer(_ index: Int) -> UnsafeMutableRawPointer? {
        g_value_peek_pointer(value(index))
    }

    public func int(_ index: Int) -> Int32 { g_value_get_int(value(index)) }
    public func uint(_ index: Int) -> UInt32 { g_value_get_uint(value(index)) }
    public func enumValue(_ index: Int) -> Int32 { g_value_get_enum(value(index)) }
    public func flags(_ index: Int) -> UInt32 { g_value_get_flags(value(index)) }
    public func double(_ index: Int) -> Double { g_value_get_double(value(index)) }
    public func bool(_ index: Int) -> Bool { g_value_get_boolean(value(index)) != 0 }
    public func string(_ index: Int) -> String? {
        g_value_get_string(value(index)).map { String(cString: $0) }
    }

    /// Sets the return value of a signal that has one (`close-request`,
    /// `handle-local-options`, ...).
    public func setReturn(_ result: Bool) {
        guard let returnValue else { return }
        g_value_set_boolean(returnValue, result ? 1 : 0)
    }

    public func setReturn(_ result: Int32) {
        guard let returnValue else { return }
        g_value_set_int(returnValue, result)
    }

    /// The return value of a signal that returns flags (a drop target's
    /// `motion` answers the GdkDragAction it would take).
    public func setReturn(flags: UInt32) {
        guard let returnValue else { return }
        g_value_set_flags(returnValue, flags)
    }
}
