import CGLib
import Foundation
import GLibKit
import ReelCore
import ReelMedia

/// GNOME Shell's search provider (`org.gnome.Shell.SearchProvider2`, the
/// interface in the GResource): typing in the Activities overview finds the
/// feed's videos (`ReelCore.ShellSearch`), with their thumbnails from the
/// freedesktop cache; choosing one plays it, and "more" opens the feed's
/// own search with the same words. Registered on the application's
/// connection from GApplication's `dbus_register`, before the bus name is
/// taken, so a Shell that starts Reel for a search finds the object there.
public final class SearchProvider {
    public static let objectPath = "/io/github/reelapp/Reel/SearchProvider"
    private static let interfaceResource = "/io/github/reelapp/Reel/dbus/search-provider.xml"

    /// Hands over the feed to search once it is there: its owner (the index
    /// is rebuilt when the owner or its revision changes) and its library.
    public typealias FeedSupplier = (@escaping (_ owner: AnyObject, _ library: FeedLibrary) -> Void) -> Void

    private let application: UnsafeMutablePointer<GApplication>
    private let supplyFeed: FeedSupplier
    /// A result was chosen: play this id (a URI) in the player.
    public var onActivate: ((String, UInt32) -> Void)?
    /// "More results": the feed's search with these terms.
    public var onLaunchSearch: (([String], UInt32) -> Void)?

    private var index: (owner: ObjectIdentifier, revision: Int, search: ShellSearch)?
    private var connection: OpaquePointer?
    private var registration: guint = 0
    private let thumbnails = ThumbnailCache()
    private var pendingPreparation: SourceID?

    public init(application: UnsafeMutablePointer<GApplication>, supplyFeed: @escaping FeedSupplier) {
        self.application = application
        self.supplyFeed = supplyFeed
    }

    /// Exports the object on `connection`; false with `error` set when the
    /// interface cannot be read or the path is taken.
    public func register(on connection: OpaquePointer, error: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?) -> Bool {
        guard let bytes = g_resources_lookup_data(SearchProvider.interfaceResource, G_RESOURCE_LOOKUP_FLAGS_NONE, error)
        else { return false }
        defer { g_bytes_unref(bytes) }
        var size: gsize = 0
        let data = g_bytes_get_data(bytes, &size)!.assumingMemoryBound(to: UInt8.self)
        let xml = String(decoding: UnsafeBufferPointer(start: data, count: Int(size)), as: UTF8.self)
        guard let node = g_dbus_node_info_new_for_xml(xml, error) else { return false }
        defer { g_dbus_node_info_unref(node) }
        guard let interface = node.pointee.interfaces?[0] else { return false }
        registration = g_dbus_connection_register_object(connection, SearchProvider.objectPath, interface,
                                                         &SearchProvider.vtable,
                                                         Unmanaged.passUnretained(self).toOpaque(), nil, error)
        guard registration != 0 else { return false }
        self.connection = connection
        g_object_ref(UnsafeMutableRawPointer(connection))
        return true
    }

    public func unregister() {
        guard let connection else { return }
        g_dbus_connection_unregister_object(connection, registration)
        g_object_unref(UnsafeMutableRawPointer(connection))
        self.connection = nil
        registration = 0
    }

    deinit { unregister() }

    // MARK: Methods

    // Read by GLib only, from the main thread that registers the object.
    nonisolated(unsafe) private static var vtable: GDBusInterfaceVTable = {
        var table = GDBusInterfaceVTable()
        table.method_call = { _, _, _, _, method, parameters, invocation, data in
            guard let method, let parameters, let invocation, let data else { return }
            Unmanaged<SearchProvider>.fromOpaque(data).takeUnretainedValue()
                .call(String(cString: method), parameters, invocation)
        }
        return table
    }()

    private func call(_ method: String, _ parameters: OpaquePointer, _ invocation: OpaquePointer) {
        let argument = { (index: Int) in g_variant_get_child_value(parameters, gsize(index))! }
        switch method {
        case "GetInitialResultSet":
            let terms = SearchProvider.strings(argument(0))
            answer(invocation) { search, _ in SearchProvider.tuple(SearchProvider.strv(search.results(for: terms))) }
        case "GetSubsearchResultSet":
            let previous = SearchProvider.strings(argument(0))
            let terms = SearchProvider.strings(argument(1))
            answer(invocation) { search, _ in
                SearchProvider.tuple(SearchProvider.strv(search.results(within: previous, for: terms)))
            }
        case "GetResultMetas":
            let ids = SearchProvider.strings(argument(0))
            answer(invocation) { [thumbnails] _, library in
                SearchProvider.tuple(SearchProvider.metas(ids.compactMap { library.item(withID: $0) }, thumbnails: thumbnails))
            }
        case "ActivateResult":
            let id = SearchProvider.string(argument(0))
            let timestamp = SearchProvider.uint(argument(2))
            g_dbus_method_invocation_return_value(invocation, nil)
            Trace.shared.event(.searchProviderActivate, ["id": id])
            onActivate?(id, timestamp)
        case "LaunchSearch":
            let terms = SearchProvider.strings(argument(0))
            let timestamp = SearchProvider.uint(argument(1))
            g_dbus_method_invocation_return_value(invocation, nil)
            onLaunchSearch?(terms, timestamp)
        default:
            g_dbus_method_invocation_return_dbus_error(invocation, "org.freedesktop.DBus.Error.UnknownMethod", method)
        }
    }

    /// Replies once the feed is there. The application is held meanwhile:
    /// started by the Shell for a search, it would otherwise quit when idle.
    private func answer(_ invocation: OpaquePointer, _ body: @escaping (ShellSearch, FeedLibrary) -> OpaquePointer) {
        g_application_hold(application)
        supplyFeed { [weak self] owner, library in
            guard let self else { return }
            let search = self.search(owner: owner, library: library)
            g_dbus_method_invocation_return_value(invocation, body(search, library))
            g_application_release(self.application)
        }
    }

    /// The feed's list changed: its index is made again on a worker thread a
    /// moment later (folding 10,000 titles takes longer than the overview
    /// should wait for its first answer), so searches find it ready.
    public func feedChanged(owner: AnyObject, library: FeedLibrary) {
        pendingPreparation?.remove()
        pendingPreparation = MainContext.after(milliseconds: 1000) { [weak self, weak owner] in
            guard let self, let owner else { return }
            self.pendingPreparation = nil
            let id = ObjectIdentifier(owner)
            guard self.index.map({ $0.owner != id || $0.revision != library.revision }) ?? true else { return }
            let items = library.items
            let revision = library.revision
            let store = MainThreadHandler { [weak self] (search: ShellSearch) in
                // A search meanwhile may have made a newer one.
                guard let self, self.index.map({ $0.owner != id || $0.revision < revision }) ?? true else { return }
                self.index = (id, revision, search)
            }
            Thread.detachNewThread {
                let search = ShellSearch(items: items)
                MainContext.invoke { store.call(search) }
            }
        }
    }

    /// The index of the feed, made again only when the feed's list changed.
    private func search(owner: AnyObject, library: FeedLibrary) -> ShellSearch {
        let id = ObjectIdentifier(owner)
        if let index, index.owner == id, index.revision == library.revision { return index.search }
        let search = ShellSearch(items: library.items)
        index = (id, library.revision, search)
        return search
    }

    // MARK: Results

    private static func metas(_ items: [VideoItem], thumbnails: ThumbnailCache) -> OpaquePointer {
        let type = g_variant_type_new("a{sv}")
        defer { g_variant_type_free(type) }
        var dictionaries: [OpaquePointer?] = items.map { item in
            dictionary([("id", g_variant_new_string(item.id)),
                        ("name", g_variant_new_string(item.title)),
                        ("description", g_variant_new_string(ShellSearch.description(of: item))),
                        ("gicon", g_variant_new_string(icon(for: item, thumbnails: thumbnails)))])
        }
        return g_variant_new_array(type, &dictionaries, gsize(dictionaries.count))
    }

    /// The serialized GIcon the Shell loads: the thumbnail file (the
    /// catalog's own picture if it is on this computer, else the cache's),
    /// or the generic video icon.
    private static func icon(for item: VideoItem, thumbnails: ThumbnailCache) -> String {
        let given = item.thumbnailURI.flatMap { uri in
            MediaLocator.isLocal(uri) ? URL(string: uri)?.path : nil
        }.flatMap { FileManager.default.fileExists(atPath: $0) ? $0 : nil }
        guard let path = given ?? thumbnails.existing(for: item.uri) else {
            let themed = g_themed_icon_new("video-x-generic")!
            defer { g_object_unref(UnsafeMutableRawPointer(themed)) }
            return String(consumingGString: g_icon_to_string(themed)) ?? "video-x-generic"
        }
        let file = g_file_new_for_path(path)!
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        let icon = g_file_icon_new(file)!
        defer { g_object_unref(UnsafeMutableRawPointer(icon)) }
        return String(consumingGString: g_icon_to_string(icon)) ?? path
    }

    // MARK: GVariant

    private static func dictionary(_ entries: [(String, OpaquePointer?)]) -> OpaquePointer? {
        var children: [OpaquePointer?] = entries.map { key, value in
            g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(value))
        }
        let type = g_variant_type_new("{sv}")
        defer { g_variant_type_free(type) }
        return g_variant_new_array(type, &children, gsize(children.count))
    }

    private static func strv(_ strings: [String]) -> OpaquePointer {
        var pointers: [UnsafePointer<gchar>?] = strings.map { UnsafePointer(strdup($0)) }
        defer { pointers.forEach { free(UnsafeMutableRawPointer(mutating: $0)) } }
        return g_variant_new_strv(&pointers, gssize(pointers.count))
    }

    private static func tuple(_ child: OpaquePointer) -> OpaquePointer {
        var children: [OpaquePointer?] = [child]
        return g_variant_new_tuple(&children, 1)
    }

    /// Reads and releases a child value.
    private static func strings(_ value: OpaquePointer) -> [String] {
        defer { g_variant_unref(value) }
        var count: gsize = 0
        guard let array = g_variant_get_strv(value, &count) else { return [] }
        defer { g_free(UnsafeMutableRawPointer(mutating: array)) }
        return (0..<Int(count)).compactMap { array[$0].map { String(cString: $0) } }
    }

    private static func string(_ value: OpaquePointer) -> String {
        defer { g_variant_unref(value) }
        return String(cString: g_variant_get_string(value, nil))
    }

    private static func uint(_ value: OpaquePointer) -> UInt32 {
        defer { g_variant_unref(value) }
        return g_variant_get_uint32(value)
    }
}
