import CGLib
import CGtk
import GLibKit
import ReelCore

/// A GtkBuilder file of the app's GResource (data/ui/): static layout lives
/// there, and code takes its objects by id with their classes checked
/// (`ObjectsByID`). A file missing from the resource aborts in GTK, loudly.
final class UIFile {
    private let builder: OpaquePointer  // GtkBuilder, a final class Swift sees as opaque
    private let objects: ObjectsByID

    /// `name` below the resource's `ui/` folder, such as "feed-card.ui".
    init(_ name: String) {
        let builder = gtk_builder_new_from_resource("\(AppInfo.resourceBase)/ui/\(name)")!
        self.builder = builder
        objects = ObjectsByID(source: "ui/\(name)") { id in
            gtk_builder_get_object(builder, id).map { UnsafeMutableRawPointer($0) }
        }
    }

    // The builder holds a reference to each object until it goes; a widget
    // in the tree is also held by its parent, the root by whoever takes it.
    deinit { g_object_unref(UnsafeMutableRawPointer(builder)) }

    /// A widget, which must be a `type` (GtkWidget by default).
    func widget(_ id: String, _ type: GType = gtk_widget_get_type()) -> UnsafeMutablePointer<GtkWidget> {
        objects.object(id, type).assumingMemoryBound(to: GtkWidget.self)
    }
}
