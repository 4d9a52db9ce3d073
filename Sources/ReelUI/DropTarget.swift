import CGLib
import CGtk
import CShims
import GLibKit

/// Files and links dropped on the window: a file list from a file manager,
/// or text (one address per line, as text/uri-list and browsers send).
enum DropTarget {
    static func attach(to widget: UnsafeMutablePointer<GtkWidget>, open: @escaping ([String]) -> Void) {
        let target = gtk_drop_target_new(reel_type_invalid(), GDK_ACTION_COPY)!
        var types: [GType] = [gdk_file_list_get_type(), reel_type_string()]
        gtk_drop_target_set_gtypes(target, &types, gsize(types.count))
        Signals.connect(target, .drop) { drop in
            let addresses = DropTarget.addresses(in: drop.value)
            if !addresses.isEmpty { open(addresses) }
            return !addresses.isEmpty
        }
        gtk_widget_add_controller(widget, target)
    }

    private static func addresses(in value: UnsafeMutablePointer<GValue>) -> [String] {
        if g_type_check_value_holds(value, gdk_file_list_get_type()) != 0 {
            guard let list = g_value_get_boxed(value) else { return [] }
            var node = gdk_file_list_get_files(OpaquePointer(list))
            let head = node
            defer { g_slist_free(head) }
            var uris: [String] = []
            while let current = node {
                if let file = current.pointee.data, let uri = String(consumingGString: g_file_get_uri(OpaquePointer(file))) {
                    uris.append(uri)
                }
                node = current.pointee.next
            }
            return uris
        }
        if g_type_check_value_holds(value, reel_type_string()) != 0, let text = g_value_get_string(value) {
            return String(cString: text).split(whereSeparator: \.isNewline)
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        }
        return []
    }
}
