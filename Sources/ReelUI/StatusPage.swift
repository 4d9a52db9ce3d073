import CGtk

/// Libadwaita's status page, without the extra Tab stop: it scrolls its
/// content in a GtkScrolledWindow, which GTK 4.8 lets take the focus, an
/// unnamed stop with no ring that a keyboard user lands on for nothing.
/// Its buttons, if any, still take the focus. (The pages themselves are in
/// the .ui files; those that say something went wrong are alerts there.)
enum StatusPage {
    static func withoutScrollStop(_ page: UnsafeMutablePointer<GtkWidget>) {
        if let scroller = gtk_widget_get_first_child(page) { gtk_widget_set_focusable(scroller, 0) }
    }
}
