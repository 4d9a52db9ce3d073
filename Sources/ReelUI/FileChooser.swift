import CGLib
import CGtk
import GLibKit

/// The Open Video dialog. GtkFileChooserNative goes through the file chooser
/// portal inside a Flatpak, so the sandbox needs no home access.
final class VideoFileChooser {
    private let chooser: ObjectRef

    /// `completion` gets the chosen files' URIs, or nothing on cancel.
    /// `title` and `accept` name what the files are for (by default: open);
    /// `photos`: JPEG and PNG photos are offered with the videos (the
    /// movie maker takes them as clips); `folder`: the folder (a URI) it
    /// opens in.
    init(parent: UnsafeMutablePointer<GtkWindow>?, title: String = tr("Open Video"), accept: String = tr("_Open"),
         photos: Bool = false, folder: String? = nil, completion: @escaping ([String]) -> Void) {
        chooser = ObjectRef(owning: UnsafeMutableRawPointer(gtk_file_chooser_native_new(title, parent, GTK_FILE_CHOOSER_ACTION_OPEN,
                                                                accept, tr("_Cancel"))!))
        let fileChooser = OpaquePointer(chooser.object)
        gtk_file_chooser_set_select_multiple(fileChooser, 1)
        if let folder { VideoFileChooser.open(fileChooser, in: folder) }
        gtk_file_chooser_add_filter(fileChooser, photos
            ? VideoFileChooser.filter(tr("Videos and Photos"), mimeTypes: ["video/*", "image/jpeg", "image/png"])
            : VideoFileChooser.filter(tr("Videos"), mimeTypes: ["video/*"]))
        gtk_file_chooser_add_filter(fileChooser, VideoFileChooser.filter(tr("All Files"), mimeTypes: [], pattern: "*"))

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

    /// Opens `chooser` in the folder `uri` (rather than on Recent files).
    static func open(_ chooser: OpaquePointer, in uri: String) {
        guard let folder = g_file_new_for_uri(uri) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(folder)) }
        _ = gtk_file_chooser_set_current_folder(chooser, folder, nil)
    }

    private static func filter(_ name: String, mimeTypes: [String], pattern: String? = nil) -> OpaquePointer {
        let filter = gtk_file_filter_new()!
        gtk_file_filter_set_name(filter, name)
        for mimeType in mimeTypes { gtk_file_filter_add_mime_type(filter, mimeType) }
        if let pattern { gtk_file_filter_add_pattern(filter, pattern) }
        return filter
    }
}
