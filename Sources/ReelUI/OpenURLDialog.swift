import CGLib
import CGtk
import GLibKit
import ReelCore
import ReelServices

/// Asks for a video address. Open stays disabled, with the reason shown under
/// the entry, until the address is one Reel accepts (http, https, file).
enum OpenURLDialog {
    /// Asks for a video address (Open URL).
    static func present(over parent: UnsafeMutablePointer<GtkWindow>, open: @escaping (MediaLocator) -> Void) {
        present(over: parent, heading: tr("Open URL"), body: tr("Enter the address of a video file or stream."),
                placeholder: "https://example.com/video.mp4", entryName: tr("Video address"), open: open)
    }

    /// Asks for an address with another heading (Add Catalog).
    static func present(over parent: UnsafeMutablePointer<GtkWindow>, heading: String, body: String,
                        placeholder: String, entryName: String, open: @escaping (MediaLocator) -> Void) {
        let dialog = adw_message_dialog_new(parent, heading, body)!
        let messageDialog: UnsafeMutablePointer<AdwMessageDialog> = cast(dialog)
        // A title names the window for window lists and screen readers.
        gtk_window_set_title(cast(dialog), heading)
        adw_message_dialog_add_response(messageDialog, "cancel", tr("_Cancel"))
        adw_message_dialog_add_response(messageDialog, "open", tr("_Open"))
        adw_message_dialog_set_response_appearance(messageDialog, "open", ADW_RESPONSE_SUGGESTED)
        adw_message_dialog_set_default_response(messageDialog, "open")
        adw_message_dialog_set_close_response(messageDialog, "cancel")
        adw_message_dialog_set_response_enabled(messageDialog, "open", 0)

        let entry = gtk_entry_new()!
        gtk_entry_set_placeholder_text(cast(entry), placeholder)
        gtk_entry_set_activates_default(cast(entry), 1)
        gtk_entry_set_input_purpose(cast(entry), GTK_INPUT_PURPOSE_URL)
        AccessibleLabel.set(entry, entryName)
        let problem = gtk_label_new(nil)!
        gtk_widget_add_css_class(problem, "error")
        gtk_widget_add_css_class(problem, "caption")
        gtk_label_set_wrap(cast(problem), 1)
        gtk_label_set_xalign(cast(problem), 0)
        problem.isShown = false
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        gtk_box_append(cast(box), entry)
        gtk_box_append(cast(box), problem)
        adw_message_dialog_set_extra_child(messageDialog, box)

        var accepted: MediaLocator?
        Signals.connect(entry, "changed") {
            let text = String(cString: gtk_editable_get_text(OpaquePointer(entry)))
            switch MediaLocator.parse(text) {
            case .success(let locator):
                accepted = locator
                problem.isShown = false
            case .failure(let rejection):
                accepted = nil
                // An empty field is not a mistake yet.
                gtk_label_set_text(cast(problem), CoreText.describe(rejection))
                problem.isShown = rejection != .empty
            }
            adw_message_dialog_set_response_enabled(messageDialog, "open", accepted == nil ? 0 : 1)
        }
        Signals.connect(dialog, .messageResponse) { response in
            if response == "open", let accepted { open(accepted) }
        }
        UnnamedButtons.name(in: dialog)
        gtk_window_present(cast(dialog))
        gtk_widget_grab_focus(entry)
    }
}
