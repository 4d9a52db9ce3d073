import CGtk

/// What every widget does, in Swift terms: GTK's gboolean ints converted
/// once here, so a page reads `seekBar.isShown = live` rather than
/// `gtk_widget_set_visible(seekBar, live ? 1 : 0)`.
extension UnsafeMutablePointer where Pointee == GtkWidget {
    var isShown: Bool {
        get { gtk_widget_get_visible(self) != 0 }
        nonmutating set { gtk_widget_set_visible(self, newValue ? 1 : 0) }
    }

    var isSensitive: Bool {
        get { gtk_widget_get_sensitive(self) != 0 }
        nonmutating set { gtk_widget_set_sensitive(self, newValue ? 1 : 0) }
    }

    /// Moves the keyboard focus here; false when the widget cannot take it.
    @discardableResult
    func grabFocus() -> Bool { gtk_widget_grab_focus(self) != 0 }
}

/// A GTK widget of a known class, wrapped so its own calls need no casts
/// (`Label`, `Button`, `MenuButton`, `Scale`, `Revealer`). UIFile hands
/// them out by id with the class checked.
protocol TypedWidget {
    var widget: UnsafeMutablePointer<GtkWidget> { get }
}

extension TypedWidget {
    var isShown: Bool {
        get { widget.isShown }
        nonmutating set { widget.isShown = newValue }
    }

    var isSensitive: Bool {
        get { widget.isSensitive }
        nonmutating set { widget.isSensitive = newValue }
    }

    @discardableResult
    func grabFocus() -> Bool { widget.grabFocus() }
}
