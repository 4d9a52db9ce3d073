import CGLib
import CGtk
import GLibKit
import ReelCore
import ReelMedia

/// What the movie page's Add menu adds (`movie.add-title`, `add-text`,
/// `add-picture`, `add-video-over`): a title card after the chosen clip, a
/// caption over the chosen clip where the preview is, a picture over the
/// whole movie, a second video in a corner of the chosen clip. Each is one
/// editor step; a new title card becomes the chosen clip, so its length
/// and words are the ones at hand. A file that cannot be used is said
/// (`onProblem`) and nothing changes.
final class MovieAdditions {
    /// Makes an edit; the clip it answers becomes the chosen one.
    typealias Change = (_ body: (inout MovieEditor) -> MovieClip.ID?) -> Void

    private let edit: () -> MovieEdit
    private let chosen: () -> MovieClip.ID?
    /// The preview's position on the movie's timeline.
    private let position: () -> Int64
    private let window: () -> UnsafeMutablePointer<GtkWindow>?
    private let change: Change
    /// The open dialog, held while it shows.
    private var chooser: FileChooser?
    var onProblem: ((MovieProblem) -> Void)?

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
        [.addTitle: true, .addText: chosenIndex != nil, .addPicture: hasClips, .addVideoOver: chosenIndex != nil]
    }

    func perform(_ action: MovieAction) {
        switch action {
        case .addTitle: addTitle()
        case .addText: addText()
        case .addPicture: choosePicture()
        case .addVideoOver: chooseVideo()
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
        add(MovieOverlay.caption(tr("Text"), over: placement.clip.id, offset: offset))
    }

    /// Where the chosen clip's file is: the choosers open there.
    private var chosenFolder: String? { chosenIndex.flatMap { MovieClip.folder(ofURI: edit().clips[$0].uri) } }

    /// A picture over the whole movie.
    private func choosePicture() {
        chooser = FileChooser(parent: window(), title: tr("Add Picture"), accept: tr("_Add"), kinds: [.pictures],
                              folder: chosenFolder) { [weak self] uris in
            guard let uri = uris.first else { return }
            let done = MainThreadHandler { [weak self] (result: Result<MoviePicture, MovieProblem>) in
                switch result {
                case .success(let picture): self?.add(MovieOverlay.watermark(picture))
                case .failure(let problem): self?.onProblem?(problem)
                }
            }
            MovieSource.readPicture(uri) { result in done.call(result) }
        }
        chooser?.show()
    }

    /// A second video in a corner of the chosen clip, from its start.
    private func chooseVideo() {
        guard let index = chosenIndex else { return }
        let clip = edit().clips[index].id
        chooser = FileChooser(parent: window(), title: tr("Add Video Over the Clip"), accept: tr("_Add"),
                              kinds: [.videos, .allFiles], folder: chosenFolder) { [weak self] uris in
            guard let uri = uris.first else { return }
            let done = MainThreadHandler { [weak self] (result: Result<OverlayVideo, MovieProblem>) in
                switch result {
                case .success(let video): self?.add(MovieOverlay.pictureInPicture(video, over: clip))
                case .failure(let problem): self?.onProblem?(problem)
                }
            }
            MovieSource.readOverlayVideo(uri) { result in done.call(result) }
        }
        chooser?.show()
    }

    private func add(_ overlay: MovieOverlay) {
        change { editor in
            editor.addOverlay(overlay)
            return nil
        }
    }
}
