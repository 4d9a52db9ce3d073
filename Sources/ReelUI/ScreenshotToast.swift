import CGLib
import CGtk
import Foundation
import GLibKit
import ReelCore
import ReelServices

/// What the player says after Ctrl+Alt+S: where the picture went, with
/// Show in Files (the toast's own button) and Copy (an image on the
/// clipboard, for pasting into a chat or a document) beside the words;
/// or why it could not be saved.
enum ScreenshotToast {
    static func make(_ result: Result<String, GLibError>, settings: Settings?) -> OpaquePointer {
        switch result {
        case .failure(let error):
            let toast = adw_toast_new(CoreText.translate(CaptureProblem.cannotWrite("").message, detail: error.message))!
            adw_toast_set_timeout(toast, 5)
            return toast
        case .success(let path):
            let text = ChosenFolders.savedText(.screenshot, settings)
            let toast = adw_toast_new(text)!
            adw_toast_set_timeout(toast, 5)
            adw_toast_set_button_label(toast, tr("Show in _Files"))
            adw_toast_set_action_name(toast, WindowAction.feedShowInFiles.detailedName)
            adw_toast_set_action_target_value(toast, g_variant_new_string(URL(fileURLWithPath: path).absoluteString))
            adw_toast_set_custom_title(toast, title(text, copying: path))
            return toast
        }
    }

    /// The words and a Copy button, as the toast's title.
    private static func title(_ text: String, copying path: String) -> UnsafeMutablePointer<GtkWidget> {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        let label = gtk_label_new(text)!
        // The words take the room, so Copy sits beside Show in Files.
        gtk_widget_set_hexpand(label, 1)
        gtk_label_set_xalign(cast(label), 0)
        gtk_widget_add_css_class(label, "heading")
        gtk_box_append(cast(box), label)
        let copy = gtk_button_new_with_mnemonic(tr("_Copy"))!
        gtk_widget_set_valign(copy, GTK_ALIGN_CENTER)
        gtk_widget_set_tooltip_text(copy, tr("Copy the Screenshot"))
        Signals.connect(UnsafeMutableRawPointer(copy), "clicked") { [copy] in
            var error: UnsafeMutablePointer<GError>?
            guard let texture = gdk_texture_new_from_filename(path, &error) else {
                if let error { g_error_free(error) }
                return
            }
            gdk_clipboard_set_texture(gtk_widget_get_clipboard(copy), texture)
            g_object_unref(UnsafeMutableRawPointer(texture))
            gtk_button_set_label(cast(copy), tr("Copied"))
            // Named "Copy" by the toast overlay (UnnamedButtons): it says what happened now.
            AccessibleLabel.set(copy, tr("Copied"))
            gtk_widget_set_sensitive(copy, 0)
        }
        gtk_box_append(cast(box), copy)
        return box
    }
}
