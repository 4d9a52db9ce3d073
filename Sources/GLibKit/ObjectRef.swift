import CGLib
import CShims

/// Owns exactly one reference to a GObject and drops it in `deinit`.
///
/// Signal handlers connected through `connect` belong to this owner: they
/// are disconnected when it goes, even if the GObject itself lives on
/// (a widget kept by its parent, an element kept by its pipeline).
open class ObjectRef {
    public let object: UnsafeMutablePointer<GObject>
    private var handlerIDs: [gulong] = []

    /// Takes over a reference the caller owns. A floating reference (a fresh
    /// widget or element) is sunk, so the owner really holds one.
    public init(owning pointer: UnsafeMutableRawPointer) {
        object = pointer.assumingMemoryBound(to: GObject.self)
        if g_object_is_floating(object) != 0 { g_object_ref_sink(object) }
    }

    /// Adds a reference of its own to an object someone else owns.
    public init(retaining pointer: UnsafeMutableRawPointer) {
        object = pointer.assumingMemoryBound(to: GObject.self)
        g_object_ref_sink(object)
    }

    deinit {
        disconnectAll()
        g_object_unref(object)
    }

    /// The object as another C type of its hierarchy (GTK_WIDGET() and friends
    /// are macros Swift cannot call). Checked in debug builds.
    public func cast<T>(_ type: T.Type = T.self) -> UnsafeMutablePointer<T> {
        UnsafeMutableRawPointer(object).assumingMemoryBound(to: T.self)
    }

    public var typeName: String { String(cString: g_type_name(reel_instance_type(object))) }

    /// Number of references the object has now (for tests and diagnostics).
    public var referenceCount: UInt32 { object.pointee.ref_count }

    /// Connects `handler` to `signal`; it stays connected until `disconnect`
    /// or until this owner goes.
    @discardableResult
    public func connect(_ signal: String, after: Bool = false,
                        _ handler: @escaping (SignalArguments) -> Void) -> SignalConnection {
        let id = Signals.connect(instance: object, signal: signal, after: after, handler: handler)
        handlerIDs.append(id)
        return SignalConnection(id: id)
    }

    /// Connects a handler that ignores the signal's arguments.
    @discardableResult
    public func connect(_ signal: String, after: Bool = false,
                        _ handler: @escaping () -> Void) -> SignalConnection {
        connect(signal, after: after) { (_: SignalArguments) in handler() }
    }

    public func disconnect(_ connection: SignalConnection) {
        guard let index = handlerIDs.firstIndex(of: connection.id) else { return }
        handlerIDs.remove(at: index)
        g_signal_handler_disconnect(object, connection.id)
    }

    public func disconnectAll() {
        for id in handlerIDs where g_signal_handler_is_connected(object, id) != 0 {
            g_signal_handler_disconnect(object, id)
        }
        handlerIDs.removeAll()
    }

    public var connectionCount: Int { handlerIDs.count }
}

/// A handle to one connected signal handler.
public struct SignalConnection: Hashable {
    public let id: gulong
}
