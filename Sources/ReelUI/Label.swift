import CGtk
import GLibKit

/// A GtkLabel.
struct Label: TypedWidget {
    let widget: UnsafeMutablePointer<GtkWidget>

    var text: String {
        get { String(cString: gtk_label_get_text(cast(widget))) }
        nonmutating set { gtk_label_set_text(cast(widget), newValue) }
    }
}
