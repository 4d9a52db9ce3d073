import CGLib
import CGtk
import CShims
import GLibKit

/// Names a widget for screen readers and UI tests. GTK 4.8 names neither an
/// icon-only button from its tooltip nor an entry from its placeholder.
enum AccessibleLabel {
    static func set(_ widget: UnsafeMutablePointer<GtkWidget>, _ label: String) {
        var value = GValue()
        g_value_init(&value, reel_type_string())
        g_value_set_string(&value, label)
        var property = GTK_ACCESSIBLE_PROPERTY_LABEL
        gtk_accessible_update_property_value(OpaquePointer(widget), 1, &property, &value)
        g_value_unset(&value)
    }
}
