import CGLib
import CGtk
import GLibKit
import ReelCore

/// Shown when the last start never finished loading the feed (it hung or
/// crashed): names the remembered catalogs, which are not loaded until the
/// user keeps them; removing them breaks the loop.
enum UnfinishedStartDialog {
    static func present(over parent: UnsafeMutablePointer<GtkWindow>, catalogs: [String],
                        answer: @escaping (_ keep: Bool) -> Void) {
        let heading = tr("Reel Did Not Finish Starting Last Time")
        // The whole address or path: enough to tell the catalog by.
        let names = catalogs.map { "• " + DisplayText.isolated((try? MediaLocator.parse($0).get())?.path ?? $0) }
        let body = ntr("It stopped while loading the feed. This catalog may be the cause; it is not loaded until you keep it:",
                       "It stopped while loading the feed. These catalogs may be the cause; they are not loaded until you keep them:",
                       catalogs.count) + "\n\n" + names.joined(separator: "\n")
        let dialog = adw_message_dialog_new(parent, heading, body)!
        let messageDialog: UnsafeMutablePointer<AdwMessageDialog> = cast(dialog)
        gtk_window_set_title(cast(dialog), heading)
        adw_message_dialog_add_response(messageDialog, "keep", ntr("_Keep It", "_Keep Them", catalogs.count))
        adw_message_dialog_add_response(messageDialog, "remove", ntr("_Remove It", "_Remove Them", catalogs.count))
        adw_message_dialog_set_response_appearance(messageDialog, "remove", ADW_RESPONSE_DESTRUCTIVE)
        // Closing the dialog decides nothing that cannot be undone: keep.
        adw_message_dialog_set_close_response(messageDialog, "keep")
        adw_message_dialog_set_default_response(messageDialog, "remove")
        Signals.connect(dialog, .messageResponse) { response in answer(response != "remove") }
        UnnamedButtons.name(in: dialog)
        gtk_window_present(cast(dialog))
    }
}
