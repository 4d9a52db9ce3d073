import CGLib
import CGtk
import CShims
import GLibKit
import ReelCore
import ReelServices

/// Names the buttons that GTK 4.8 and libadwaita 1.2 leave unnamed or
/// misnamed in windows Reel does not lay out itself (message dialogs, the
/// shortcuts and About windows) and in toasts: a screen reader would read "button", a
/// GTK class name, or a label twice with its mnemonic underscore ("_Cancel
/// Cancel"). A labelled button is named by its label as a person reads it,
/// an icon-only one by its tooltip or what its icon means.
enum UnnamedButtons {
    static func name(in widget: UnsafeMutablePointer<GtkWidget>) {
        name(in: widget, closing: tr("Close"))
    }

    /// `closing`: the name of a button whose only content is
    /// window-close-symbolic, which closes what it sits in.
    private static func name(in widget: UnsafeMutablePointer<GtkWidget>, closing: String) {
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if g_type_is_a(reel_instance_type(current), gtk_button_get_type()) != 0,
               let name = name(of: current, closing: closing) {
                // GTK labels a button by its label too: the name alone says it.
                gtk_accessible_reset_relation(OpaquePointer(current), GTK_ACCESSIBLE_RELATION_LABELLED_BY)
                AccessibleLabel.set(current, name)
            }
            self.name(in: current, closing: closing)
            child = gtk_widget_get_next_sibling(current)
        }
    }

    /// One button with a mnemonic label that Reel lays out itself, named by
    /// its label as read ("Make Movie…", not "_Make Movie… Make Movie…").
    static func nameByLabel(_ button: UnsafeMutablePointer<GtkWidget>) {
        guard let label = gtk_button_get_label(cast(button)) else { return }
        gtk_accessible_reset_relation(OpaquePointer(button), GTK_ACCESSIBLE_RELATION_LABELLED_BY)
        AccessibleLabel.set(button, MnemonicText.plain(String(cString: label)))
    }

    /// Shows `toast` in `overlay` with its buttons named, whenever it shows.
    /// libadwaita 1.2 makes a toast's widget only when the toast shows, and
    /// makes it again each time: a toast waits its turn behind the one on
    /// screen, and one put aside by a high-priority toast shows again, with
    /// a new widget, once that one goes. Either way the next toast shows
    /// from the "dismissed" handler the overlay connected to the toast
    /// before, so naming after every toast's "dismissed" names it.
    static func add(_ toast: OpaquePointer, to overlay: OpaquePointer) {
        Signals.connect(toast, "dismissed", after: true) { nameToasts(in: overlay) }
        adw_toast_overlay_add_toast(overlay, toast)
        nameToasts(in: overlay)
    }

    /// The buttons of the toasts `overlay` shows now, not those of the page
    /// under them. A toast's close button (an icon alone in libadwaita 1.2,
    /// which GTK names after its image) dismisses the toast, not a window.
    private static func nameToasts(in overlay: OpaquePointer) {
        let page = adw_toast_overlay_get_child(overlay)
        var child = gtk_widget_get_first_child(UnsafeMutablePointer<GtkWidget>(overlay))
        while let current = child {
            if current != page { name(in: current, closing: tr("Dismiss Notice")) }
            child = gtk_widget_get_next_sibling(current)
        }
    }

    private static func name(of button: UnsafeMutablePointer<GtkWidget>, closing: String) -> String? {
        if let label = gtk_button_get_label(cast(button)) {
            return MnemonicText.plain(String(cString: label))
        }
        if let tooltip = gtk_widget_get_tooltip_text(button) {
            return String(cString: tooltip)
        }
        if let icon = gtk_button_get_icon_name(cast(button)) {
            return meaning(ofIcon: String(cString: icon), closing: closing)
        }
        // The About window's version is a button around a label.
        if let inner = gtk_button_get_child(cast(button)),
           g_type_is_a(reel_instance_type(inner), gtk_label_get_type()) != 0,
           let text = gtk_label_get_text(cast(inner)) {
            let version = String(cString: text)
            return gtk_widget_has_css_class(button, "app-version") != 0 ? CoreText.format(tr("Version %s"), [version]) : version
        }
        return nil
    }

    private static func meaning(ofIcon icon: String, closing: String) -> String? {
        switch icon {
        case "window-close-symbolic": return closing
        case "edit-find-symbolic": return tr("Search")
        case "go-previous-symbolic": return tr("Back")
        default: return nil
        }
    }
}
