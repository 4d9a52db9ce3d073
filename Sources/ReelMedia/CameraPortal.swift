import CGLib
import Foundation
import GLibKit

/// Access to cameras from inside a Flatpak sandbox: the Camera portal of
/// xdg-desktop-portal asks the user (AccessCamera), then hands over a
/// PipeWire connection that sees only cameras (OpenPipeWireRemote). The
/// exchange runs on a worker thread with a main context of its own, since
/// the user may take a while to answer the portal's dialog.
final class CameraPortal: @unchecked Sendable {
    private var cancelled = false
    private let lock = NSLock()

    deinit {
        lock.lock()
        cancelled = true
        lock.unlock()
    }

    /// Calls `done` on the main thread with the PipeWire connection's file
    /// descriptor, or nil when access was refused or no portal answered.
    func requestAccess(_ done: @escaping (Int32?) -> Void) {
        let reply = MainThreadHandler(done)
        BackgroundThread.start { [self] in
            let descriptor = CameraPortal.negotiate()
            MainContext.invoke { [self] in
                lock.lock()
                let gone = cancelled
                lock.unlock()
                if gone { if let descriptor { close(descriptor) }; return }
                reply.call(descriptor)
            }
        }
    }

    private static let service = "org.freedesktop.portal.Desktop"
    private static let path = "/org/freedesktop/portal/desktop"
    private static let interface = "org.freedesktop.portal.Camera"

    private static func negotiate() -> Int32? {
        let context = g_main_context_new()
        g_main_context_push_thread_default(context)
        defer {
            g_main_context_pop_thread_default(context)
            g_main_context_unref(context)
        }
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(bus)) }

        // The Request object's path is known before the call (the token is
        // ours), so the Response signal cannot be missed.
        let token = "reel\(UInt32.random(in: 1...UInt32.max))"
        let sender = String(cString: g_dbus_connection_get_unique_name(bus)).dropFirst().replacingOccurrences(of: ".", with: "_")
        let requestPath = "/org/freedesktop/portal/desktop/request/\(sender)/\(token)"
        final class Answer { var response: UInt32?; }
        let answer = Answer()
        let box = Unmanaged.passRetained(answer)
        let subscription = g_dbus_connection_signal_subscribe(
            bus, service, "org.freedesktop.portal.Request", "Response", requestPath, nil,
            G_DBUS_SIGNAL_FLAGS_NONE,
            { _, _, _, _, _, parameters, data in
                guard let parameters, let first = g_variant_get_child_value(parameters, 0) else { return }
                Unmanaged<Answer>.fromOpaque(data!).takeUnretainedValue().response = g_variant_get_uint32(first)
                g_variant_unref(first)
            }, box.toOpaque(), { Unmanaged<Answer>.fromOpaque($0!).release() })
        defer { g_dbus_connection_signal_unsubscribe(bus, subscription) }

        guard let reply = call(bus, "AccessCamera", options: ["handle_token": token], fds: nil) else { return nil }
        g_variant_unref(reply)
        // The user answers the portal's dialog; give up after five minutes.
        let deadline = Date().addingTimeInterval(300)
        while answer.response == nil && Date() < deadline {
            g_main_context_iteration(context, 1)
        }
        guard answer.response == 0 else { return nil }

        var fds: UnsafeMutablePointer<GUnixFDList>?
        guard let remote = call(bus, "OpenPipeWireRemote", options: [:], fds: &fds) else { return nil }
        defer { g_variant_unref(remote) }
        guard let fds, let handle = g_variant_get_child_value(remote, 0) else { return nil }
        let index = g_variant_get_handle(handle)
        g_variant_unref(handle)
        let descriptor = g_unix_fd_list_get(fds, index, nil)
        g_object_unref(UnsafeMutableRawPointer(fds))
        return descriptor >= 0 ? descriptor : nil
    }

    /// Calls a Camera portal method whose only argument is an a{sv} of
    /// strings.
    private static func call(_ bus: OpaquePointer, _ method: String, options: [String: String],
                             fds: UnsafeMutablePointer<UnsafeMutablePointer<GUnixFDList>?>?) -> OpaquePointer? {
        let entryType = g_variant_type_new("{sv}")
        defer { g_variant_type_free(entryType) }
        var entries: [OpaquePointer?] = options.map { key, value in
            g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(g_variant_new_string(value)))
        }
        let dictionary = g_variant_new_array(entryType, &entries, gsize(entries.count))
        var children: [OpaquePointer?] = [dictionary]
        let parameters = g_variant_new_tuple(&children, 1)
        return try? GLibError.check {
            g_dbus_connection_call_with_unix_fd_list_sync(bus, service, path, interface, method, parameters, nil,
                                                          G_DBUS_CALL_FLAGS_NONE, 10_000, nil, fds, nil, $0)
        }
    }
}
