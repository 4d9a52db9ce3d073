import CGtk
import GLibKit

/// A GtkScale (a seek bar, a volume bar): its value within its range.
struct Scale: TypedWidget {
    let widget: UnsafeMutablePointer<GtkWidget>

    var value: Double {
        get { gtk_range_get_value(cast(widget)) }
        nonmutating set { gtk_range_set_value(cast(widget), newValue) }
    }

    /// The values it spans.
    func setRange(_ lower: Double, _ upper: Double) {
        let adjustment = gtk_range_get_adjustment(cast(widget))
        gtk_adjustment_set_lower(adjustment, lower)
        gtk_adjustment_set_upper(adjustment, upper)
    }

    func setUpper(_ upper: Double) {
        gtk_adjustment_set_upper(gtk_range_get_adjustment(cast(widget)), upper)
    }

    /// A tick under the bar (a chapter's start, the 100 % of a volume bar).
    func addMark(at value: Double) {
        gtk_scale_add_mark(cast(widget), value, GTK_POS_BOTTOM, nil)
    }
}
