import CGLib
import CGtk
import GLibKit

/// A toast's button: its label and the action it fires with a string
/// target ("Play" → win.feed-play with the file's URI).
struct ToastButton {
    let label: String
    let action: String
    let target: String

    /// Shows `text` in `overlay` for five seconds, with `button` if any.
    /// `extra`: a second button, beside the words (a libadwaita 1.2 toast
    /// has one button of its own; the words become a custom title to make
    /// room for another), which dismisses the toast like its own does.
    @discardableResult
    static func show(_ text: String, button: ToastButton? = nil, extra: ToastButton? = nil,
                     in overlay: OpaquePointer) -> OpaquePointer {
        let toast = adw_toast_new(text)!
        adw_toast_set_timeout(toast, 5)
        if let button {
            adw_toast_set_button_label(toast, button.label)
            adw_toast_set_action_name(toast, button.action)
            adw_toast_set_action_target_value(toast, g_variant_new_string(button.target))
        }
        if let extra {
            let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
            let label = gtk_label_new(text)!
            // The words on one line while the toast has room (a wrapping
            // label asks for its narrowest width otherwise), at the start,
            // the buttons together at the end.
            gtk_label_set_wrap(cast(label), 1)
            gtk_label_set_natural_wrap_mode(cast(label), GTK_NATURAL_WRAP_NONE)
            gtk_label_set_xalign(cast(label), 0)
            gtk_widget_set_hexpand(label, 1)
            gtk_box_append(cast(box), label)
            let second = gtk_button_new_with_mnemonic(extra.label)!
            gtk_widget_set_valign(second, GTK_ALIGN_CENTER)
            gtk_actionable_set_action_name(OpaquePointer(second), extra.action)
            gtk_actionable_set_action_target_value(OpaquePointer(second), g_variant_new_string(extra.target))
            // The button lives in the toast: it cannot outlive it.
            Signals.connect(second, "clicked") { adw_toast_dismiss(toast) }
            gtk_box_append(cast(box), second)
            adw_toast_set_custom_title(toast, box)
        }
        UnnamedButtons.add(toast, to: overlay)
        return toast
    }
}
