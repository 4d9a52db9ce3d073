import CGLib
import CGtk
import Foundation
import GLibKit
import ReelCore
import ReelMedia

/// The movie maker (data/ui/movie-page.ui): the clips as a filmstrip,
/// reordered, removed and trimmed with the keyboard (ShortcutTable's movie
/// sections) or the controls; a preview through Reel's own video view; the
/// music and the export. Every edit goes through `MovieEditor` (undo, redo)
/// and is saved at once (`MovieStore`), so nothing is lost to a crash.
final class MoviePage {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let layout = UIFile("movie-page.ui")
    private let store = MovieStore(folder: MoviePage.folder)
    private var editor = MovieEditor()
    private(set) var document = MovieDocument(edit: MovieEdit())
    /// The clip the trim controls and keys act on.
    private var chosenClip: MovieClip.ID?
    private var handle: MovieTrimHandle = .start
    private var preview: MoviePreviewPane!
    private let exportBar: MovieExportBar
    private let settings: MovieSettingsPanel
    private let timeline: MovieTimelineView
    /// Names of the edit's files that are gone.
    private var missing: [String] = []
    private var actions: MoviePageActions!
    private var additions: MovieAdditions!
    private let overlayPanel: MovieOverlayPanel
    private var videoChooser: FileChooser?
    /// Files being read to be added: the page shows "No Clips" only when
    /// none is on its way.
    private var reading = 0

    private let windowTitle: OpaquePointer
    /// The editor ("edit"), or "empty": how to add clips.
    private let body: OpaquePointer
    private let problem: UnsafeMutablePointer<GtkWidget>
    private let problemLabel: UnsafeMutablePointer<GtkWidget>
    private let trim: MovieTrimControls
    private let exportButton: UnsafeMutablePointer<GtkWidget>

    /// What the page tells the main window.
    enum Event {
        /// Back to the feed.
        case close
        case toast(String, button: ToastButton?)
    }

    var onEvent: ((Event) -> Void)?

    var lookups = Lookups()

    /// What a clip is called on the page: its feed title, or its file name
    /// (a title card has no file: the empty URI).
    private func displayName(_ uri: String) -> String {
        uri.isEmpty ? tr("Title Card") : lookups.title(uri) ?? MovieClip.name(ofURI: uri)
    }

    private func toast(_ text: String, button: ToastButton? = nil) {
        onEvent?(.toast(text, button: button))
    }

    private func toast(_ problem: MovieProblem) {
        toast(CoreText.translate(problem.message, detail: problem.detail))
    }

    /// Where edits are kept (the app's data folder).
    static var folder: String { UserDirectories.data + "/\(AppInfo.binary)/movies" }

    init() {
        widget = layout.widget("page", gtk_box_get_type())
        windowTitle = OpaquePointer(layout.widget("title", adw_window_title_get_type()))
        body = OpaquePointer(layout.widget("body", gtk_stack_get_type()))
        timeline = MovieTimelineView(scroller: layout.widget("strip-scroller", gtk_scrolled_window_get_type()),
                                     fixed: layout.widget("timeline", gtk_fixed_get_type()))
        problem = layout.widget("problem", gtk_revealer_get_type())
        problemLabel = layout.widget("problem-label", gtk_label_get_type())
        trim = MovieTrimControls(keys: layout.widget("clip-keys", gtk_label_get_type()),
                                 start: layout.widget("trim-start", gtk_spin_button_get_type()),
                                 end: layout.widget("trim-end", gtk_spin_button_get_type()))
        settings = MovieSettingsPanel(MovieSettingsPanel.Widgets(
            musicName: layout.widget("music-name", gtk_label_get_type()),
            musicChoose: layout.widget("music-choose", gtk_button_get_type()),
            musicRemove: layout.widget("music-remove", gtk_button_get_type()),
            musicVolume: layout.widget("music-volume", gtk_scale_get_type()),
            musicFadeIn: layout.widget("music-fade-in", gtk_spin_button_get_type()),
            musicFadeOut: layout.widget("music-fade-out", gtk_spin_button_get_type()),
            musicLoop: layout.widget("music-loop", gtk_switch_get_type()),
            clipSound: layout.widget("clip-sound", gtk_drop_down_get_type()),
            crossfade: layout.widget("crossfade", gtk_switch_get_type()),
            format: layout.widget("format", gtk_drop_down_get_type()),
            shape: layout.widget("shape", gtk_drop_down_get_type()),
            size: layout.widget("size", gtk_drop_down_get_type()),
            sizeLimit: layout.widget("size-limit", gtk_drop_down_get_type()),
            sizeLimitLabel: layout.widget("size-limit-label", gtk_label_get_type()),
            gifRate: layout.widget("gif-rate", gtk_drop_down_get_type()),
            gifRateLabel: layout.widget("gif-rate-label", gtk_label_get_type())))
        exportButton = layout.widget("export", gtk_button_get_type())
        overlayPanel = MovieOverlayPanel(in: layout.widget("settings", gtk_grid_get_type()), row: 4)
        exportBar = MovieExportBar(bar: layout.widget("export-bar", gtk_revealer_get_type()),
                                   label: layout.widget("export-label", gtk_label_get_type()),
                                   progress: layout.widget("export-progress", gtk_progress_bar_get_type()),
                                   timeLeft: layout.widget("time-left", gtk_label_get_type()),
                                   cancel: layout.widget("export-cancel", gtk_button_get_type()))
        preview = MoviePreviewPane(playButton: layout.widget("play", gtk_button_get_type()),
                                   position: layout.widget("position", gtk_scale_get_type()),
                                   timeLabel: layout.widget("time", gtk_label_get_type()),
                                   edit: { [unowned self] in self.edit },
                                   canShow: { [unowned self] in
                                       gtk_widget_get_mapped(self.widget) != 0 && !self.edit.clips.isEmpty && self.missing.isEmpty
                                   })
        gtk_box_append(cast(layout.widget("preview-slot", gtk_box_get_type())),
                       overlayPanel.draggable(preview.view) { [unowned self] in self.edit })
        for id in ["export", "export-cancel", "add-videos"] { UnnamedButtons.nameByLabel(layout.widget(id, gtk_button_get_type())) }

        preview.onProblem = { [weak self] problem in self?.toast(problem) }
        settings.window = { [weak self] in self?.lookups.window() }
        overlayPanel.onEdit = { [weak self] body in self?.change(body) }
        settings.onEvent = { [weak self] event in
            switch event {
            case .edit(let body): self?.change(body)
            case .music(let uri): self?.setMusic(uri)
            }
        }
        exportBar.onEvent = { [weak self] event in
            switch event {
            case .runningChanged: self?.updateActions()
            case .toast(let text, let button): self?.toast(text, button: button)
            }
        }
        connectTimeline()
        actions = MoviePageActions(on: widget) { [weak self] action in self?.perform(action) }
        additions = MovieAdditions(edit: { [unowned self] in self.edit }, chosen: { [unowned self] in self.chosenClip },
                                   position: { [unowned self] in self.preview.playhead }, window: { [unowned self] in self.lookups.window() },
                                   change: { [unowned self] body in self.change { if let id = body(&$0) { self.chosenClip = id } } })
        additions.onProblem = { [weak self] problem in self?.toast(problem) }
        connectControls()
        Signals.connect(widget, "map") { [weak self] in self?.watchMissing() }
        acceptDrops()
        update()
    }

    // MARK: Opening

    /// Starts a new movie from these files (read in the background).
    func start(with uris: [String], trim: (start: Int64, end: Int64)? = nil, then added: ((Int) -> Void)? = nil) {
        preview.handle(.stop)
        editor = MovieEditor()
        document = MovieDocument(edit: MovieEdit())
        chosenClip = nil
        update()
        add(uris, trim: trim, then: added)
    }

    /// Adds files at the end of the movie being edited; with `trim`, each
    /// trimmed to it (a part marked in the player). `added` gets how many
    /// clips were added.
    func add(_ uris: [String], trim: (start: Int64, end: Int64)? = nil, then added: ((Int) -> Void)? = nil) {
        guard !uris.isEmpty else { return }
        reading += 1
        let done = MainThreadHandler { [weak self] (results: [Result<MovieClip, MovieProblem>]) in
            guard let self else { return }
            self.reading -= 1
            defer { if self.edit.clips.isEmpty { self.update() } }
            var clips: [MovieClip] = []
            for result in results {
                switch result {
                case .success(var clip):
                    if let trim { clip.trim(from: trim.start, to: trim.end) }
                    clips.append(clip)
                case .failure(let problem): self.toast(problem)
                }
            }
            added?(clips.count)
            guard !clips.isEmpty else { return }
            // Focus put on Back or Add Videos while the page had no clips
            // goes to the chosen clip once there is one (Make Movie opens
            // the page before its clips are read).
            let waiting = self.edit.clips.isEmpty && ["back", "add-videos"].contains {
                gtk_widget_has_focus(self.layout.widget($0, gtk_button_get_type())) != 0
            }
            self.editor.add(clips)
            if self.chosenClip == nil { self.chosenClip = clips.first?.id }
            self.edited()
            if waiting { self.focusDefault() }
        }
        MovieSource.read(uris) { results in done.call(results) }
    }

    /// Opens a saved movie again.
    func open(_ saved: MovieDocument) {
        preview.handle(.stop)
        document = saved
        editor = MovieEditor(saved.edit)
        chosenClip = saved.edit.clips.first?.id
        update()
        preview.handle(.edited)
    }

    /// Leaving the page: the preview stops (an export goes on).
    func close() {
        preview.handle(.stop)
    }

    var isExporting: Bool { exportBar.isRunning }

    func focusDefault() {
        if edit.clips.isEmpty, reading == 0 {
            gtk_widget_grab_focus(layout.widget("add-videos", gtk_button_get_type()))
        } else if let button = timeline.clips.button(for: chosenClip) ?? timeline.firstFocusable {
            gtk_widget_grab_focus(button)
        } else {
            gtk_widget_grab_focus(layout.widget("back", gtk_button_get_type()))
        }
    }

    // MARK: Editing

    private var edit: MovieEdit { editor.edit }

    private func change(_ body: (inout MovieEditor) -> Void) {
        body(&editor)
        edited()
    }

    /// After every edit: saved, redrawn, previewed anew.
    private func edited() {
        document.edit = edit
        if edit.clips.isEmpty {
            store.remove(document.id)
        } else {
            do { try store.save(document) } catch { Log.write(.debug, domain: AppInfo.logDomain, "movie: the movie could not be saved: \(error)") }
        }
        // The chosen clip is gone (or clips came back after none): the first.
        if chosenClip.flatMap({ edit.index(of: $0) }) == nil { chosenClip = edit.clips.first?.id }
        update()
        preview.handle(.edited)
    }

    private var chosenIndex: Int? { chosenClip.flatMap { edit.index(of: $0) } }

    private func moveChosen(by offset: Int) {
        guard let id = chosenClip, let index = chosenIndex else { return }
        let target = index + offset
        guard target >= 0, target < edit.clips.count else { return }
        change { $0.move(id, to: target) }
        focusDefault()
    }

    private func removeChosen() {
        guard let id = chosenClip, let index = chosenIndex else { return }
        let next = edit.clips.indices.contains(index + 1) ? edit.clips[index + 1].id : index > 0 ? edit.clips[index - 1].id : nil
        chosenClip = next
        change { $0.remove(id) }
        focusDefault()
    }

    /// `,` `.` (a frame) and `<` `>` (a second) move the chosen handle.
    private func nudge(frames: Int64, seconds: Bool) {
        guard let index = chosenIndex else { return }
        let clip = edit.clips[index]
        let step = seconds ? frames * MovieTrimHandle.framesPerSecond(clip.frameRate) : frames
        let trimmed = handle.nudged(clip, frames: step)
        change { $0.trim(clip.id, from: trimmed.start, to: trimmed.end) }
        // The preview shows the frame under the handle.
        showFrameUnderHandle()
    }

    private func showFrameUnderHandle() {
        guard let index = chosenIndex else { return }
        let placement = edit.plan.placements[index]
        preview.handle(.showFrame(at: handle == .start ? placement.start
                                      : max(placement.end - edit.frameRate.frameDuration, placement.start)))
    }

    // MARK: Actions

    private func perform(_ action: MovieAction) {
        switch action {
        case .back: onEvent?(.close)
        case .playPause: preview.togglePlay()
        case .moveEarlier: moveChosen(by: -1)
        case .moveLater: moveChosen(by: 1)
        case .remove: removeChosen()
        case .trimStart: chooseHandle(.start)
        case .trimEnd: chooseHandle(.end)
        case .frameEarlier: nudge(frames: -1, seconds: false)
        case .frameLater: nudge(frames: 1, seconds: false)
        case .secondEarlier: nudge(frames: -1, seconds: true)
        case .secondLater: nudge(frames: 1, seconds: true)
        case .undo: change { $0.undo() }
        case .redo: change { $0.redo() }
        case .export: export()
        case .addClips: chooseVideos()
        case .addTitle, .addText, .addPicture, .addVideoOver: additions.perform(action)
        case .zoomIn: timeline.zoom(.closer)
        case .zoomOut: timeline.zoom(.farther)
        case .zoomToFit: timeline.zoom(.fit)
        }
    }

    private func chooseHandle(_ chosen: MovieTrimHandle) {
        handle = chosen
        updateClipControls()
        showFrameUnderHandle()
        preview.handle(.chosen)
    }

    private func updateActions() {
        let index = chosenIndex
        let exporting = exportBar.isRunning
        let enabled: [MovieAction: Bool] = [
            .moveEarlier: (index ?? 0) > 0,
            .moveLater: index.map { $0 + 1 < edit.clips.count } ?? false,
            .remove: index != nil,
            .trimStart: index != nil, .trimEnd: index != nil,
            .frameEarlier: index != nil, .frameLater: index != nil,
            .secondEarlier: index != nil, .secondLater: index != nil,
            .undo: editor.canUndo, .redo: editor.canRedo,
            .playPause: !edit.clips.isEmpty,
            .export: exportBlocker == nil && !exporting,
            .zoomIn: timeline.canZoomIn, .zoomOut: timeline.canZoomOut, .zoomToFit: timeline.canZoomOut,
        ]
        actions.enable(enabled.merging(additions.enabled(chosenIndex: index, hasClips: !edit.clips.isEmpty)) { $1 })
        // A disabled Export says why (its tooltip, which is also its
        // description for a screen reader).
        let reason = exporting ? nil : exportBlocker.map { CoreText.translate($0.message, detail: $0.detail) }
        gtk_widget_set_tooltip_text(exportButton, reason)
    }

    private var exportBlocker: MovieProblem? {
        edit.exportBlocker(missing: missing, hasEncoder: !settings.containers.isEmpty)
    }

    /// A missing file put back (or one more gone) shows without a click:
    /// while a file is missing and the page shows, the files are looked at
    /// every second (a stat each).
    private var missingWatch: SourceID?
    private func watchMissing() {
        guard !missing.isEmpty, missingWatch == nil, gtk_widget_get_mapped(widget) != 0 else { return }
        missingWatch = MainContext.every(milliseconds: 1000) { [weak self] in
            guard let self, !self.missing.isEmpty, gtk_widget_get_mapped(self.widget) != 0 else {
                self?.missingWatch = nil
                return false
            }
            if MovieSource.missingFiles(self.edit) != self.missing {
                self.update()
                self.preview.handle(.edited)
            }
            return true
        }
    }

    // MARK: Controls

    private func connectControls() {
        trim.onTrim = { [weak self] which, value in
            guard let self, let index = self.chosenIndex else { return }
            let clip = self.edit.clips[index]
            self.handle = which
            let start = which == .start ? value : clip.trimIn
            let end = which == .end ? value : clip.trimOut
            self.change { $0.trim(clip.id, from: start, to: end) }
            self.showFrameUnderHandle()
        }
        Signals.connect(layout.widget("add-videos", gtk_button_get_type()), "clicked") { [weak self] in self?.perform(.addClips) }
    }

    private func connectTimeline() {
        timeline.clips.onEvent = { [weak self] event in
            guard let self else { return }
            switch event {
            case .choose(let id): self.choose(id)
            case .move(let id, let index): self.move(id, to: index)
            case .showFrame(let time): for event in [.showFrame(at: time), .chosen] as [MoviePreviewSession.Event] { self.preview.handle(event) }
            case .trim(let id, let which, let start, let end):
                self.handle = which
                self.change { $0.trim(id, from: start, to: end) }
                self.showFrameUnderHandle()
            }
        }
        timeline.overlays.onEvent = { [weak self] event in
            guard let self else { return }
            switch event {
            case .choose(let id): self.chooseOverlay(id)
            case .place(let id, let start, let end):
                self.change { $0.placeOverlay(id, start: start, end: end) }
                self.chooseOverlay(id)
            }
        }
        timeline.onSeek = { [weak self] time in self?.preview.handle(.seek(to: time)) }
        timeline.onZoom = { [weak self] in self?.updateActions() }
        preview.onPosition = { [weak self] time in self?.timeline.showPosition(time) }
        overlayPanel.onChoose = { [weak self] id in self?.timeline.overlays.mark(chosen: id) }
    }

    /// An overlay chosen on the timeline: its clip becomes the chosen one
    /// (the panel lists what is over it) and the panel shows the overlay.
    private func chooseOverlay(_ id: MovieOverlay.ID) {
        if case .clip(let clip)? = edit.overlays.first(where: { $0.id == id })?.anchor, clip != chosenClip { choose(clip) }
        overlayPanel.choose(id)
        timeline.overlays.mark(chosen: id)
    }

    private func chooseVideos() {
        let folder = edit.clips.last.flatMap { MovieClip.folder(ofURI: $0.uri) }
        videoChooser = FileChooser(parent: lookups.window(), title: tr("Add Videos and Photos"), accept: tr("_Add"),
                                   kinds: [.videosAndPhotos, .allFiles], multiple: true, folder: folder) { [weak self] uris in self?.add(uris) }
        videoChooser?.show()
    }

    /// Sets the movie's music from a file (chosen or dropped).
    func setMusic(_ uri: String) {
        let done = MainThreadHandler { [weak self] (result: Result<MovieMusic, MovieProblem>) in
            switch result {
            case .success(let music): self?.change { $0.setMusic(music) }
            case .failure(let problem): self?.toast(problem)
            }
        }
        MovieSource.readMusic(uri) { result in done.call(result) }
    }

    private func move(_ id: MovieClip.ID, to target: Int) {
        chosenClip = id
        change { $0.move(id, to: target) }
        focusDefault()
    }

    // MARK: Drawing

    private func update() {
        let clips = edit.clips
        missing = MovieSource.missingFiles(edit)
        let total = DurationText.format(Double(edit.duration) / 1e9)
        adw_window_title_set_subtitle(windowTitle, clips.isEmpty ? ""
            : CoreText.format(ntr("%s clip, %s", "%s clips, %s", clips.count), [String(clips.count), total]))
        adw_window_title_set_title(windowTitle, clips.isEmpty ? tr("New Movie")
            : CoreText.format(tr("Movie: %s"), [displayName(clips[0].uri)]))
        if missing.isEmpty {
            gtk_revealer_set_reveal_child(cast(problem), 0)
            // Not read out any more either.
            gtk_label_set_text(cast(problemLabel), "")
        } else {
            let text = missing.map { CoreText.format(tr("“%s” is missing. Put it back, or remove it from the movie."), [$0]) }
                .joined(separator: "\n")
            gtk_label_set_text(cast(problemLabel), text)
            gtk_revealer_set_reveal_child(cast(problem), 1)
            watchMissing()
        }
        updateStrip()
        // After the strip: the focus may go to a clip's new button.
        let empty = clips.isEmpty && reading == 0
        if (gtk_stack_get_visible_child_name(body).map { String(cString: $0) } == Body.empty.rawValue) != empty {
            let focusWasOnPage = gtk_widget_get_root(widget).flatMap { gtk_root_get_focus($0) }
                .map { gtk_widget_is_ancestor($0, UnsafeMutablePointer(body)) != 0 } ?? false
            StackPages.show(body, empty ? Body.empty : Body.edit)
            if focusWasOnPage { focusDefault() }
        }
        updateClipControls()
        settings.show(edit)
        updateActions()
        preview.updatePosition()
    }

    private func updateStrip() {
        let focusWasInStrip = timeline.show(edit, chosenClip: chosenClip, chosenOverlay: overlayPanel.chosenOverlay) { [self] clip in
            let isMissing = missing.contains(clip.name)
            return MovieClipStrip.Look(name: displayName(clip.uri),
                                       thumbnail: isMissing ? nil : lookups.thumbnail(clip.uri) ?? clip.photoPath, isMissing: isMissing,
                                       title: MovieClipStrip.titleFace(clip, in: edit))
        }
        if focusWasInStrip { focusDefault() }
    }

    private func choose(_ id: MovieClip.ID) {
        chosenClip = id
        timeline.clips.mark(chosen: id)
        updateClipControls()
        updateActions()
        showFrameUnderHandle()
        preview.handle(.chosen)
    }

    private func updateClipControls() {
        let clip = chosenIndex.map { edit.clips[$0] }
        trim.show(clip, name: clip.map { displayName($0.uri) } ?? "", handle: handle)
        overlayPanel.show(edit, clip: clip)
        timeline.overlays.mark(chosen: overlayPanel.chosenOverlay)
    }

    // MARK: Export

    private func export() {
        guard !exportBar.isRunning, !edit.clips.isEmpty else { return }
        missing = MovieSource.missingFiles(edit)
        if let first = missing.first {
            update()
            toast(CoreText.translate(MovieProblem.missingSource(first).message, detail: first))
            return
        }
        // The preview would compete with the export for the machine.
        if preview.isPlaying { preview.togglePlay() }
        exportBar.start(edit, folders: lookups.saveFolders())
    }
}
