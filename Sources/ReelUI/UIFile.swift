import CGLib
import CGtk
import GLibKit
import ReelCore

/// A GtkBuilder file of the app's GResource (data/ui/): static layout lives
/// there, and code takes its objects by id with their classes checked
/// (`ObjectsByID`). A file missing from the resource aborts in GTK, loudly.
///
/// The objects live as long as this file unless something else takes a
/// reference (a parent widget, a menu button, an `ObjectRef`): keep the file
/// alive until then (`withExtendedLifetime`), since Swift may release it
/// right after its last use.
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

    /// A widget, which must be a `type`.
    func widget(_ id: String, _ type: GType) -> UnsafeMutablePointer<GtkWidget> {
        object(id, type).assumingMemoryBound(to: GtkWidget.self)
    }

    /// Any object of the file (a `<menu>` is a GMenu), which must be a `type`.
    func object(_ id: String, _ type: GType) -> UnsafeMutableRawPointer {
        objects.object(id, type)
    }
}

extension UIFile {
    // Typed widgets by id, their classes checked as `widget` checks them.
    func label(_ id: String) -> Label { Label(widget: widget(id, gtk_label_get_type())) }
    func button(_ id: String) -> Button { Button(widget: widget(id, gtk_button_get_type())) }
    func menuButton(_ id: String) -> MenuButton { MenuButton(widget: widget(id, gtk_menu_button_get_type())) }
    func scale(_ id: String) -> Scale { Scale(widget: widget(id, gtk_scale_get_type())) }
    func revealer(_ id: String) -> Revealer { Revealer(widget: widget(id, gtk_revealer_get_type())) }
}
