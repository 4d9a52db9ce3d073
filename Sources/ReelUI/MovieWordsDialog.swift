import CGLib
import Foundation
import CGtk
import GLibKit
import ReelCore

/// Asks for the words of a title card or a caption: a dialog with one
/// field, Add as its default (Enter adds), Cancel to leave the movie as
/// it was. Empty words add nothing.
enum MovieWordsDialog {
    static func present(over parent: UnsafeMutablePointer<GtkWindow>?, heading: String, initial: String,
                        answer: @escaping (String) -> Void) {
        let dialog = adw_message_dialog_new(parent, heading, nil)!
        let messageDialog: UnsafeMutablePointer<AdwMessageDialog> = cast(dialog)
        gtk_window_set_title(cast(dialog), heading)
        let entry = gtk_entry_new()!
        gtk_editable_set_text(cast(entry), initial)
        gtk_entry_set_activates_default(cast(entry), 1)
        AccessibleLabel.set(entry, tr("Words"))
        adw_message_dialog_set_extra_child(messageDialog, entry)
        adw_message_dialog_add_response(messageDialog, "cancel", tr("_Cancel"))
        adw_message_dialog_add_response(messageDialog, "add", tr("_Add"))
        adw_message_dialog_set_response_appearance(messageDialog, "add", ADW_RESPONSE_SUGGESTED)
        adw_message_dialog_set_default_response(messageDialog, "add")
        adw_message_dialog_set_close_response(messageDialog, "cancel")
        Signals.connect(dialog, .messageResponse) { response in
            let words = String(cString: gtk_editable_get_text(cast(entry)))
            guard response == "add", !words.trimmingCharacters(in: .whitespaces).isEmpty else { return }
            answer(words)
        }
        UnnamedButtons.name(in: dialog)
        gtk_window_present(cast(dialog))
        _ = gtk_widget_grab_focus(entry)
    }
}
