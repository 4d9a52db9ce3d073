import CGLib
import Foundation
import GLibKit

/// A session bus of the test's own (GIO's GTestDBus runs a dbus-daemon on a
/// temporary configuration, and a watcher process ends it should the test
/// process die), with a connection for the service under test and one for
/// the client that talks to it, both dispatched on the main context.
///
/// The service answers on the main context too, so every call here is
/// asynchronous and waits by running the main loop: a synchronous call
/// would block the very loop that answers it.
final class PrivateBus {
    private let bus: OpaquePointer
    /// The service's connection (what the app gets from GApplication).
    let service: OpaquePointer
    /// The client's (GNOME Shell's, say).
    let client: OpaquePointer
    private var subscriptions: [guint] = []
    private var watches: [guint] = []
    /// GTestDBus unsets the display, the session bus and the runtime folder
    /// (and points the session bus at its own): put back when it goes, for
    /// the test suites that run after these in the same process.
    private static let touchedVariables = ["DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "DBUS_STARTER_ADDRESS",
                                           "DBUS_STARTER_BUS_TYPE", "XDG_RUNTIME_DIR"]
    private let savedVariables = touchedVariables.map { ($0, ProcessInfo.processInfo.environment[$0]) }

    init() throws {
        // The daemon by its path: tests/packaging reads it from here to
        // know which Debian package the tests need.
        setenv("G_TEST_DBUS_DAEMON", "/usr/bin/dbus-daemon", 1)
        bus = g_test_dbus_new(G_TEST_DBUS_NONE)
        g_test_dbus_up(bus)
        do {
            guard let address = g_test_dbus_get_bus_address(bus).map({ String(cString: $0) }) else {
                throw BusError(message: "the private bus did not start")
            }
            service = try PrivateBus.connect(address)
            client = try PrivateBus.connect(address)
        } catch {
            PrivateBus.stop(bus, restoring: savedVariables)
            throw error
        }
    }

    deinit {
        subscriptions.forEach { g_dbus_connection_signal_unsubscribe(client, $0) }
        watches.forEach { g_bus_unwatch_name($0) }
        for connection in [client, service] {
            g_dbus_connection_close_sync(connection, nil, nil)
            g_object_unref(UnsafeMutableRawPointer(connection))
        }
        PrivateBus.stop(bus, restoring: savedVariables)
    }

    private static func stop(_ bus: OpaquePointer, restoring variables: [(String, String?)]) {
        g_test_dbus_down(bus)
        g_object_unref(UnsafeMutableRawPointer(bus))
        for (name, value) in variables {
            if let value { setenv(name, value, 1) } else { unsetenv(name) }
        }
    }

    struct BusError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    private static func connect(_ address: String) throws -> OpaquePointer {
        let flags = GDBusConnectionFlags(rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
                                         | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
        guard let connection = try GLibError.check({ g_dbus_connection_new_for_address_sync(address, flags, nil, nil, $0) })
        else { throw BusError(message: "no connection to \(address)") }
        return connection
    }

    /// The service connection's unique name, for objects no well-known
    /// name stands for.
    var serviceName: String { String(cString: g_dbus_connection_get_unique_name(service)) }

    // MARK: Calls

    /// Calls a method from the client and runs the main loop until the
    /// reply (nil for no parameters); throws the D-Bus error of a failed call.
    @discardableResult
    func call(_ destination: String, _ path: String, _ interface: String, _ method: String,
              _ parameters: OpaquePointer? = nil) throws -> Reply {
        let pending = Pending()
        g_dbus_connection_call(client, destination, path, interface, method, parameters, nil, G_DBUS_CALL_FLAGS_NONE,
                               -1, nil, { source, result, data in
            let pending = Unmanaged<Pending>.fromOpaque(data!).takeRetainedValue()
            var error: UnsafeMutablePointer<GError>?
            let value = g_dbus_connection_call_finish(OpaquePointer(source), result, &error)
            pending.finish(value.map(Reply.init(taking:)), error: error)
        }, Unmanaged.passRetained(pending).toOpaque())
        guard MainLoop.run(until: { pending.done }) else { throw BusError(message: "no reply to \(method)") }
        if let error = pending.error { throw BusError(message: error) }
        return pending.reply!
    }

    /// A property of `interface` at `path`, as GDBus serves it.
    func property(_ destination: String, _ path: String, _ interface: String, _ name: String) throws -> Reply {
        try call(destination, path, "org.freedesktop.DBus.Properties", "Get",
                 Variant.tuple([.string(interface), .string(name)]).make()).child(0).unboxed
    }

    func setProperty(_ destination: String, _ path: String, _ interface: String, _ name: String,
                     _ value: Variant) throws {
        try call(destination, path, "org.freedesktop.DBus.Properties", "Set",
                 Variant.tuple([.string(interface), .string(name), .boxed(value)]).make())
    }

    // MARK: Signals and names

    /// Every signal of `interface`'s `member` at `path`, in order, as the
    /// client receives them.
    func record(_ interface: String, _ member: String, at path: String) -> SignalLog {
        let log = SignalLog()
        let id = g_dbus_connection_signal_subscribe(client, nil, interface, member, path, nil,
                                                    G_DBUS_SIGNAL_FLAGS_NONE, { _, _, _, _, _, parameters, data in
            guard let parameters else { return }
            Unmanaged<SignalLog>.fromOpaque(data!).takeUnretainedValue().signals.append(Reply(retaining: parameters))
        }, Unmanaged.passRetained(log).toOpaque(), { data in Unmanaged<SignalLog>.fromOpaque(data!).release() })
        subscriptions.append(id)
        return log
    }

    /// Follows who owns `name` on the bus, as the client sees it.
    func watch(_ name: String) -> NameWatch {
        let watch = NameWatch()
        let id = g_bus_watch_name_on_connection(client, name, G_BUS_NAME_WATCHER_FLAGS_NONE, { _, _, owner, data in
            Unmanaged<NameWatch>.fromOpaque(data!).takeUnretainedValue().owner = owner.map { String(cString: $0) }
        }, { _, _, data in
            Unmanaged<NameWatch>.fromOpaque(data!).takeUnretainedValue().owner = nil
        }, Unmanaged.passRetained(watch).toOpaque(), { data in Unmanaged<NameWatch>.fromOpaque(data!).release() })
        watches.append(id)
        return watch
    }

    final class SignalLog {
        var signals: [Reply] = []
    }

    final class NameWatch {
        /// The owner's unique name; nil while nobody owns the name.
        var owner: String?
    }

    private final class Pending {
        var done = false
        var reply: Reply?
        var error: String?

        func finish(_ reply: Reply?, error: UnsafeMutablePointer<GError>?) {
            self.reply = reply
            if let error {
                self.error = String(cString: error.pointee.message)
                g_error_free(error)
            }
            done = true
        }
    }
}
