import CGtk
import GLibKit

/// A widget that shows only an icon (a button, a menu button): its tooltip
/// and its accessible name come from one string.
enum IconButton {
    /// Gives any icon-only widget (a menu button too) its tooltip and name.
    static func describe(_ widget: UnsafeMutablePointer<GtkWidget>, _ label: String) {
        gtk_widget_set_tooltip_text(widget, label)
        AccessibleLabel.set(widget, label)
    }
}
