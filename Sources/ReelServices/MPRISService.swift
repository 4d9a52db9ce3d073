import CGLib
import Foundation
import GLibKit
import ReelCore

/// Reel's player on the session bus as an MPRIS media player
/// (org.mpris.MediaPlayer2.Reel at /org/mpris/MediaPlayer2), so GNOME
/// Shell's media controls and the media keys see and drive it. The object
/// and the name exist only while `player` has a state, that is while a
/// video the person chose is in the player or the mini window. The
/// interfaces come from the introspection XML in the GResource; GDBus
/// checks calls against it and serves org.freedesktop.DBus.Properties.
public final class MPRISService {
    public static let busName = "org.mpris.MediaPlayer2.Reel"
    public static let objectPath = "/org/mpris/MediaPlayer2"
    public static let rootInterface = "org.mpris.MediaPlayer2"
    public static let playerInterface = "org.mpris.MediaPlayer2.Player"

    public weak var player: MPRISPlayer?
    /// The application's own connection (a GDBusConnection): the name is
    /// owned next to the app's ID, by the same process.
    private let connection: OpaquePointer
    private var registrations: [guint] = []
    private var ownerID: guint = 0
    /// What clients were last told; nil while nothing is published.
    private var published: MPRISState?
    private var pendingRefresh: SourceID?

    public init(connection: OpaquePointer) {
        self.connection = connection
        g_object_ref(UnsafeMutableRawPointer(connection))
    }

    deinit {
        pendingRefresh?.remove()
        withdraw()
        g_object_unref(UnsafeMutableRawPointer(connection))
    }

    /// After a change in the player: one refresh once the main loop is
    /// idle, so frames and input go first and a burst of changes (a state
    /// with its duration, say) is one PropertiesChanged.
    public func setNeedsRefresh() {
        guard pendingRefresh == nil else { return }
        pendingRefresh = MainContext.soon { [weak self] in
            self?.pendingRefresh = nil
            self?.refresh()
        }
    }

    /// Publishes or withdraws the object now, and tells clients what
    /// changed.
    public func refresh() {
        pendingRefresh?.remove()
        pendingRefresh = nil
        guard let state = player?.mprisState else { return withdraw() }
        guard !registrations.isEmpty || publish() else { return }
        let old = published
        published = state
        // A new name's clients read everything: only changes are signalled.
        guard let old else { return }
        emitChanges(state.rootChanges(from: old), of: MPRISService.rootInterface)
        emitChanges(state.playerChanges(from: old), of: MPRISService.playerInterface)
    }

    /// After every jump (a seek from anywhere, a frame step, a loop back to
    /// the start): Seeked with where the video is now.
    public func seeked(to seconds: Double) {
        guard !registrations.isEmpty else { return }
        emit(MPRISService.playerInterface, "Seeked", .tuple([.int64(MPRISMetadata.microseconds(seconds))]))
    }

    // MARK: Publishing

    private func publish() -> Bool {
        guard let node = MPRISService.node else { return false }
        for name in [MPRISService.rootInterface, MPRISService.playerInterface] {
            guard let interface = g_dbus_node_info_lookup_interface(node, name) else { continue }
            let id = (try? GLibError.check {
                g_dbus_connection_register_object(connection, MPRISService.objectPath, interface, &MPRISService.vtable,
                                                  Unmanaged.passUnretained(self).toOpaque(), nil, $0)
            }) ?? 0
            if id != 0 { registrations.append(id) }
        }
        guard registrations.count == 2 else {
            withdraw()
            return false
        }
        ownerID = g_bus_own_name_on_connection(connection, MPRISService.busName, G_BUS_NAME_OWNER_FLAGS_NONE,
                                               nil, nil, nil, nil)
        Trace.shared.event(.mpris, ["owned": 1])
        return true
    }

    /// The name goes first, then the object: no client sees a name without it.
    private func withdraw() {
        guard !registrations.isEmpty else { return }
        if ownerID != 0 { g_bus_unown_name(ownerID) }
        ownerID = 0
        registrations.forEach { g_dbus_connection_unregister_object(connection, $0) }
        registrations = []
        published = nil
        Trace.shared.event(.mpris, ["owned": 0])
    }

    /// The interfaces, parsed once from the GResource; read-only after,
    /// and used on the main thread only.
    nonisolated(unsafe) private static let node: UnsafeMutablePointer<GDBusNodeInfo>? = {
        let path = AppInfo.resourceBase + "/dbus/org.mpris.MediaPlayer2.xml"
        guard let bytes = try? GLibError.check({ g_resources_lookup_data(path, G_RESOURCE_LOOKUP_FLAGS_NONE, $0) }) else {
            Trace.shared.event(.mprisError, ["reason": "no \(path) in the resources"])
            return nil
        }
        defer { g_bytes_unref(bytes) }
        var size: gsize = 0
        guard let data = g_bytes_get_data(bytes, &size) else { return nil }
        let xml = String(decoding: UnsafeRawBufferPointer(start: data, count: Int(size)), as: UTF8.self)
        return try? GLibError.check { g_dbus_node_info_new_for_xml(xml, $0) }
    }()

    // MARK: Calls from the bus

    /// GDBus copies the table; its functions find the service in user_data.
    /// Passed by address on the main thread, never changed.
    nonisolated(unsafe) private static var vtable: GDBusInterfaceVTable = {
        var table = GDBusInterfaceVTable()
        table.method_call = { _, _, _, interface, method, parameters, invocation, data in
            guard let data, let interface, let method, let invocation else { return }
            let service = Unmanaged<MPRISService>.fromOpaque(data).takeUnretainedValue()
            service.call(String(cString: interface), String(cString: method), parameters, invocation)
        }
        table.get_property = { _, _, _, interface, property, _, data in
            guard let data, let interface, let property else { return nil }
            let service = Unmanaged<MPRISService>.fromOpaque(data).takeUnretainedValue()
            return service.value(of: String(cString: property), in: String(cString: interface))?.make()
        }
        table.set_property = { _, _, _, _, property, value, _, data in
            guard let data, let property, let value else { return 0 }
            let service = Unmanaged<MPRISService>.fromOpaque(data).takeUnretainedValue()
            service.set(String(cString: property), value)
            // Values a client may not set are ignored, as MPRIS asks.
            return 1
        }
        return table
    }()

    private func call(_ interface: String, _ method: String, _ parameters: OpaquePointer?, _ invocation: OpaquePointer) {
        let state = player?.mprisState
        var command: MPRISCommand?
        switch method {
        case "Raise": command = .raise
        case "Quit": command = .quit
        case "Next": command = state?.canGoNext == true ? .next : nil
        case "Previous": command = state?.canGoPrevious == true ? .previous : nil
        case "Play": command = .play
        case "Pause": command = .pause
        case "PlayPause": command = .playPause
        case "Stop": command = .stop
        case "Seek":
            if let state, let parameters {
                command = MPRISCommand.seek(offset: Int64(int64Argument(parameters, 0)),
                                            position: player?.mprisPosition ?? 0, state: state)
            }
        case "SetPosition":
            if let state, let parameters {
                command = MPRISCommand.setPosition(trackID: stringArgument(parameters, 0),
                                                   microseconds: Int64(int64Argument(parameters, 1)), state: state)
            }
        case "OpenUri":
            if let parameters { command = .open(stringArgument(parameters, 0)) }
        default:
            break
        }
        // Answered first: Quit and Raise must not keep the caller waiting.
        g_dbus_method_invocation_return_value(invocation, nil)
        if let command { player?.perform(command) }
    }

    private func set(_ property: String, _ value: OpaquePointer) {
        guard let state = player?.mprisState else { return }
        let command: MPRISCommand?
        switch property {
        case "Rate": command = MPRISCommand.rate(requested: g_variant_get_double(value))
        case "Volume": command = MPRISCommand.volume(requested: g_variant_get_double(value))
        case "LoopStatus":
            command = MPRISCommand.loopStatus(requested: String(cString: g_variant_get_string(value, nil)),
                                              current: state.endAction)
        case "Fullscreen": command = state.canSetFullscreen ? .fullscreen(g_variant_get_boolean(value) != 0) : nil
        default: command = nil
        }
        if let command { player?.perform(command) }
    }

    private func int64Argument(_ parameters: OpaquePointer, _ index: Int) -> gint64 {
        let child = g_variant_get_child_value(parameters, gsize(index))
        defer { g_variant_unref(child) }
        return g_variant_get_int64(child)
    }

    private func stringArgument(_ parameters: OpaquePointer, _ index: Int) -> String {
        let child = g_variant_get_child_value(parameters, gsize(index))
        defer { g_variant_unref(child) }
        return String(cString: g_variant_get_string(child, nil))
    }

    // MARK: Properties

    private func value(of property: String, in interface: String) -> Variant? {
        interface == MPRISService.rootInterface ? rootValue(of: property) : playerValue(of: property)
    }

    private func rootValue(of property: String) -> Variant? {
        let state = player?.mprisState
        switch property {
        case "CanQuit", "CanRaise": return .bool(true)
        case "HasTrackList": return .bool(false)
        case "Fullscreen": return .bool(state?.fullscreen ?? false)
        case "CanSetFullscreen": return .bool(state?.canSetFullscreen ?? false)
        case "Identity": return .string(AppInfo.name)
        case "DesktopEntry": return .string(AppInfo.id)
        case "SupportedUriSchemes": return .strings(MediaLocator.allowedSchemes.sorted())
        case "SupportedMimeTypes": return .strings(MPRISService.mimeTypes)
        default: return nil
        }
    }

    private func playerValue(of property: String) -> Variant? {
        let state = player?.mprisState
        switch property {
        case "PlaybackStatus": return .string((state?.status ?? .stopped).rawValue)
        case "LoopStatus": return .string((state?.loopStatus ?? .none).rawValue)
        case "Rate": return .double(state?.rate ?? 1)
        case "Volume": return .double(state?.volume ?? 0)
        case "Metadata": return MPRISService.metadata(state?.metadata)
        case "Position": return .int64(MPRISMetadata.microseconds(player?.mprisPosition ?? 0))
        case "MinimumRate": return .double(MPRISState.minimumRate)
        case "MaximumRate": return .double(MPRISState.maximumRate)
        case "CanGoNext": return .bool(state?.canGoNext ?? false)
        case "CanGoPrevious": return .bool(state?.canGoPrevious ?? false)
        case "CanPlay": return .bool(state?.canPlay ?? false)
        case "CanPause": return .bool(state?.canPause ?? false)
        case "CanSeek": return .bool(state?.canSeek ?? false)
        case "CanControl": return .bool(true)
        default: return nil
        }
    }

    private static func metadata(_ metadata: MPRISMetadata?) -> Variant {
        guard let metadata else { return .dictionary(["mpris:trackid": .objectPath(MPRISMetadata.noTrack)]) }
        return .dictionary(metadata.entries.mapValues { value in
            switch value {
            case .string(let text): return .string(text)
            case .objectPath(let path): return .objectPath(path)
            case .int64(let number): return .int64(number)
            case .strings(let list): return .strings(list)
            }
        })
    }

    /// The types the installed desktop file claims (MimeType=), read once:
    /// the list is kept in one place.
    private static let mimeTypes: [String] = {
        guard let path = InstallLocation.data("applications/\(AppInfo.id).desktop") else { return [] }
        let file = g_key_file_new()
        defer { g_key_file_free(file) }
        guard g_key_file_load_from_file(file, path, G_KEY_FILE_NONE, nil) != 0 else { return [] }
        var count: gsize = 0
        guard let list = g_key_file_get_string_list(file, "Desktop Entry", "MimeType", &count, nil) else { return [] }
        defer { g_strfreev(list) }
        return (0..<Int(count)).compactMap { list[$0].map { String(cString: $0) } }
    }()

    // MARK: Signals

    private func emitChanges(_ names: [String], of interface: String) {
        guard !names.isEmpty else { return }
        var changed: [String: Variant] = [:]
        for name in names {
            changed[name] = value(of: name, in: interface)
        }
        emit("org.freedesktop.DBus.Properties", "PropertiesChanged",
             .tuple([.string(interface), .dictionary(changed), .strings([])]))
    }

    private func emit(_ interface: String, _ signal: String, _ parameters: Variant) {
        _ = try? GLibError.check {
            g_dbus_connection_emit_signal(connection, nil, MPRISService.objectPath, interface, signal, parameters.make(), $0)
        }
    }
}
