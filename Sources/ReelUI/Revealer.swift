import CGtk
import GLibKit

/// A GtkRevealer: a child that slides or fades in and out.
struct Revealer: TypedWidget {
    let widget: UnsafeMutablePointer<GtkWidget>

    var reveals: Bool {
        get { gtk_revealer_get_reveal_child(cast(widget)) != 0 }
        nonmutating set { gtk_revealer_set_reveal_child(cast(widget), newValue ? 1 : 0) }
    }
}
