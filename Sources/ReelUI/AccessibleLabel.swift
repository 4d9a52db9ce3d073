import CGLib
import CGtk
import CShims
import GLibKit

/// Names and describes widgets for screen readers and UI tests. GTK 4.8
/// names neither an icon-only button from its tooltip nor an entry from its
/// placeholder, and reads a slider's value only as a number.
enum AccessibleLabel {
    static func set(_ widget: UnsafeMutablePointer<GtkWidget>, _ label: String) {
        update(widget, GTK_ACCESSIBLE_PROPERTY_LABEL, label)
    }

    /// What a screen reader says after the name (a slider's value in words,
    /// how to use a control).
    static func describe(_ widget: UnsafeMutablePointer<GtkWidget>, _ description: String) {
        update(widget, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description)
    }

    /// A range's value as text ("0:06 of 1:30"), and as its description,
    /// which GTK 4.8 hands to AT-SPI where it does not yet pass value text.
    static func setValueText(_ widget: UnsafeMutablePointer<GtkWidget>, _ text: String) {
        update(widget, GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, text)
        describe(widget, text)
    }

    private static func update(_ widget: UnsafeMutablePointer<GtkWidget>, _ property: GtkAccessibleProperty, _ text: String) {
        var value = GValue()
        g_value_init(&value, reel_type_string())
        g_value_set_string(&value, text)
        var property = property
        gtk_accessible_update_property_value(OpaquePointer(widget), 1, &property, &value)
        g_value_unset(&value)
    }
}
