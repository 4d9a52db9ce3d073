import CGtk

/// Shows one page of a GtkStack and keeps the keyboard out of the others:
/// GTK 4.8 lets Shift+Tab wrap around into a hidden page's buttons, which
/// leaves the focus on something nobody can see.
/// Each stack's pages are an enum of the page that owns it, its cases the
/// children's names in the `.ui` file.
enum StackPages {
    static func show<Page: RawRepresentable>(_ stack: OpaquePointer, _ page: Page) where Page.RawValue == String {
        let name = page.rawValue
        gtk_stack_set_visible_child_name(stack, name)
        let shown = gtk_stack_get_child_by_name(stack, name)
        var child = gtk_widget_get_first_child(UnsafeMutablePointer<GtkWidget>(stack))
        while let page = child {
            gtk_widget_set_can_focus(page, page == shown ? 1 : 0)
            child = gtk_widget_get_next_sibling(page)
        }
    }
}
