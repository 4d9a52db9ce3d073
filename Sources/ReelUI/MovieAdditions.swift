import CGLib
import CGtk
import GLibKit
import ReelCore

/// What the movie page's Add menu adds (`movie.add-title`, `add-text`,
/// `add-picture`): a title card after the chosen clip, a caption over the
/// chosen clip where the preview is, a picture over the whole movie. Each
/// is one editor step; a new title card becomes the chosen clip, so its
/// length and words are the ones at hand.
final class MovieAdditions {
    /// Makes an edit; the clip it answers becomes the chosen one.
    typealias Change = (_ body: (inout MovieEditor) -> MovieClip.ID?) -> Void

    private let edit: () -> MovieEdit
    private let chosen: () -> MovieClip.ID?
    /// The preview's position on the movie's timeline.
    private let position: () -> Int64
    private let window: () -> UnsafeMutablePointer<GtkWindow>?
    private let change: Change
    private var pictureChooser: ObjectRef?

    init(edit: @escaping () -> MovieEdit, chosen: @escaping () -> MovieClip.ID?, position: @escaping () -> Int64,
         window: @escaping () -> UnsafeMutablePointer<GtkWindow>?, change: @escaping Change) {
        self.edit = edit
        self.chosen = chosen
        self.position = position
        self.window = window
        self.change = change
    }

    /// Which of its actions can act now.
    func enabled(chosenIndex: Int?, hasClips: Bool) -> [MovieAction: Bool] {
        [.addTitle: true, .addText: chosenIndex != nil, .addPicture: hasClips]
    }

    func perform(_ action: MovieAction) {
        switch action {
        case .addTitle: addTitle()
        case .addText: addText()
        case .addPicture: choosePicture()
        default: break
        }
    }

    private var chosenIndex: Int? { chosen().flatMap { edit().index(of: $0) } }

    private func addTitle() {
        // After the chosen clip; at the start of an empty movie.
        let index = chosenIndex.map { $0 + 1 } ?? edit().clips.count
        let text = tr("Title")
        change { editor in
            editor.addTitle(text, at: index)
            return editor.edit.clips.indices.contains(index) ? editor.edit.clips[index].id : nil
        }
    }

    private func addText() {
        guard let index = chosenIndex else { return }
        let placement = edit().plan.placements[index]
        // Where the preview is within the clip; from the clip's start when
        // the preview is elsewhere, and never so late that the caption
        // would be shorter than the shortest span.
        let latest = max(placement.duration - MovieOverlay.shortest, 0)
        let offset = min(max(position() - placement.start, 0), latest)
        let caption = MovieOverlay.caption(tr("Text"), over: placement.clip.id, offset: offset)
        change { editor in
            editor.addOverlay(caption)
            return nil
        }
    }

    private func choosePicture() {
        let chooser = gtk_file_chooser_native_new(tr("Add Picture"), window(), GTK_FILE_CHOOSER_ACTION_OPEN, tr("_Add"), tr("_Cancel"))!
        let reference = ObjectRef(owning: UnsafeMutableRawPointer(chooser))
        pictureChooser = reference
        let filter = gtk_file_filter_new()!
        // PNG and SVG: the pictures with alpha the media layer draws.
        gtk_file_filter_set_name(filter, tr("PNG and SVG Pictures"))
        gtk_file_filter_add_mime_type(filter, "image/png")
        gtk_file_filter_add_mime_type(filter, "image/svg+xml")
        gtk_file_chooser_add_filter(chooser, filter)
        reference.connect(.dialogResponse) { [weak self] response in
            guard let self else { return }
            defer { self.pictureChooser = nil }
            guard response == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(chooser) else { return }
            defer { g_object_unref(UnsafeMutableRawPointer(file)) }
            guard let uri = String(consumingGString: g_file_get_uri(file)),
                  let path = String(consumingGString: g_file_get_path(file)) else { return }
            // Its shape, read from the file's header without decoding it.
            var width: gint = 0, height: gint = 0
            guard gdk_pixbuf_get_file_info(path, &width, &height) != nil else { return }
            let picture = MovieOverlay.watermark(MoviePicture(uri: uri, width: Int(width), height: Int(height)))
            self.change { editor in
                editor.addOverlay(picture)
                return nil
            }
        }
        gtk_native_dialog_show(reference.cast())
    }
}
