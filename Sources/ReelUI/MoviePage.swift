import CGLib
import CGtk
import CShims
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
    private var document = MovieDocument(edit: MovieEdit())
    /// The clip the trim controls and keys act on.
    private var chosenClip: MovieClip.ID?
    private var handle: MovieTrimHandle = .start
    private var preview: MoviePreviewPane!
    private let exportBar: MovieExportBar
    private let clipStrip: MovieClipStrip
    /// Names of the edit's files that are gone.
    private var missing: [String] = []
    /// Above zero while the code sets the controls, so their signals are not edits.
    private var controlsBeingSet = 0
    private var actions: [MovieAction: OpaquePointer] = [:]
    private var musicChooser: ObjectRef?
    private var videoChooser: VideoFileChooser?
    /// Files being read to be added: the page shows "No Clips" only when
    /// none is on its way.
    private var reading = 0
    private let containers = MovieOutput.availableContainers(isInstalled: MovieRenderer.isSelectable)

    private let windowTitle: OpaquePointer
    /// The editor ("edit"), or "empty": how to add clips.
    private let body: OpaquePointer
    private let problem: UnsafeMutablePointer<GtkWidget>
    private let problemLabel: UnsafeMutablePointer<GtkWidget>
    private let clipKeys: UnsafeMutablePointer<GtkWidget>
    private let trimStart: UnsafeMutablePointer<GtkWidget>
    private let trimEnd: UnsafeMutablePointer<GtkWidget>
    private let musicName: UnsafeMutablePointer<GtkWidget>
    private let musicRemove: UnsafeMutablePointer<GtkWidget>
    private let musicVolume: UnsafeMutablePointer<GtkWidget>
    private let musicFadeIn: UnsafeMutablePointer<GtkWidget>
    private let musicFadeOut: UnsafeMutablePointer<GtkWidget>
    private let musicLoop: UnsafeMutablePointer<GtkWidget>
    private let clipSound: UnsafeMutablePointer<GtkWidget>
    private let crossfade: UnsafeMutablePointer<GtkWidget>
    private let format: UnsafeMutablePointer<GtkWidget>
    private let size: UnsafeMutablePointer<GtkWidget>
    private let exportButton: UnsafeMutablePointer<GtkWidget>

    /// What the page tells the main window.
    enum Event {
        /// Back to the feed.
        case close
        case toast(String, button: ToastButton?)
    }

    var onEvent: ((Event) -> Void)?

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

    var lookups = Lookups()

    /// What a clip is called on the page: its feed title, or its file name.
    private func displayName(_ uri: String) -> String {
        lookups.title(uri) ?? MovieClip.name(ofURI: uri)
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
        clipStrip = MovieClipStrip(strip: layout.widget("strip", gtk_box_get_type()),
                                   scroller: layout.widget("strip-scroller", gtk_scrolled_window_get_type()))
        problem = layout.widget("problem", gtk_revealer_get_type())
        problemLabel = layout.widget("problem-label", gtk_label_get_type())
        clipKeys = layout.widget("clip-keys", gtk_label_get_type())
        trimStart = layout.widget("trim-start", gtk_spin_button_get_type())
        trimEnd = layout.widget("trim-end", gtk_spin_button_get_type())
        musicName = layout.widget("music-name", gtk_label_get_type())
        musicRemove = layout.widget("music-remove", gtk_button_get_type())
        musicVolume = layout.widget("music-volume", gtk_scale_get_type())
        musicFadeIn = layout.widget("music-fade-in", gtk_spin_button_get_type())
        musicFadeOut = layout.widget("music-fade-out", gtk_spin_button_get_type())
        musicLoop = layout.widget("music-loop", gtk_switch_get_type())
        for spin in [musicFadeIn, musicFadeOut] {
            gtk_spin_button_set_range(OpaquePointer(spin), 0, Double(MovieMusic.longestFade) / 1e9)
        }
        clipSound = layout.widget("clip-sound", gtk_drop_down_get_type())
        crossfade = layout.widget("crossfade", gtk_switch_get_type())
        format = layout.widget("format", gtk_drop_down_get_type())
        size = layout.widget("size", gtk_drop_down_get_type())
        exportButton = layout.widget("export", gtk_button_get_type())
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
        gtk_box_append(cast(layout.widget("preview-slot", gtk_box_get_type())), preview.view.widget)
        for id in ["export", "export-cancel", "add-videos"] { UnnamedButtons.nameByLabel(layout.widget(id, gtk_button_get_type())) }
        // A drop-down's button is named by nothing in GTK 4.8: it takes the
        // name of its label.
        for (id, name) in [("clip-sound", tr("Clips’ _Sound")), ("format", tr("_Format")), ("size", tr("Si_ze"))] {
            var child = gtk_widget_get_first_child(layout.widget(id, gtk_drop_down_get_type()))
            while let current = child {
                if g_type_is_a(reel_instance_type(current), gtk_toggle_button_get_type()) != 0 {
                    AccessibleLabel.set(current, MnemonicText.plain(name))
                }
                child = gtk_widget_get_next_sibling(current)
            }
        }
        // "Choose…" says what it chooses to a screen reader: its name alone.
        gtk_accessible_reset_relation(OpaquePointer(layout.widget("music-choose", gtk_button_get_type())),
                                      GTK_ACCESSIBLE_RELATION_LABELLED_BY)

        // Each menu is built from its enum, so a choice's position is its case's.
        MoviePage.setChoices(of: format, containers.map { tr(ContainerSpec.spec(for: $0).label) })
        MoviePage.setChoices(of: clipSound, ClipSound.allCases.map { tr($0.label) })
        MoviePage.setChoices(of: size, MovieSize.allCases.map { tr($0.label) })

        preview.onProblem = { [weak self] problem in self?.toast(problem) }
        exportBar.onEvent = { [weak self] event in
            switch event {
            case .runningChanged: self?.updateActions()
            case .toast(let text, let button): self?.toast(text, button: button)
            }
        }
        clipStrip.onEvent = { [weak self] event in
            switch event {
            case .choose(let id): self?.choose(id)
            case .move(let id, let index): self?.move(id, to: index)
            }
        }
        addActions()
        connectControls()
        watchFocus()
        Signals.connect(widget, "map") { [weak self] in self?.watchMissing() }
        acceptDrops()
        update()
    }

    private static func setChoices(of dropDown: UnsafeMutablePointer<GtkWidget>, _ labels: [String]) {
        let names = gtk_string_list_new(nil)!
        for label in labels { gtk_string_list_append(names, label) }
        gtk_drop_down_set_model(cast(dropDown), names)
        g_object_unref(UnsafeMutableRawPointer(names))
    }

    private static func log(_ text: String) {
        Log.write(.debug, domain: AppInfo.logDomain, "movie: \(text)")
    }

    // MARK: Opening

    /// Starts a new movie from these files (read in the background).
    func start(with uris: [String]) {
        preview.handle(.stop)
        editor = MovieEditor()
        document = MovieDocument(edit: MovieEdit())
        chosenClip = nil
        update()
        add(uris)
    }

    /// Adds files at the end of the movie being edited.
    func add(_ uris: [String]) {
        guard !uris.isEmpty else { return }
        reading += 1
        let done = MainThreadHandler { [weak self] (results: [Result<MovieClip, MovieProblem>]) in
            guard let self else { return }
            self.reading -= 1
            defer { if self.edit.clips.isEmpty { self.update() } }
            var clips: [MovieClip] = []
            for result in results {
                switch result {
                case .success(let clip): clips.append(clip)
                case .failure(let problem): self.toast(problem)
                }
            }
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
        } else if let button = clipStrip.button(for: chosenClip) ?? clipStrip.firstButton {
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
            do { try store.save(document) } catch { MoviePage.log("the movie could not be saved: \(error)") }
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

    private func addActions() {
        let group = g_simple_action_group_new()!
        let map = ActionGroup<MovieAction>(map: UnsafeMutableRawPointer(group))
        actions[.back] = map.add(.back) { [weak self] in self?.onEvent?(.close) }
        actions[.playPause] = map.add(.playPause) { [weak self] in self?.preview.togglePlay() }
        actions[.moveEarlier] = map.add(.moveEarlier) { [weak self] in self?.moveChosen(by: -1) }
        actions[.moveLater] = map.add(.moveLater) { [weak self] in self?.moveChosen(by: 1) }
        actions[.remove] = map.add(.remove) { [weak self] in self?.removeChosen() }
        actions[.trimStart] = map.add(.trimStart) { [weak self] in self?.chooseHandle(.start) }
        actions[.trimEnd] = map.add(.trimEnd) { [weak self] in self?.chooseHandle(.end) }
        actions[.frameEarlier] = map.add(.frameEarlier) { [weak self] in self?.nudge(frames: -1, seconds: false) }
        actions[.frameLater] = map.add(.frameLater) { [weak self] in self?.nudge(frames: 1, seconds: false) }
        actions[.secondEarlier] = map.add(.secondEarlier) { [weak self] in self?.nudge(frames: -1, seconds: true) }
        actions[.secondLater] = map.add(.secondLater) { [weak self] in self?.nudge(frames: 1, seconds: true) }
        actions[.undo] = map.add(.undo) { [weak self] in self?.change { $0.undo() } }
        actions[.redo] = map.add(.redo) { [weak self] in self?.change { $0.redo() } }
        actions[.export] = map.add(.export) { [weak self] in self?.export() }
        map.insert(on: widget)
        g_object_unref(UnsafeMutableRawPointer(group))
        ScopedShortcuts.attach(scope: .movie, to: widget, capture: true)
    }

    /// Keys that type in a text field (Space, `,`, `.`, Delete, i, o) are
    /// the field's while it has the focus: their actions are disabled then,
    /// and a disabled action lets the key through.
    private static let typingKeys: Set<MovieAction> = [.playPause, .remove, .trimStart, .trimEnd, .frameEarlier, .frameLater,
                                                                 .secondEarlier, .secondLater, .undo, .redo]

    private func watchFocus() {
        Signals.connect(widget, "realize") { [weak self] in
            guard let self, let root = gtk_widget_get_root(self.widget) else { return }
            Signals.connect(UnsafeMutableRawPointer(root), "notify::focus-widget") { [weak self] in
                guard let self else { return }
                let focus = gtk_root_get_focus(root)
                let typing = focus.map { gtk_widget_get_ancestor($0, gtk_text_get_type()) != nil } ?? false
                self.setTyping(typing)
            }
        }
    }

    private var typing = false
    private func setTyping(_ on: Bool) {
        typing = on
        updateActions()
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
        ]
        for (name, on) in enabled {
            let allowed = on && !(typing && MoviePage.typingKeys.contains(name))
            if let action = actions[name] { g_simple_action_set_enabled(action, allowed ? 1 : 0) }
        }
        // A disabled Export says why (its tooltip, which is also its
        // description for a screen reader).
        let reason = exporting ? nil : exportBlocker.map { CoreText.translate($0.message, detail: $0.detail) }
        gtk_widget_set_tooltip_text(exportButton, reason)
    }

    private var exportBlocker: MovieProblem? {
        edit.exportBlocker(missing: missing, hasEncoder: !containers.isEmpty)
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
        for (spin, which) in [(trimStart, MovieTrimHandle.start), (trimEnd, .end)] {
            Signals.connect(spin, "value-changed") { [weak self] in
                guard let self, self.controlsBeingSet == 0, let index = self.chosenIndex else { return }
                let clip = self.edit.clips[index]
                let value = Int64((gtk_spin_button_get_value(OpaquePointer(spin)) * 1e9).rounded())
                self.handle = which
                let start = which == .start ? value : clip.trimIn
                let end = which == .end ? value : clip.trimOut
                self.change { $0.trim(clip.id, from: start, to: end) }
                self.showFrameUnderHandle()
            }
        }
        Signals.connect(layout.widget("music-choose", gtk_button_get_type()), "clicked") { [weak self] in self?.chooseMusic() }
        Signals.connect(layout.widget("add-videos", gtk_button_get_type()), "clicked") { [weak self] in self?.chooseVideos() }
        Signals.connect(musicRemove, "clicked") { [weak self] in self?.change { $0.setMusic(nil) } }
        Signals.connect(musicVolume, "value-changed") { [weak self] in
            guard let self, self.controlsBeingSet == 0 else { return }
            let volume = gtk_range_get_value(cast(self.musicVolume)) / 100
            self.change { $0.changeMusic { $0.volume = volume } }
        }
        for (spin, isIn) in [(musicFadeIn, true), (musicFadeOut, false)] {
            Signals.connect(spin, "value-changed") { [weak self] in
                guard let self, self.controlsBeingSet == 0 else { return }
                let length = Int64((gtk_spin_button_get_value(OpaquePointer(spin)) * 1e9).rounded())
                self.change { $0.changeMusic { music in if isIn { music.fadeIn = length } else { music.fadeOut = length } } }
            }
        }
        Signals.connect(musicLoop, "notify::active") { [weak self] in
            guard let self, self.controlsBeingSet == 0 else { return }
            let ending: MovieMusic.Ending = gtk_switch_get_active(cast(self.musicLoop)) != 0 ? .loop : .cut
            self.change { $0.changeMusic { $0.ending = ending } }
        }
        Signals.connect(clipSound, "notify::selected") { [weak self] in
            guard let self, self.controlsBeingSet == 0 else { return }
            let index = Int(gtk_drop_down_get_selected(cast(self.clipSound)))
            guard ClipSound.allCases.indices.contains(index) else { return }
            self.change { $0.setClipSound(ClipSound.allCases[index]) }
        }
        Signals.connect(crossfade, "notify::active") { [weak self] in
            guard let self, self.controlsBeingSet == 0 else { return }
            let on = gtk_switch_get_active(cast(self.crossfade)) != 0
            self.change { $0.setCrossfade(on) }
        }
        for row in [format, size] {
            Signals.connect(row, "notify::selected") { [weak self] in
                guard let self, self.controlsBeingSet == 0 else { return }
                var output = self.edit.output
                let formatIndex = Int(gtk_drop_down_get_selected(cast(self.format)))
                if self.containers.indices.contains(formatIndex) { output.container = self.containers[formatIndex] }
                let sizeIndex = Int(gtk_drop_down_get_selected(cast(self.size)))
                if MovieSize.allCases.indices.contains(sizeIndex) { output.size = MovieSize.allCases[sizeIndex] }
                self.change { $0.setOutput(output) }
            }
        }
    }

    private func chooseVideos() {
        let chooser = VideoFileChooser(parent: lookups.window(), title: tr("Add Videos"), accept: tr("_Add")) { [weak self] uris in
            self?.videoChooser = nil
            self?.add(uris)
        }
        videoChooser = chooser
        chooser.show()
    }

    private func chooseMusic() {
        let chooser = gtk_file_chooser_native_new(tr("Choose Music"), lookups.window(), GTK_FILE_CHOOSER_ACTION_OPEN, tr("_Choose"), tr("_Cancel"))!
        let reference = ObjectRef(owning: UnsafeMutableRawPointer(chooser))
        musicChooser = reference
        let filter = gtk_file_filter_new()!
        gtk_file_filter_set_name(filter, tr("Music"))
        gtk_file_filter_add_mime_type(filter, "audio/*")
        gtk_file_chooser_add_filter(chooser, filter)
        reference.connect("response") { [weak self] args in
            guard let self else { return }
            defer { self.musicChooser = nil }
            guard args.int(1) == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(chooser),
                  let uri = String(consumingGString: g_file_get_uri(file)) else { return }
            g_object_unref(UnsafeMutableRawPointer(file))
            self.setMusic(uri)
        }
        gtk_native_dialog_show(reference.cast())
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

    // MARK: Dropping

    /// Files dropped on the page: sound sets the music, videos are added.
    private func acceptDrops() {
        DropTarget.attach(to: widget) { [weak self] addresses in self?.dropFiles(addresses) }
    }

    private func move(_ id: MovieClip.ID, to target: Int) {
        chosenClip = id
        change { $0.move(id, to: target) }
        focusDefault()
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

    // MARK: Drawing

    /// Sets the controls without their signals making edits.
    private func settingControls(_ body: () -> Void) {
        controlsBeingSet += 1
        defer { controlsBeingSet -= 1 }
        body()
    }

    private func update() {
        settingControls(draw)
    }

    private func draw() {
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
        if (gtk_stack_get_visible_child_name(body).map { String(cString: $0) } == "empty") != empty {
            let focusWasOnPage = gtk_widget_get_root(widget).flatMap { gtk_root_get_focus($0) }
                .map { gtk_widget_is_ancestor($0, UnsafeMutablePointer(body)) != 0 } ?? false
            StackPages.show(body, empty ? "empty" : "edit")
            if focusWasOnPage { focusDefault() }
        }
        updateClipControls()
        // Music.
        if let music = edit.music {
            gtk_label_set_text(cast(musicName), MovieClip.name(ofURI: music.uri))
            gtk_range_set_value(cast(musicVolume), music.volume * 100)
            gtk_spin_button_set_value(OpaquePointer(musicFadeIn), Double(music.fadeIn) / 1e9)
            gtk_spin_button_set_value(OpaquePointer(musicFadeOut), Double(music.fadeOut) / 1e9)
            gtk_switch_set_active(cast(musicLoop), music.ending == .loop ? 1 : 0)
        } else {
            gtk_label_set_text(cast(musicName), tr("No Music"))
        }
        gtk_widget_set_visible(musicRemove, edit.music == nil ? 0 : 1)
        for control in [musicVolume, musicFadeIn, musicFadeOut, musicLoop] {
            gtk_widget_set_sensitive(control, edit.music == nil ? 0 : 1)
        }
        gtk_drop_down_set_selected(cast(clipSound), guint(ClipSound.allCases.firstIndex(of: edit.clipSound) ?? 0))
        gtk_switch_set_active(cast(crossfade), edit.crossfade ? 1 : 0)
        if let index = containers.firstIndex(of: edit.output.container) { gtk_drop_down_set_selected(cast(format), guint(index)) }
        gtk_drop_down_set_selected(cast(size), guint(MovieSize.allCases.firstIndex(of: edit.output.size) ?? 0))
        updateActions()
        preview.updatePosition()
    }

    private func updateStrip() {
        let focusWasInStrip = clipStrip.show(edit, chosen: chosenClip) { [self] clip in
            let isMissing = missing.contains(clip.name)
            return MovieClipStrip.Look(name: displayName(clip.uri), thumbnail: isMissing ? nil : lookups.thumbnail(clip.uri),
                                       isMissing: isMissing)
        }
        if focusWasInStrip { focusDefault() }
    }

    private func choose(_ id: MovieClip.ID) {
        chosenClip = id
        clipStrip.mark(chosen: id)
        settingControls(updateClipControls)
        updateActions()
        showFrameUnderHandle()
        preview.handle(.chosen)
    }

    private func updateClipControls() {
        guard let index = chosenIndex else {
            for widget in [trimStart, trimEnd] { gtk_widget_set_sensitive(widget, 0) }
            gtk_label_set_text(cast(clipKeys), tr("No clip"))
            return
        }
        let clip = edit.clips[index]
        for widget in [trimStart, trimEnd] { gtk_widget_set_sensitive(widget, 1) }
        // Says which end the keys move (I and O choose).
        let keys = handle == .start ? tr("%s: the keys , and . move its start by one frame, with Shift by one second")
            : tr("%s: the keys , and . move its end by one frame, with Shift by one second")
        gtk_label_set_text(cast(clipKeys), CoreText.format(keys, [displayName(clip.uri)]))
        settingControls {
            let length = Double(clip.sourceDuration) / 1e9
            gtk_spin_button_set_range(OpaquePointer(trimStart), 0, length)
            gtk_spin_button_set_range(OpaquePointer(trimEnd), 0, length)
            gtk_spin_button_set_value(OpaquePointer(trimStart), Double(clip.trimIn) / 1e9)
            gtk_spin_button_set_value(OpaquePointer(trimEnd), Double(clip.trimOut) / 1e9)
        }
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
