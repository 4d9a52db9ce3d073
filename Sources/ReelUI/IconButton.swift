import CGtk
import GLibKit

/// A button that shows only an icon: its tooltip and its accessible name
/// come from one string.
enum IconButton {
    static func make(icon: String, label: String, action: String? = nil) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_button_new_from_icon_name(icon)!
        describe(button, label)
        if let action { gtk_actionable_set_action_name(OpaquePointer(button), action) }
        return button
    }

    /// Gives any icon-only widget (a menu button too) its tooltip and name.
    static func describe(_ widget: UnsafeMutablePointer<GtkWidget>, _ label: String) {
        gtk_widget_set_tooltip_text(widget, label)
        AccessibleLabel.set(widget, label)
    }
}
