import CGLib
import CGtk
import Foundation
import GLibKit

/// A new widget of `type` with an accessible role other than its class's:
/// GTK 4.8 sets the role only when the widget is made.
enum WidgetWithRole {
    static func make(_ type: GType, role: GtkAccessibleRole) -> UnsafeMutablePointer<GtkWidget> {
        var value = GValue()
        g_value_init(&value, gtk_accessible_role_get_type())
        g_value_set_enum(&value, Int32(role.rawValue))
        var name: UnsafePointer<CChar>? = UnsafePointer(strdup("accessible-role"))
        let made = withUnsafePointer(to: &value) { value in
            g_object_new_with_properties(type, 1, &name, value)!
        }
        free(UnsafeMutableRawPointer(mutating: name))
        g_value_unset(&value)
        return cast(UnsafeMutableRawPointer(made))
    }
}
