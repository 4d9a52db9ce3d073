import CGLib
import CGtk
import Foundation
import ReelCore
import ReelMedia

/// What the movie page takes from outside it: the main window's answers,
/// and files dropped on it.
extension MoviePage {
    /// What the page asks of the main window (answers, so not events).
    struct Lookups {
        /// The path of a clip's thumbnail, when the cache has one.
        var thumbnail: (String) -> String? = { _ in nil }
        /// A clip's title in the feed ("Tram 28"), when it has one.
        var title: (String) -> String? = { _ in nil }
        /// The parent of the file choosers.
        var window: () -> UnsafeMutablePointer<GtkWindow>? = { nil }
        /// Where movies are saved (Preferences › Saving), asked at each export.
        var saveFolders: () -> SaveFolders = { CaptureFile.folders() }
    }

    /// Files dropped on the page: sound sets the music, videos are added.
    func acceptDrops() {
        DropTarget.attach(to: widget) { [weak self] addresses in self?.dropFiles(addresses) }
    }

    private func dropFiles(_ addresses: [String]) {
        let typed = addresses.map { uri -> (uri: String, contentType: String) in
            let guessed = g_content_type_guess(MovieClip.name(ofURI: uri), nil, 0, nil)
            let mime = guessed.flatMap { type -> String? in
                defer { g_free(type) }
                return String(consumingGString: g_content_type_get_mime_type(type))
            }
            return (uri, mime ?? "")
        }
        let sorted = MovieDrop.sort(typed)
        add(sorted.clips)
        if let music = sorted.music { setMusic(music) }
    }
}
