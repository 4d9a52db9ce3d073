import CGLib
import CGtk
import Foundation
import GLibKit
import ReelCore

/// An Open dialog: Open Video, the movie page's Add choosers, Choose
/// Music, Add Subtitle File. GtkFileChooserNative goes through the file
/// chooser portal inside a Flatpak, so the sandbox needs no home access.
final class FileChooser {
    /// A kind of file the dialog lists: its name and the MIME types, file
    /// name suffixes (any case) or patterns it takes.
    struct Kind {
        let name: String
        var mimeTypes: [String] = []
        var suffixes: [String] = []
        var patterns: [String] = []

        static var videos: Kind { Kind(name: tr("Videos"), mimeTypes: ["video/*"]) }
        /// Open Video takes playlists too (M3U, PLS, XSPF: their queue).
        static var videosAndPlaylists: Kind {
            Kind(name: tr("Videos and Playlists"), mimeTypes: ["video/*"] + Playlist.mimeTypes,
                 suffixes: Playlist.Format.allCases.flatMap(\.suffixes))
        }
        /// The movie maker takes photos as clips.
        static var videosAndPhotos: Kind { Kind(name: tr("Videos and Photos"), mimeTypes: ["video/*", "image/jpeg", "image/png"]) }
        /// The pictures with alpha the movie's overlays draw.
        static var pictures: Kind { Kind(name: tr("PNG and SVG Pictures"), mimeTypes: ["image/png", "image/svg+xml"]) }
        static var music: Kind { Kind(name: tr("Music"), mimeTypes: ["audio/*"]) }
        static var subtitles: Kind { Kind(name: tr("Subtitles"), suffixes: SubtitleFiles.extensions.sorted()) }
        static var allFiles: Kind { Kind(name: tr("All Files"), patterns: ["*"]) }
    }

    private let chooser: ObjectRef

    /// `completion` gets the chosen files' URIs, or nothing on cancel.
    /// `title` and `accept` name what the files are for; `multiple`: more
    /// than one may be chosen; `folder`: the folder (a URI) it opens in,
    /// rather than on Recent files (where a typed path is not taken).
    /// `saving`: a file to write, this name suggested (its chosen URI
    /// comes back; the dialog asks before replacing a file).
    init(parent: UnsafeMutablePointer<GtkWindow>?, title: String, accept: String, kinds: [Kind], multiple: Bool = false,
         folder: String? = nil, saving name: String? = nil, completion: @escaping ([String]) -> Void) {
        let action = name == nil ? GTK_FILE_CHOOSER_ACTION_OPEN : GTK_FILE_CHOOSER_ACTION_SAVE
        chooser = ObjectRef(owning: UnsafeMutableRawPointer(gtk_file_chooser_native_new(title, parent, action,
                                                                                         accept, tr("_Cancel"))!))
        let fileChooser = OpaquePointer(chooser.object)
        if let name { gtk_file_chooser_set_current_name(fileChooser, name) }
        gtk_file_chooser_set_select_multiple(fileChooser, multiple ? 1 : 0)
        if let folder, let file = g_file_new_for_uri(folder) {
            _ = gtk_file_chooser_set_current_folder(fileChooser, file, nil)
            g_object_unref(UnsafeMutableRawPointer(file))
        }
        for kind in kinds {
            let filter = gtk_file_filter_new()!
            gtk_file_filter_set_name(filter, kind.name)
            for mimeType in kind.mimeTypes { gtk_file_filter_add_mime_type(filter, mimeType) }
            for suffix in kind.suffixes { gtk_file_filter_add_suffix(filter, suffix) }
            for pattern in kind.patterns { gtk_file_filter_add_pattern(filter, pattern) }
            gtk_file_chooser_add_filter(fileChooser, filter)
        }
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
}
