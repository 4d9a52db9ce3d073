import CGtk

/// Libadwaita's status page, without the extra Tab stop: it scrolls its
/// content in a GtkScrolledWindow, which GTK 4.8 lets take the focus, an
/// unnamed stop with no ring that a keyboard user lands on for nothing.
/// Its buttons, if any, still take the focus.
///
/// A page that says something went wrong is an alert to assistive
/// technologies (`alert`): a screen reader reads it out when it appears.
enum StatusPage {
    static func make(alert: Bool = false) -> UnsafeMutablePointer<GtkWidget> {
        let page = alert ? WidgetWithRole.make(adw_status_page_get_type(), role: GTK_ACCESSIBLE_ROLE_ALERT) : adw_status_page_new()!
        withoutScrollStop(page)
        return page
    }

    /// The same for a page from a .ui file.
    static func withoutScrollStop(_ page: UnsafeMutablePointer<GtkWidget>) {
        if let scroller = gtk_widget_get_first_child(page) { gtk_widget_set_focusable(scroller, 0) }
    }
}
