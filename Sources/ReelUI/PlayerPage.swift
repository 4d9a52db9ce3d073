import CGLib
import CGtk
import Foundation
import GLibKit
import ReelCore
import ReelMedia

/// The full-screen player: the video view under fading controls, a
/// buffering badge, a statistics panel (Ctrl+I), and an error page with
/// Retry and Back. Keys come from ShortcutTable's player section through a
/// shortcut controller on the page, so they work only while it is shown.
/// What the page decides (when to resume, MPRIS's Stop, the seek hold, the
/// end action) is `PlayerPageState`'s; the page carries it out (`apply`).
final class PlayerPage {
    /// What the page tells its owner (the main window).
    enum Event {
        /// Leave the player (Back, Esc, the end action "close").
        case close
        /// Previous or Next (the buttons, the keys, the end action "next"):
        /// the owner plays the video before or after this one in its queue.
        case step(forward: Bool)
        /// The picture-in-picture button or key: the owner moves the video
        /// into the mini window, or back.
        case togglePictureInPicture
        /// A video was opened (its title).
        case opened(title: String)
        /// The state changed (the mini window's play button follows it).
        case stateChanged(PlaybackState)
        /// Something MPRIS shows changed: the state, the duration, the
        /// speed, the volume, the end action.
        case changed
        /// The video jumped to a position (seconds): a seek finished,
        /// wherever it came from.
        case seeked(to: Double)
        /// The video failed while playing elsewhere: the error page needs
        /// to be seen.
        case failedElsewhere
        /// Add This Part to a Movie: the video, its title, the part's trim
        /// points (nanoseconds), and whether a new movie starts with it.
        case addPart(uri: String, title: String, start: Int64, end: Int64, toNewMovie: Bool)
        /// Stop pressed while a web video's part is being saved.
        case stopSavingPart
        /// Save Queue… in the More menu.
        case saveQueue
    }

    var onEvent: ((Event) -> Void)?
    /// Where each video was left and the tracks chosen for it (the feed's
    /// state file).
    weak var memory: PlaybackMemory?
    /// Where brief notes go while the video shows elsewhere (the mini
    /// window's), since the page's toasts are out of sight then.
    var showBriefNoteElsewhere: ((String) -> Void)?

    let widget: UnsafeMutablePointer<GtkWidget>
    /// The file holds the page's widgets for as long as the page lives.
    private let layout: UIFile
    let stack: OpaquePointer
    let toasts: PlayerToasts
    let view = VideoView(role: "player")
    /// Where the frames go: the page's own view, or the picture-in-picture
    /// window's while the video plays there.
    var screen: VideoView
    let controls = PlayerControls()
    let chapterControls: ChapterControls
    /// The cover and tags of sound without a picture, under the bars.
    private let audioCover = AudioCover()
    /// The Audio and Subtitles menus.
    var trackMenus: TrackMenus!
    let subtitleView = SubtitleView()
    /// Where the line shows: the page's own, or the mini window's while the
    /// video plays there.
    var subtitleScreen: SubtitleView
    /// The stream time of the frame on screen, for the subtitle over it.
    var shownPTS: UInt64?
    var subtitleRefresh: SourceID?
    /// What the page decided, and the times it decided them at.
    var pageState = PlayerPageState()
    let bars: PlayerBars
    private let bufferingLabel: UnsafeMutablePointer<GtkWidget>
    private let waitingBadge: UnsafeMutablePointer<GtkWidget>
    let statistics: StatisticsPanel
    let errorPage: UnsafeMutablePointer<GtkWidget>
    let settings: Settings?
    var actions: [PlayerAction: OpaquePointer] = [:]
    /// What plays in turn, as the window last said (kept to re-apply when
    /// the end action changes the queue's ends).
    private(set) var queue = PlayQueue(addresses: [])
    let settingWatch: SettingWatch
    private let screensaver: ScreensaverInhibitor
    /// The "player" actions, shared with the picture-in-picture window.
    var actionGroup: OpaquePointer?

    var player: Player?
    var locator: MediaLocator?
    var contentMode: ContentMode = .fit
    private var ticker: SourceID?
    var preciseSeek: SourceID?
    var liveEdge = LiveEdge()
    /// The part marked with I and O (PlayerPage+Part).
    var marks = PartMarks()
    /// MPRIS's track ID: each opening of a video is a new track (counted
    /// on the main thread only).
    nonisolated(unsafe) private static var openings = 0
    private(set) var track = 0
    /// The video's freedesktop thumbnail, MPRIS's art, when one exists.
    private(set) var artURL: String?
    /// The title the video was opened with (an audio file's title tag
    /// replaces it in the title bar).
    private var openedTitle = ""

    init(settings: Settings?) {
        self.settings = settings
        settingWatch = SettingWatch(settings)
        screen = view
        subtitleScreen = subtitleView
        chapterControls = ChapterControls(seekBar: controls.seekBar, button: controls.chaptersButton)
        layout = UIFile("player-page.ui")
        let toastOverlay = OpaquePointer(layout.widget("toasts", adw_toast_overlay_get_type()))
        stack = OpaquePointer(layout.widget("stack", gtk_stack_get_type()))
        let overlay = layout.widget("overlay", gtk_overlay_get_type())
        waitingBadge = layout.widget("waiting-badge", gtk_box_get_type())
        bufferingLabel = layout.widget("waiting-label", gtk_label_get_type())
        statistics = StatisticsPanel(label: layout.widget("statistics", gtk_label_get_type()))
        errorPage = layout.widget("error-page", adw_status_page_get_type())
        widget = cast(toastOverlay)
        toasts = PlayerToasts(overlay: toastOverlay, above: controls.bottom)
        screensaver = ScreensaverInhibitor(widget: widget)
        gtk_overlay_set_child(cast(overlay), view.widget)
        gtk_overlay_add_overlay(cast(overlay), audioCover.widget)
        gtk_widget_insert_after(audioCover.widget, overlay, view.widget)
        // Over the picture, under the control bars.
        gtk_overlay_add_overlay(cast(overlay), subtitleView.widget)
        gtk_widget_insert_after(subtitleView.widget, overlay, view.widget)
        bars = PlayerBars(page: widget, overlay: overlay,
                          topRevealer: OpaquePointer(layout.widget("top-revealer", gtk_revealer_get_type())),
                          bottomRevealer: OpaquePointer(layout.widget("bottom-revealer", gtk_revealer_get_type())),
                          controls: controls, video: view.widget)
        StatusPage.withoutScrollStop(errorPage)
        UnnamedButtons.name(in: errorPage)

        toasts.onEvent = { [weak self] event in
            switch event {
            case .shown: self?.apply(.toastShown)
            case .dismissed: self?.apply(.toastDismissed)
            }
        }
        bars.isPlaying = { [weak self] in self?.player?.state == .playing }
        bars.showsError = { [weak self] in
            guard let self else { return false }
            return gtk_stack_get_visible_child(self.stack) == self.errorPage
        }
        trackMenus = TrackMenus(audioButton: controls.audioButton, subtitleButton: controls.subtitleButton, host: .init(
            reopen: { [weak self] file, encoding in self?.reopen(subtitleURI: file, encoding: encoding) },
            toast: { [weak self] text in self?.toast(text, brief: true) },
            window: { [weak self] in self?.window },
            remembered: { [weak self] uri in self?.memory?.trackChoice(for: uri) },
            remember: { [weak self] choice, uri in self?.memory?.store(choice: choice, for: uri) }))
        addActions()
        // Captured before focused buttons or the seek bar see them, so Space
        // always plays or pauses and arrows always seek.
        ScopedShortcuts.attach(scope: .player, to: widget, capture: true)
        bars.watchInput()
        watchSeekBar()
        watchVolumeBar()
        view.onPresented = { [weak self] frame in self?.presented(frame) }
        let doubleClick = gtk_gesture_click_new()!
        Signals.connect(UnsafeMutableRawPointer(doubleClick), .pressed) { [weak self] press in
            if press.presses == 2 { self?.activate(.fullscreen) }
        }
        gtk_widget_add_controller(view.widget, doubleClick)
    }

    // MARK: Opening and closing

    /// Plays `locator` (replacing whatever played), offering to resume a
    /// remembered position.
    /// `at`: from there (the same video opened again), with no offer;
    /// `paused`: kept paused there.
    func open(_ locator: MediaLocator, title: String, at position: Double? = nil, paused: Bool = false) {
        let shown = position == nil ? nil : screen.paintable.currentFrame
        // Marks belong to a video: the same one opened again (new
        // subtitles) keeps them, but not the loop of the player it had.
        let sameVideo = locator.uri == self.locator?.uri
        stop()
        self.locator = locator
        gtk_label_set_text(cast(controls.title), title)
        // The video is a stop of its own (it keeps the player's keys while
        // the bars are hidden): a screen reader names it as the video.
        AccessibleLabel.set(view.widget, title)
        StackPages.show(stack, Pane.video)
        showWaiting(connectingText)
        // The first frame's latency counts from here.
        let openedAt = Date()
        PlayerPage.openings += 1
        track = PlayerPage.openings
        artURL = ThumbnailCache().existing(for: locator.uri).map { URL(fileURLWithPath: $0).absoluteString }

        // The leak count starts before the first pipeline exists.
        if Trace.shared.isEnabled { _ = GstObjectCount.live() }
        let subtitles = trackMenus.prepare(for: locator.uri)
        let player = Player(uri: locator.uri, subtitleURI: subtitles.subtitleURI, subtitleEncoding: subtitles.encoding)
        player.sink.setDeinterlacing(deinterlacing)
        self.player = player
        trackMenus.attach(player)
        screen.attach(player.sink, showing: shown)
        view.contentMode = contentMode
        player.volume = settings?.double(.volume, fallback: 1) ?? 1
        player.isMuted = settings?.bool(.muted) ?? false
        player.onEvent = { [weak self] event in self?.handle(event) }
        controls.setRate(1)
        if let speed = actions[.speed] { ActionState.set(speed, PlaybackSpeed.key(1)) }
        controls.setQualities(available: false)
        // Streams start at the cap chosen in Preferences; the menu changes
        // it for this video only.
        let quality = StreamQuality(rawValue: settings?.string(.streamQuality) ?? "") ?? .auto
        player.quality = quality
        controls.setQuality(quality)
        if let action = actions[.quality] { ActionState.set(action, quality.rawValue) }
        controls.setLive(position: 0, window: nil, behind: 0)
        liveEdge = LiveEdge()
        controls.setSound(volume: player.volume, muted: player.isMuted)
        controls.setPlaying(true)
        controls.setPosition(0, duration: nil)
        chapterControls.show(player.chapters)
        if sameVideo { marks.setLooping(false, frameDuration: player.frameDuration, duration: nil) } else { marks.clear() }
        partChanged()
        audioCover.hide()
        openedTitle = title
        bars.opened()
        if !player.hasAudioOutput {
            toast(tr("No sound output was found: the video plays without sound."))
        }
        let resume = ResumeChoice(rawValue: settings?.string(.resume) ?? "") ?? .ask
        let start = position.map(ResumeChoice.Start.resume) ?? resume.start(saved: memory?.position(for: locator.uri))
        apply(.opened(start, paused: paused, at: openedAt))
        ticker = MainContext.every(milliseconds: 250) { [weak self] in
            self?.tick()
            return self != nil
        }
        bars.show()
        if isShowingVideo { controls.focusPlayButton() }
        onEvent?(.opened(title: title))
    }

    /// The same video with another subtitle file (or encoding), from where
    /// it is: playbin reads a subtitle file only when it opens.
    private func reopen(subtitleURI: String, encoding: String?) {
        guard let locator, let player else { return }
        let position = player.position ?? 0
        let wasPlaying = player.wantsPlaying
        Trace.shared.event(.playerSubtitleFile, ["uri": subtitleURI, "reopen": 1])
        open(locator, title: title, at: position, paused: !wasPlaying)
    }

    /// A subtitle file dropped on the player.
    func loadSubtitle(_ uri: String) {
        trackMenus.load(uri)
    }

    /// Moves the playing video into `other` (the mini window's view, with
    /// its subtitle line), or back into the page with nil: the same pipeline
    /// and position, only the frames and the lines go elsewhere, starting
    /// with the frame on screen.
    func showVideo(in other: (view: VideoView, subtitles: SubtitleView)?) {
        let target = other?.view ?? view
        guard target !== screen else { return }
        let frame = screen.paintable.currentFrame
        screen.showSubtitle(nil)
        screen.attach(nil)
        screen.onPresented = nil
        screen = target
        target.onPresented = { [weak self] frame in self?.presented(frame) }
        target.attach(player?.sink, showing: frame)
        subtitleScreen.show([])
        subtitleScreen = other?.subtitles ?? subtitleView
        applySubtitleSettings()
        Trace.shared.event(other == nil ? .pipLeave : .pipEnter, ["position": player?.position ?? -1])
        if other == nil { bars.show() }
    }

    /// The keyboard starts on Play/Pause (the page shows again after the
    /// mini window), or on the error page's buttons; on the video while the
    /// bars are hidden (a hidden button cannot hold the focus).
    func focusDefault() {
        if gtk_stack_get_visible_child(stack) == errorPage {
            _ = gtk_widget_child_focus(errorPage, GTK_DIR_TAB_FORWARD)
        } else if bars.isShown {
            controls.focusPlayButton()
        } else {
            gtk_widget_grab_focus(view.widget)
        }
    }

    /// Whether the frames go to the page's own view.
    var isShowingVideo: Bool { screen === view }

    var playbackState: PlaybackState? { player?.state }

    /// The address of the video open in the player.
    var address: String? { player == nil ? nil : locator?.uri }

    /// Position and duration in seconds, for the mini window's progress.
    var progress: (position: Double, duration: Double)? {
        guard let player, let duration = player.duration, duration > 0 else { return nil }
        return (player.state == .ended ? duration : (player.position ?? 0), duration)
    }

    /// The video's shape (display width / height) once a frame has shown.
    var videoAspect: Double? {
        guard let frame = screen.paintable.currentFrame, frame.displayHeight > 0 else { return nil }
        return Double(frame.displayWidth) / Double(frame.displayHeight)
    }

    var title: String { String(cString: gtk_label_get_text(cast(controls.title))) }

    /// Stops playback and remembers where a long video was left, and how
    /// much of it was watched.
    func stop() {
        guard let player else { return }
        if let locator {
            // An ended video is at its end, whatever the pipeline's last position said.
            let position = player.state == .ended ? player.duration : player.position
            memory?.store(position: ResumePolicy.positionToRemember(
                position, duration: player.duration,
                minimumDuration: Double(settings?.int(.resumeMinimum) ?? 3) * 60), for: locator.uri)
            memory?.stopped(locator.uri, title: title, at: position, of: player.isLiveStream ? nil : player.duration)
        }
        ticker?.remove()
        ticker = nil
        bars.stop()
        preciseSeek?.remove()
        preciseSeek = nil
        screensaver.uninhibit()
        screen.attach(nil)
        shownPTS = nil
        subtitleRefresh?.remove()
        subtitleRefresh = nil
        subtitleScreen.show([])
        player.close()
        self.player = nil
        bars.setCursorHidden(false)
        if Trace.shared.isEnabled {
            // What a closed player leaves behind, for the leak test.
            Trace.shared.event(.playerStopped, [
                "threads": ProcessCounts.threads, "fds": ProcessCounts.fileDescriptors,
                // GStreamer's own count (GST_TRACERS=leaks): Debian's GLib
                // counts no instances (built without debugging).
                "gst-objects": GstObjectCount.live() ?? -1,
            ])
        }
    }

    var isFullscreen: Bool {
        guard let window = window else { return false }
        return gtk_window_is_fullscreen(window) != 0
    }

    var window: UnsafeMutablePointer<GtkWindow>? {
        gtk_widget_get_root(widget).map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWindow.self) }
    }

    // MARK: The page's decisions

    /// Hands `event` to the page's state and carries out what it decided,
    /// in order.
    func apply(_ event: PlayerPageState.Event) {
        for effect in pageState.handle(event) {
            switch effect {
            case .offerResume(let seconds): toasts.offerResume(at: seconds)
            case .play: player?.play()
            case .pause: player?.pause()
            case .seek(let seconds):
                guard let player else { continue }
                player.seek(to: seconds)
                controls.setPosition(min(max(0, seconds), player.duration ?? seconds), duration: player.duration)
                bars.show()
            case .showPosition: refreshPosition()
            case .close: onEvent?(.close)
            case .playNext: MainContext.soon { [weak self] in self?.onEvent?(.step(forward: true)) }
            case .placeSubtitle: refreshSubtitle()
            case .reportChange: onEvent?(.changed)
            case .traceDroppedFrames:
                if let player { Trace.shared.event(.playerStats, ["dropped": player.droppedFrames]) }
            case .traceFirstFrame:
                // Comes only of a presented frame: `presented` traces it, with the frame's times.
                break
            }
        }
    }

    // MARK: Player events

    private func handle(_ event: Player.Event) {
        defer { onEvent?(.changed) }
        switch event {
        case .state(let state):
            stateChanged(state)
            if state == .playing { trackMenus.tracksChanged() }
        case .failure(let problem): showError(problem)
        case .buffering(let percent): buffering(percent)
        case .duration:
            refreshPosition()
            if !marks.isEmpty { partChanged() }
        case .manifest(let manifest): controls.setQualities(available: manifest.variants.count > 1)
        case .chapters(let chapters): chapterControls.show(chapters)
        case .tags: showAudioCover()
        case .tracks: trackMenus.tracksChanged()
        case .subtitleRenditionFailed: toast(tr("These subtitles could not be loaded from the server."))
        case .seekDone:
            guard let position = player?.position else { return }
            Trace.shared.event(.playerSeekDone, ["position": position])
            loopMayHaveEnded()
            refreshPosition()
            onEvent?(.seeked(to: position))
        }
    }

    /// Sound without a picture: its cover, title and artist over the black.
    private func showAudioCover() {
        guard let player, player.isAudioOnly else { return }
        audioCover.show(player.tags, name: openedTitle)
        gtk_label_set_text(cast(controls.title), player.tags.title(or: openedTitle))
    }

    private func stateChanged(_ state: PlaybackState) {
        showAudioCover()
        onEvent?(.stateChanged(state))
        controls.setPlaying(state.isUnderWay)
        if state == .playing { screensaver.inhibit() } else { screensaver.uninhibit() }
        switch state {
        case .opening:
            showWaiting(connectingText)
        case .reconnecting:
            // Nothing came yet: still connecting, nothing was lost.
            showWaiting(player?.hasPlayed == true ? tr("Connection lost. Reconnecting…") : connectingText)
        case .buffering:
            break
        default:
            showWaiting(nil)
        }
        // The end action, and the position to resume from.
        apply(.stateChanged(state, endAction: endAction, at: Date()))
        if state != .playing { bars.show() }
    }

    /// What plays in turn (the owner's PlayQueue): Previous and Next, their
    /// keys and the place in the title bar follow it.
    func setQueue(_ queue: PlayQueue) {
        self.queue = queue
        let ends = endAction.queueEnds
        g_simple_action_set_enabled(actions[.previous], queue.hasPrevious(ends) ? 1 : 0)
        g_simple_action_set_enabled(actions[.next], queue.hasNext(ends) ? 1 : 0)
        g_simple_action_set_enabled(actions[.saveQueue], queue.isWalkable ? 1 : 0)
        controls.setQueue(queue)
    }

    /// "Connecting to example.org…" while a remote video opens; nil for a
    /// local one (it opens at once).
    private var connectingText: String? {
        locator?.host.map { CoreText.format(tr("Connecting to %s…"), [$0]) }
    }

    /// Shows the waiting badge with `text`, or hides it.
    private func showWaiting(_ text: String?) {
        let wasShown = gtk_widget_get_visible(waitingBadge) != 0
        if let text { gtk_label_set_text(cast(bufferingLabel), text) }
        gtk_widget_set_visible(waitingBadge, text == nil ? 0 : 1)
        if let text {
            Trace.shared.event(.playerWaiting, ["shown": 1, "text": text])
        } else if wasShown {
            Trace.shared.event(.playerWaiting, ["shown": 0])
        }
    }

    private func buffering(_ percent: Int) {
        showWaiting(percent < 100 ? tr("Buffering…") + " \(percent) %" : nil)
    }

    private func showError(_ problem: VideoProblem) {
        screensaver.uninhibit()
        adw_status_page_set_description(cast(errorPage), CoreText.describe(problem))
        StackPages.show(stack, Pane.error)
        focusDefault()
        bars.setCursorHidden(false)
        if !isShowingVideo { onEvent?(.failedElsewhere) }
    }

    // MARK: Periodic updates

    private func tick() {
        // Paused, no frame comes: a choice in the menu shows at once.
        refreshSubtitle()
        apply(.tick(at: Date(), tracing: Trace.shared.isEnabled))
        if statistics.isShown { refreshStatistics() }
    }

    func refreshPosition() {
        guard let player else { return }
        if let window = player.liveWindow {
            let position = player.position ?? window.end
            let behind = liveEdge.behind(position: position, windowEnd: window.end)
            controls.setLive(position: position, window: window, behind: behind)
            Trace.shared.event(.playerLive, ["position": position, "start": window.start, "end": window.end, "behind": behind])
            return
        }
        controls.setLive(position: 0, window: nil, behind: 0)
        let duration = player.duration
        let position = player.state == .ended ? (duration ?? 0) : (player.position ?? 0)
        controls.setPosition(position, duration: duration)
        controls.setChapter(chapterControls.title(at: position))
    }

    func refreshStatistics() {
        guard let player else { return }
        statistics.show(player.statistics, chapter: chapterControls.title(at: player.position ?? 0),
                        deinterlacing: deinterlacing)
    }

    /// The deinterlace setting (automatic unless the user turned it off).
    var deinterlacing: Deinterlacing {
        Deinterlacing(rawValue: settings?.string(.deinterlace) ?? "") ?? .automatic
    }
}
