import CGLib
import CGtk
import GLibKit

/// A GtkMenuButton.
struct MenuButton: TypedWidget {
    let widget: UnsafeMutablePointer<GtkWidget>

    /// The text it shows as its value ("1×", "Auto").
    var label: String {
        get { gtk_menu_button_get_label(cast(widget)).map { String(cString: $0) } ?? "" }
        nonmutating set { gtk_menu_button_set_label(cast(widget), newValue) }
    }

    func setMenu(_ model: UnsafeMutablePointer<GMenuModel>) {
        gtk_menu_button_set_menu_model(cast(widget), model)
    }

    /// Its popover is showing.
    var isOpen: Bool {
        gtk_menu_button_get_popover(cast(widget)).map { gtk_widget_get_visible(cast($0)) != 0 } ?? false
    }
}
