import CGtk

/// A widget's CSS class switched on or off by a condition.
enum StyleClass {
    static func set(_ name: String, on: Bool, for widget: UnsafeMutablePointer<GtkWidget>) {
        if on { gtk_widget_add_css_class(widget, name) } else { gtk_widget_remove_css_class(widget, name) }
    }
}
