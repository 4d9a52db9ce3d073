import CGLib
import CGtk
import Foundation
import GLibKit
import ReelCore

/// The Add Subtitle File dialog, opening in the video's folder. Native, so
/// that a Flatpak goes through the file chooser portal.
final class SubtitleFileChooser {
    private let chooser: ObjectRef

    /// `completion` gets the chosen file's URI, or nil on cancel.
    init(parent: UnsafeMutablePointer<GtkWindow>, folder: URL?, completion: @escaping (String?) -> Void) {
        chooser = ObjectRef(owning: UnsafeMutableRawPointer(gtk_file_chooser_native_new(
            tr("Add Subtitle File"), parent, GTK_FILE_CHOOSER_ACTION_OPEN, tr("_Add"), tr("_Cancel"))!))
        let fileChooser = OpaquePointer(chooser.object)
        if let folder, let file = g_file_new_for_path(folder.path) {
            _ = gtk_file_chooser_set_current_folder(fileChooser, file, nil)
            g_object_unref(UnsafeMutableRawPointer(file))
        }
        let subtitles = gtk_file_filter_new()!
        gtk_file_filter_set_name(subtitles, tr("Subtitles"))
        for ext in SubtitleFiles.extensions.sorted() { gtk_file_filter_add_suffix(subtitles, ext) }
        gtk_file_chooser_add_filter(fileChooser, subtitles)
        chooser.connect(.dialogResponse) { [unowned self] response in
            guard response == GTK_RESPONSE_ACCEPT.rawValue,
                  let file = gtk_file_chooser_get_file(OpaquePointer(self.chooser.object)) else { return completion(nil) }
            defer { g_object_unref(UnsafeMutableRawPointer(file)) }
            completion(String(consumingGString: g_file_get_uri(file)))
        }
    }

    func show() { gtk_native_dialog_show(chooser.cast()) }
}
