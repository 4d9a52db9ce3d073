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
    private let view = VideoView(role: "movie", focusable: false)
    private var preview: MoviePreview?
    private var previewPending = false
    private var playing = false
    private var positionTimer: SourceID?
    private var renderer: MovieRenderer?
    private var exportStarted = Date()
    /// The export under way goes to a folder the person chose: the toast
    /// names it.
    private var savedInChosenFolder = false
    /// Names of the edit's files that are gone.
    private var missing: [String] = []
    /// Set while the code sets the controls, so their signals are not edits.
    private var updating = false
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
    private let strip: UnsafeMutablePointer<GtkWidget>
    private let stripScroller: UnsafeMutablePointer<GtkWidget>
    private let problem: UnsafeMutablePointer<GtkWidget>
    private let problemLabel: UnsafeMutablePointer<GtkWidget>
    private let playButton: UnsafeMutablePointer<GtkWidget>
    private let position: UnsafeMutablePointer<GtkWidget>
    private let timeLabel: UnsafeMutablePointer<GtkWidget>
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
    private let exportBar: UnsafeMutablePointer<GtkWidget>
    private let exportLabel: UnsafeMutablePointer<GtkWidget>
    private let exportProgress: UnsafeMutablePointer<GtkWidget>
    private let timeLeft: UnsafeMutablePointer<GtkWidget>

    var onClose: (() -> Void)?
    var onToast: ((String, ToastButton?) -> Void)?
    /// The path of a clip's thumbnail, when the cache has one.
    var thumbnail: ((String) -> String?)?
    /// A clip's title in the feed ("Tram 28"), when it has one.
    var title: ((String) -> String?)?

    /// What a clip is called on the page: its feed title, or its file name.
    private func displayName(_ uri: String) -> String {
        title?(uri) ?? MovieClip.name(ofURI: uri)
    }
    /// The parent of the music file chooser.
    var window: (() -> UnsafeMutablePointer<GtkWindow>?)?
    /// Where movies are saved (Preferences › Saving), asked at each export.
    var saveFolders: (() -> SaveFolders)?

    /// Where edits are kept (the app's data folder).
    static var folder: String { UserDirectories.data + "/\(AppInfo.binary)/movies" }

    init() {
        widget = layout.widget("page", gtk_box_get_type())
        windowTitle = OpaquePointer(layout.widget("title", adw_window_title_get_type()))
        body = OpaquePointer(layout.widget("body", gtk_stack_get_type()))
        strip = layout.widget("strip", gtk_box_get_type())
        stripScroller = layout.widget("strip-scroller", gtk_scrolled_window_get_type())
        problem = layout.widget("problem", gtk_revealer_get_type())
        problemLabel = layout.widget("problem-label", gtk_label_get_type())
        playButton = layout.widget("play", gtk_button_get_type())
        position = layout.widget("position", gtk_scale_get_type())
        timeLabel = layout.widget("time", gtk_label_get_type())
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
        exportBar = layout.widget("export-bar", gtk_revealer_get_type())
        exportLabel = layout.widget("export-label", gtk_label_get_type())
        exportProgress = layout.widget("export-progress", gtk_progress_bar_get_type())
        timeLeft = layout.widget("time-left", gtk_label_get_type())
        gtk_box_append(cast(layout.widget("preview-slot", gtk_box_get_type())), view.widget)
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

    private static func traceState(of outcome: MovieRenderer.Outcome) -> String {
        switch outcome {
        case .saved: return "saved"
        case .cancelled: return "cancelled"
        case .failed: return "failed"
        }
    }

    private static func log(_ text: String) {
        Log.write(.debug, domain: AppInfo.logDomain, "movie: \(text)")
    }

    // MARK: Opening

    /// Starts a new movie from these files (read in the background).
    func start(with uris: [String]) {
        stopPreview()
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
                case .failure(let problem): self.onToast?(CoreText.translate(problem.message, detail: problem.detail), nil)
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
        stopPreview()
        document = saved
        editor = MovieEditor(saved.edit)
        chosenClip = saved.edit.clips.first?.id
        update()
        schedulePreview()
    }

    /// Leaving the page: the preview stops (an export goes on).
    func close() {
        stopPreview()
    }

    var isExporting: Bool { renderer != nil }

    func focusDefault() {
        if edit.clips.isEmpty, reading == 0 {
            gtk_widget_grab_focus(layout.widget("add-videos", gtk_button_get_type()))
        } else if let button = clipButtons.first(where: { $0.id == chosenClip })?.button ?? clipButtons.first?.button {
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
        schedulePreview()
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
        seekAfterPreview = handle == .start ? placement.start : max(placement.end - edit.frameRate.frameDuration, placement.start)
    }

    // MARK: Actions

    private func addActions() {
        let group = g_simple_action_group_new()!
        let map = ActionGroup<MovieAction>(map: UnsafeMutableRawPointer(group))
        actions[.back] = map.add(.back) { [weak self] in self?.onClose?() }
        actions[.playPause] = map.add(.playPause) { [weak self] in self?.togglePlay() }
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
        schedulePreview(rebuild: false)
    }

    private func updateActions() {
        let index = chosenIndex
        let exporting = renderer != nil
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
                self.schedulePreview()
            }
            return true
        }
    }

    // MARK: Controls

    private func connectControls() {
        Signals.connect(playButton, "clicked") { [weak self] in self?.togglePlay() }
        Signals.connect(position, "change-value") { [weak self] args in
            guard let self else { return }
            let seconds = args.double(2)
            self.seekPreview(to: Int64(max(seconds, 0) * 1e9))
            args.setReturn(false)
        }
        for (spin, which) in [(trimStart, MovieTrimHandle.start), (trimEnd, .end)] {
            Signals.connect(spin, "value-changed") { [weak self] in
                guard let self, !self.updating, let index = self.chosenIndex else { return }
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
            guard let self, !self.updating else { return }
            let volume = gtk_range_get_value(cast(self.musicVolume)) / 100
            self.change { $0.changeMusic { $0.volume = volume } }
        }
        for (spin, isIn) in [(musicFadeIn, true), (musicFadeOut, false)] {
            Signals.connect(spin, "value-changed") { [weak self] in
                guard let self, !self.updating else { return }
                let length = Int64((gtk_spin_button_get_value(OpaquePointer(spin)) * 1e9).rounded())
                self.change { $0.changeMusic { music in if isIn { music.fadeIn = length } else { music.fadeOut = length } } }
            }
        }
        Signals.connect(musicLoop, "notify::active") { [weak self] in
            guard let self, !self.updating else { return }
            let ending: MovieMusic.Ending = gtk_switch_get_active(cast(self.musicLoop)) != 0 ? .loop : .cut
            self.change { $0.changeMusic { $0.ending = ending } }
        }
        Signals.connect(clipSound, "notify::selected") { [weak self] in
            guard let self, !self.updating else { return }
            let index = Int(gtk_drop_down_get_selected(cast(self.clipSound)))
            guard ClipSound.allCases.indices.contains(index) else { return }
            self.change { $0.setClipSound(ClipSound.allCases[index]) }
        }
        Signals.connect(crossfade, "notify::active") { [weak self] in
            guard let self, !self.updating else { return }
            let on = gtk_switch_get_active(cast(self.crossfade)) != 0
            self.change { $0.setCrossfade(on) }
        }
        for row in [format, size] {
            Signals.connect(row, "notify::selected") { [weak self] in
                guard let self, !self.updating else { return }
                var output = self.edit.output
                let formatIndex = Int(gtk_drop_down_get_selected(cast(self.format)))
                if self.containers.indices.contains(formatIndex) { output.container = self.containers[formatIndex] }
                let sizeIndex = Int(gtk_drop_down_get_selected(cast(self.size)))
                if MovieSize.allCases.indices.contains(sizeIndex) { output.size = MovieSize.allCases[sizeIndex] }
                self.change { $0.setOutput(output) }
            }
        }
        Signals.connect(layout.widget("export-cancel", gtk_button_get_type()), "clicked") { [weak self] in
            self?.renderer?.cancel()
        }
    }

    private func chooseVideos() {
        let chooser = VideoFileChooser(parent: window?(), title: tr("Add Videos"), accept: tr("_Add")) { [weak self] uris in
            self?.videoChooser = nil
            self?.add(uris)
        }
        videoChooser = chooser
        chooser.show()
    }

    private func chooseMusic() {
        let chooser = gtk_file_chooser_native_new(tr("Choose Music"), window?(), GTK_FILE_CHOOSER_ACTION_OPEN, tr("_Choose"), tr("_Cancel"))!
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
            case .failure(let problem): self?.onToast?(CoreText.translate(problem.message, detail: problem.detail), nil)
            }
        }
        MovieSource.readMusic(uri) { result in done.call(result) }
    }

    // MARK: Dragging and dropping

    /// Clips dragged along the strip (each clip's button is a drag source
    /// whose value is the button itself: only this page takes it, and a
    /// clip let go elsewhere opens nothing) and files dropped on the page:
    /// sound sets the music, videos are added.
    private func acceptDrops() {
        let target = gtk_drop_target_new(gtk_widget_get_type(), GDK_ACTION_MOVE)!
        Signals.connect(target, "drop") { [weak self] args in
            guard let self, let value = args.pointer(1)?.assumingMemoryBound(to: GValue.self),
                  let object = g_value_get_object(value),
                  let id = self.clipButtons.first(where: { UnsafeMutableRawPointer($0.button) == object })?.id else {
                return args.setReturn(false)
            }
            self.markDrop(at: nil)
            args.setReturn(true)
            self.dropClip(id, at: self.stripX(args.double(2), args.double(3)))
        }
        // While a clip is dragged over the strip, a bar marks where it would land.
        Signals.connect(target, "motion") { [weak self] args in
            guard let self else { return args.setReturn(flags: 0) }
            self.markDrop(at: MovieDrop.gap(at: self.stripX(args.double(1), args.double(2)), frames: self.clipFrames()))
            args.setReturn(flags: GDK_ACTION_MOVE.rawValue)
        }
        Signals.connect(target, "leave") { [weak self] in self?.markDrop(at: nil) }
        gtk_widget_add_controller(stripScroller, target)
        DropTarget.attach(to: widget) { [weak self] addresses in self?.dropFiles(addresses) }
    }

    private func dragSource(for button: UnsafeMutablePointer<GtkWidget>) -> OpaquePointer {
        let source = gtk_drag_source_new()!
        gtk_drag_source_set_actions(source, GDK_ACTION_MOVE)
        var value = GValue()
        g_value_init(&value, gtk_widget_get_type())
        g_value_set_object(&value, UnsafeMutableRawPointer(button))
        let content = gdk_content_provider_new_for_value(&value)
        g_value_unset(&value)
        gtk_drag_source_set_content(source, content)
        g_object_unref(UnsafeMutableRawPointer(content))
        // The clip itself follows the pointer, hanging just below it, so
        // the bar marking where it would land stays in sight above it.
        Signals.connect(source, "drag-begin") {
            let paintable = gtk_widget_paintable_new(button)!
            gtk_drag_source_set_icon(source, paintable, gtk_widget_get_width(button) / 2, -12)
            g_object_unref(UnsafeMutableRawPointer(paintable))
        }
        return source
    }

    /// A point on the scroller in the strip's coordinates (the strip scrolls).
    private func stripX(_ x: Double, _ y: Double) -> Double {
        var stripX = 0.0, stripY = 0.0
        gtk_widget_translate_coordinates(stripScroller, strip, x, y, &stripX, &stripY)
        return stripX
    }

    /// The clips' left edges and widths on the strip, in order.
    private func clipFrames() -> [(start: Double, width: Double)] {
        clipButtons.map { entry in
            var left = 0.0, top = 0.0
            gtk_widget_translate_coordinates(entry.button, strip, 0, 0, &left, &top)
            return (left, Double(gtk_widget_get_width(entry.button)))
        }
    }

    /// Marks the gap a dragged clip would land in: a bar before the clip
    /// at `gap`, or after the last; nil clears it.
    private func markDrop(at gap: Int?) {
        for (index, entry) in clipButtons.enumerated() {
            let before = gap == index, after = gap == clipButtons.count && index == clipButtons.count - 1
            for (style, on) in [("drop-before", before), ("drop-after", after)] {
                StyleClass.set(style, on: on, for: entry.button)
            }
        }
    }

    private func dropClip(_ id: MovieClip.ID, at x: Double) {
        guard let from = edit.index(of: id) else { return }
        let target = MovieDrop.index(moving: from, droppedAt: x, frames: clipFrames())
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

    private struct ClipButton {
        let id: MovieClip.ID
        let button: UnsafeMutablePointer<GtkWidget>
    }
    private var clipButtons: [ClipButton] = []

    private func update() {
        updating = true
        defer { updating = false }
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
        updatePosition()
    }

    private func updateStrip() {
        let focus = gtk_widget_get_root(strip).flatMap { gtk_root_get_focus($0) }
        let focusWasInStrip = focus.map { gtk_widget_is_ancestor($0, strip) != 0 } ?? false
        while let child = gtk_widget_get_first_child(strip) { gtk_box_remove(cast(strip), child) }
        clipButtons = []
        let placements = edit.plan.placements
        for (index, clip) in edit.clips.enumerated() {
            let button = makeClipButton(clip, index: index, of: edit.clips.count, length: placements[index].duration)
            gtk_box_append(cast(strip), button)
            clipButtons.append(ClipButton(id: clip.id, button: button))
        }
        if focusWasInStrip { focusDefault() }
    }

    private func makeClipButton(_ clip: MovieClip, index: Int, of count: Int, length: Int64) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_button_new()!
        gtk_widget_add_css_class(button, "reel-movie-clip")
        gtk_widget_add_css_class(button, "flat")
        if clip.id == chosenClip { gtk_widget_add_css_class(button, "chosen") }
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
        let isMissing = missing.contains(clip.name)
        let picture: UnsafeMutablePointer<GtkWidget>
        if !isMissing, let path = thumbnail?(clip.uri) {
            picture = gtk_picture_new_for_filename(path)
            gtk_picture_set_content_fit(OpaquePointer(picture), GTK_CONTENT_FIT_COVER)
            gtk_picture_set_can_shrink(OpaquePointer(picture), 1)
        } else {
            // No picture yet, or the file is gone: an icon that says which.
            picture = gtk_image_new_from_icon_name(isMissing ? "dialog-warning-symbolic" : "video-x-generic-symbolic")
            gtk_image_set_pixel_size(cast(picture), 32)
            gtk_widget_add_css_class(picture, "dim-label")
        }
        gtk_widget_set_size_request(picture, 160, 90)
        gtk_widget_add_css_class(picture, "thumbnail")
        gtk_box_append(cast(box), picture)
        let name = gtk_label_new(displayName(clip.uri))!
        gtk_label_set_ellipsize(cast(name), PANGO_ELLIPSIZE_MIDDLE)
        gtk_label_set_max_width_chars(cast(name), 18)
        gtk_box_append(cast(box), name)
        let duration = DurationText.format(Double(length) / 1e9)
        let time = gtk_label_new(duration)!
        gtk_widget_add_css_class(time, "dim-label")
        gtk_widget_add_css_class(time, "numeric")
        gtk_box_append(cast(box), time)
        gtk_button_set_child(cast(button), box)
        let missingNote = isMissing ? ", " + tr("missing") : ""
        AccessibleLabel.set(button, CoreText.format(tr("Clip %s of %s: %s, %s"), [String(index + 1), String(count), displayName(clip.uri), duration])
                            + missingNote)
        let id = clip.id
        Signals.connect(button, "clicked") { [weak self] in self?.choose(id) }
        // Moving the focus along the strip chooses the clip under it.
        let focus = gtk_event_controller_focus_new()!
        Signals.connect(UnsafeMutableRawPointer(focus), "enter") { [weak self] in
            guard let self, self.chosenClip != id else { return }
            self.choose(id)
        }
        gtk_widget_add_controller(button, focus)
        gtk_widget_add_controller(button, dragSource(for: button))
        return button
    }

    private func choose(_ id: MovieClip.ID) {
        chosenClip = id
        for entry in clipButtons {
            StyleClass.set("chosen", on: entry.id == id, for: entry.button)
        }
        updating = true
        updateClipControls()
        updating = false
        updateActions()
        showFrameUnderHandle()
        schedulePreview(rebuild: false)
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
        let wasUpdating = updating
        updating = true
        let length = Double(clip.sourceDuration) / 1e9
        gtk_spin_button_set_range(OpaquePointer(trimStart), 0, length)
        gtk_spin_button_set_range(OpaquePointer(trimEnd), 0, length)
        gtk_spin_button_set_value(OpaquePointer(trimStart), Double(clip.trimIn) / 1e9)
        gtk_spin_button_set_value(OpaquePointer(trimEnd), Double(clip.trimOut) / 1e9)
        updating = wasUpdating
    }

    // MARK: Preview

    /// Where the preview goes once it is ready again (nil: where it was).
    private var seekAfterPreview: Int64?
    /// Where a new preview goes once it has prerolled.
    private var initialSeek: Int64?
    /// The preview has a picture and no seek under way: a seek now is
    /// carried out; otherwise the last one asked waits for that (GES
    /// loses a seek made while its pipeline prerolls, and can stall).
    private var previewReady = false

    private func seekPreview(to time: Int64) {
        guard let preview else { return }
        guard previewReady else {
            initialSeek = time
            return
        }
        previewReady = false
        preview.seek(to: time)
    }

    /// A new preview after the edit settles (keys repeat: one per burst).
    private func schedulePreview(rebuild: Bool = true) {
        if !rebuild, let preview {
            if let time = seekAfterPreview {
                seekAfterPreview = nil
                _ = preview
                seekPreview(to: time)
            }
            return
        }
        guard !previewPending else { return }
        previewPending = true
        MainContext.after(milliseconds: 150) { [weak self] in
            guard let self else { return }
            self.previewPending = false
            self.rebuildPreview()
        }
    }

    private func rebuildPreview() {
        let resume = preview?.position
        preview = nil
        guard gtk_widget_get_mapped(widget) != 0, !edit.clips.isEmpty, missing.isEmpty else {
            view.attach(nil)
            setPlaying(false)
            return
        }
        let sink = VideoSink()
        do {
            let made = try MoviePreview(edit: edit, videoSink: sink)
            view.attach(sink)
            made.onEvent = { [weak self] event in
                guard let self else { return }
                switch event {
                case .ready:
                    // A seek before the first preroll is lost in GES: the
                    // preview goes where it should once it has a picture.
                    self.previewReady = true
                    if let target = self.initialSeek {
                        self.initialSeek = nil
                        self.seekPreview(to: target)
                    }
                    self.updatePosition()
                case .ended: self.setPlaying(false)
                case .failed(let problem): self.onToast?(CoreText.translate(problem.message, detail: problem.detail), nil)
                }
            }
            preview = made
            previewReady = false
            let target = min(seekAfterPreview ?? resume ?? 0, max(made.duration - 1, 0))
            seekAfterPreview = nil
            initialSeek = target > 0 ? target : nil
            if playing { made.play() } else { made.pause() }
        } catch let problem as MovieProblem {
            view.attach(nil)
            onToast?(CoreText.translate(problem.message, detail: problem.detail), nil)
        } catch {
            view.attach(nil)
        }
        updatePosition()
    }

    private func stopPreview() {
        preview = nil
        view.attach(nil)
        setPlaying(false)
    }

    private func togglePlay() {
        if preview == nil { rebuildPreview() }
        guard let preview else { return }
        if !playing, let at = preview.position, at >= preview.duration - edit.frameRate.frameDuration { seekPreview(to: 0) }
        setPlaying(!playing)
        if playing { preview.play() } else { preview.pause() }
    }

    private func setPlaying(_ on: Bool) {
        playing = on
        let label = on ? tr("Pause") : tr("Play")
        gtk_button_set_icon_name(cast(playButton), on ? "media-playback-pause-symbolic" : "media-playback-start-symbolic")
        gtk_widget_set_tooltip_text(playButton, label)
        AccessibleLabel.set(playButton, label)
        if on, positionTimer == nil {
            positionTimer = MainContext.every(milliseconds: 200) { [weak self] in
                guard let self, self.playing else {
                    self?.positionTimer = nil
                    return false
                }
                self.updatePosition()
                return true
            }
        }
    }

    private func updatePosition() {
        let total = Double(edit.duration) / 1e9
        let now = Double(preview?.position ?? 0) / 1e9
        gtk_range_set_range(cast(position), 0, max(total, 0.001))
        gtk_range_set_value(cast(position), now)
        gtk_label_set_text(cast(timeLabel), "\(DurationText.format(now)) / \(DurationText.format(total))")
    }

    // MARK: Export

    private func export() {
        guard renderer == nil, !edit.clips.isEmpty else { return }
        missing = MovieSource.missingFiles(edit)
        if let first = missing.first {
            update()
            onToast?(CoreText.translate(MovieProblem.missingSource(first).message, detail: first), nil)
            return
        }
        // The preview would compete with the export for the machine.
        if playing { togglePlay() }
        let folders = saveFolders?() ?? CaptureFile.folders()
        let job = MovieRenderer(edit: edit, folder: folders.folder(for: .movie))
        savedInChosenFolder = folders.isChosen(.movie)
        renderer = job
        exportStarted = Date()
        gtk_label_set_text(cast(exportLabel), tr("Exporting…"))
        gtk_label_set_text(cast(timeLeft), "")
        gtk_progress_bar_set_fraction(cast(exportProgress), 0)
        gtk_revealer_set_reveal_child(cast(exportBar), 1)
        updateActions()
        MoviePage.log("movie export started: \(edit.clips.count) clips, \(edit.duration / 1_000_000) ms")
        Trace.shared.event(.movieExport, ["state": "started", "clips": edit.clips.count])
        // Both are called on the main thread.
        let progress = MainThreadHandler { [weak self] (fraction: Double) in self?.showProgress(fraction) }
        let finished = MainThreadHandler { [weak self] (outcome: MovieRenderer.Outcome) in self?.finished(outcome) }
        job.start(onProgress: { progress.call($0) }, onFinished: { finished.call($0) })
    }

    private func showProgress(_ fraction: Double) {
        guard renderer != nil else { return }
        gtk_progress_bar_set_fraction(cast(exportProgress), fraction)
        let percent = "\(Int((fraction * 100).rounded(.down))) %"
        let left = ExportTimeLeft.text(elapsed: Date().timeIntervalSince(exportStarted), fraction: fraction)
        let text = left.isEmpty ? percent : CoreText.format(tr("About %s left"), [left])
        gtk_label_set_text(cast(timeLeft), text)
        AccessibleLabel.setValueText(exportProgress, percent)
    }

    private func finished(_ outcome: MovieRenderer.Outcome) {
        renderer = nil
        gtk_revealer_set_reveal_child(cast(exportBar), 0)
        updateActions()
        Trace.shared.event(.movieExport, ["state": MoviePage.traceState(of: outcome)])
        switch outcome {
        case .saved(let path):
            MoviePage.log("movie exported: \(path)")
            let name = (path as NSString).lastPathComponent
            let place = ChosenFolders.displayPath((path as NSString).deletingLastPathComponent)
            onToast?(savedInChosenFolder ? CoreText.format(tr("“%s” was saved in %s"), [name, place])
                        : CoreText.format(tr("“%s” was saved in Videos"), [name]),
                     ToastButton(label: tr("_Play"), action: WindowAction.feedPlay.detailedName, target: URL(fileURLWithPath: path).absoluteString))
        case .cancelled:
            onToast?(tr("The export was cancelled. No movie was saved."), nil)
        case .failed(let problem):
            MoviePage.log("movie export failed: \(problem.text)")
            onToast?(CoreText.translate(problem.message, detail: problem.detail), nil)
        }
    }
}
