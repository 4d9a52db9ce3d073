import CGLib
import CGtk
import GLibKit

/// "Show in Files": asks the file manager to select the file
/// (org.freedesktop.FileManager1.ShowItems); without one, opens its folder.
enum FileManager1 {
    static func show(fileURI: String, parent: UnsafeMutablePointer<GtkWindow>) {
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) else { return openFolder(of: fileURI, parent: parent) }
        defer { g_object_unref(UnsafeMutableRawPointer(bus)) }
        var uris: [UnsafePointer<gchar>?] = [UnsafePointer(strdup(fileURI)), nil]
        defer { free(UnsafeMutableRawPointer(mutating: uris[0])) }
        var children: [OpaquePointer?] = [g_variant_new_strv(&uris, 1), g_variant_new_string("")]
        let parameters = g_variant_new_tuple(&children, 2)
        let result = try? GLibError.check {
            g_dbus_connection_call_sync(bus, "org.freedesktop.FileManager1", "/org/freedesktop/FileManager1",
                                        "org.freedesktop.FileManager1", "ShowItems", parameters, nil,
                                        G_DBUS_CALL_FLAGS_NONE, 500, nil, $0)
        }
        if let result {
            g_variant_unref(result)
        } else {
            openFolder(of: fileURI, parent: parent)
        }
    }

    private static func openFolder(of fileURI: String, parent: UnsafeMutablePointer<GtkWindow>) {
        let file = g_file_new_for_uri(fileURI)
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        guard let folder = g_file_get_parent(file) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(folder)) }
        if let uri = String(consumingGString: g_file_get_uri(folder)) {
            gtk_show_uri(parent, uri, guint32(GDK_CURRENT_TIME))
        }
    }
}
