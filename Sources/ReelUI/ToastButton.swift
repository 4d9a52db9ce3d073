import CGLib
import CGtk

/// A toast's button: its label and the action it fires with a string
/// target ("Play" → win.feed-play with the file's URI).
struct ToastButton {
    let label: String
    let action: String
    let target: String

    /// Shows `text` in `overlay` for five seconds, with `button` if any.
    static func show(_ text: String, button: ToastButton? = nil, in overlay: OpaquePointer) {
        let toast = adw_toast_new(text)!
        adw_toast_set_timeout(toast, 5)
        if let button {
            adw_toast_set_button_label(toast, button.label)
            adw_toast_set_action_name(toast, button.action)
            adw_toast_set_action_target_value(toast, g_variant_new_string(button.target))
        }
        adw_toast_overlay_add_toast(overlay, toast)
        UnnamedButtons.nameToasts(in: overlay)
    }
}
