import CGLib
import CGtk
import GLibKit

/// The Open Video dialog. GtkFileChooserNative goes through the file chooser
/// portal inside a Flatpak, so the sandbox needs no home access.
final class VideoFileChooser {
    private let chooser: ObjectRef

    /// `completion` gets the chosen files' URIs, or nothing on cancel.
    /// `title` and `accept` name what the files are for (by default: open).
    init(parent: UnsafeMutablePointer<GtkWindow>?, title: String = tr("Open Video"), accept: String = tr("_Open"),
         completion: @escaping ([String]) -> Void) {
        chooser = ObjectRef(owning: UnsafeMutableRawPointer(gtk_file_chooser_native_new(title, parent, GTK_FILE_CHOOSER_ACTION_OPEN,
                                                                accept, tr("_Cancel"))!))
        let fileChooser = OpaquePointer(chooser.object)
        gtk_file_chooser_set_select_multiple(fileChooser, 1)
        gtk_file_chooser_add_filter(fileChooser, VideoFileChooser.filter(tr("Videos"), mimeType: "video/*"))
        gtk_file_chooser_add_filter(fileChooser, VideoFileChooser.filter(tr("All Files"), pattern: "*"))

        chooser.connect(.dialogResponse) { [unowned self] response in
            let accepted = response == GTK_RESPONSE_ACCEPT.rawValue
            completion(accepted ? self.chosenURIs() : [])
        }
    }

    func show() { gtk_native_dialog_show(chooser.cast()) }

    private func chosenURIs() -> [String] {
        guard let files = gtk_file_chooser_get_files(OpaquePointer(chooser.object)) else { return [] }
        defer { g_object_unref(UnsafeMutableRawPointer(files)) }
        return (0..<g_list_model_get_n_items(files)).compactMap { index in
            guard let file = g_list_model_get_item(files, index) else { return nil }
            defer { g_object_unref(file) }
            return String(consumingGString: g_file_get_uri(OpaquePointer(file)))
        }
    }

    private static func filter(_ name: String, mimeType: String? = nil, pattern: String? = nil) -> OpaquePointer {
        let filter = gtk_file_filter_new()!
        gtk_file_filter_set_name(filter, name)
        if let mimeType { gtk_file_filter_add_mime_type(filter, mimeType) }
        if let pattern { gtk_file_filter_add_pattern(filter, pattern) }
        return filter
    }
}
