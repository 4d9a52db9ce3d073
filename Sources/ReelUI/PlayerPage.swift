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
final class PlayerPage {
    let widget: UnsafeMutablePointer<GtkWidget>
    /// The file holds the page's widgets for as long as the page lives.
    private let layout: UIFile
    private let stack: OpaquePointer
    private let overlay: UnsafeMutablePointer<GtkWidget>
    private let toasts: OpaquePointer
    /// Lifts the toasts above the control bar (see `show`).
    private let toastStyle = gtk_css_provider_new()!
    private var toastLift: Int32 = 0
    /// The control bars' margin in style.css (`.reel-player-bar`).
    private static let barMargin: Int32 = 12
    /// Room for one toast (libadwaita's are about 46 px high) and a gap.
    private static let toastHeight: Int32 = 56
    private let view = VideoView(role: "player")
    /// Where the frames go: the page's own view, or the picture-in-picture
    /// window's while the video plays there.
    private var screen: VideoView
    private let controls = PlayerControls()
    private let chapterControls: ChapterControls
    /// The cover and tags of sound without a picture, under the bars.
    private let audioCover = AudioCover()
    /// The Audio and Subtitles menus.
    private var trackMenus: TrackMenus!
    private let subtitleView = SubtitleView()
    /// Where the line shows: the page's own, or the mini window's while the
    /// video plays there.
    private var subtitleScreen: SubtitleView
    /// The stream time of the frame on screen, for the subtitle over it.
    private var shownPTS: UInt64?
    private var subtitleRefresh: SourceID?
    /// Toasts on screen: the subtitle line rises above them.
    private var toastsShown = 0
    /// Opened again paused (`reopen`): the position is sought when paused.
    private var reopenedPaused = false
    private let topRevealer: OpaquePointer
    private let bottomRevealer: OpaquePointer
    private let bufferingLabel: UnsafeMutablePointer<GtkWidget>
    private let waitingBadge: UnsafeMutablePointer<GtkWidget>
    private let statisticsLabel: UnsafeMutablePointer<GtkWidget>
    private let errorPage: UnsafeMutablePointer<GtkWidget>
    private let settings: Settings?
    private var actions: [PlayerAction: OpaquePointer] = [:]
    private let settingWatch: SettingWatch
    /// Where to go once the video plays (the `resume` setting's "always").
    private var resumeWhenPlaying: Double?
    /// The "player" actions, shared with the picture-in-picture window.
    private(set) var actionGroup: OpaquePointer?

    private var player: Player?
    private var locator: MediaLocator?
    private var contentMode: ContentMode = .fit
    private var ticker: SourceID?
    private var hideTimer: SourceID?
    private var preciseSeek: SourceID?
    private var seekingUntil = Date.distantPast
    private var nextStatsTrace = Date.distantPast
    private var lastPointer: (Double, Double) = (-1, -1)
    private var controlsShown = true
    /// Whether the bars may fade now, and what Tab does while they are gone.
    private var fade = ControlsFade()
    /// The Tabs that came while the bars were off screen, carried out in
    /// order once they are on screen again (a quick second Tab is not lost).
    private var pendingFocusMoves: [GtkDirectionType] = []
    private var inhibitCookie: guint = 0
    private var openedAt = Date()
    private var presentedFirstFrame = false
    private var liveEdge = LiveEdge()
    /// MPRIS: Stop paused the video at its start (PlaybackStatus
    /// "Stopped" until it plays or moves).
    private var stoppedOnRequest = false
    /// MPRIS's track ID: each opening of a video is a new track (counted
    /// on the main thread only).
    nonisolated(unsafe) private static var openings = 0
    private var track = 0
    /// The video's freedesktop thumbnail, MPRIS's art, when one exists.
    private var artURL: String?
    /// The title the video was opened with (an audio file's title tag
    /// replaces it in the title bar).
    private var openedTitle = ""

    /// The main window: where the page reports and what it asks.
    weak var delegate: PlayerPageDelegate?

    init(settings: Settings?) {
        self.settings = settings
        settingWatch = SettingWatch(settings)
        screen = view
        subtitleScreen = subtitleView
        chapterControls = ChapterControls(seekBar: controls.seekBar, button: controls.chaptersButton)
        layout = UIFile("player-page.ui")
        toasts = OpaquePointer(layout.widget("toasts", adw_toast_overlay_get_type()))
        stack = OpaquePointer(layout.widget("stack", gtk_stack_get_type()))
        overlay = layout.widget("overlay", gtk_overlay_get_type())
        topRevealer = OpaquePointer(layout.widget("top-revealer", gtk_revealer_get_type()))
        bottomRevealer = OpaquePointer(layout.widget("bottom-revealer", gtk_revealer_get_type()))
        waitingBadge = layout.widget("waiting-badge", gtk_box_get_type())
        bufferingLabel = layout.widget("waiting-label", gtk_label_get_type())
        statisticsLabel = layout.widget("statistics", gtk_label_get_type())
        errorPage = layout.widget("error-page", adw_status_page_get_type())
        widget = cast(toasts)
        gtk_style_context_add_provider_for_display(gtk_widget_get_display(widget), cast(toastStyle),
                                                   guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        gtk_overlay_set_child(cast(overlay), view.widget)
        gtk_overlay_add_overlay(cast(overlay), audioCover.widget)
        gtk_widget_insert_after(audioCover.widget, overlay, view.widget)
        // Over the picture, under the control bars.
        gtk_overlay_add_overlay(cast(overlay), subtitleView.widget)
        gtk_widget_insert_after(subtitleView.widget, overlay, view.widget)
        gtk_revealer_set_child(topRevealer, controls.top)
        gtk_revealer_set_child(bottomRevealer, controls.bottom)
        StatusPage.withoutScrollStop(errorPage)
        UnnamedButtons.name(in: errorPage)

        trackMenus = TrackMenus(audioButton: controls.audioButton, subtitleButton: controls.subtitleButton, host: .init(
            reopen: { [weak self] file, encoding in self?.reopen(subtitleURI: file, encoding: encoding) },
            toast: { [weak self] text in self?.toast(text, brief: true) },
            window: { [weak self] in self?.window },
            remembered: { [weak self] uri in self?.delegate?.playerPage(trackChoiceOf: uri) },
            remember: { [weak self] choice, uri in self?.delegate?.playerPage(store: choice, of: uri) }))
        addActions()
        // Captured before focused buttons or the seek bar see them, so Space
        // always plays or pauses and arrows always seek.
        ScopedShortcuts.attach(scope: .player, to: widget, capture: true)
        watchPointer()
        watchFocusKeys()
        watchSeekBar()
        watchVolumeBar()
        view.onPresented = { [weak self] frame in self?.presented(frame) }
        let doubleClick = gtk_gesture_click_new()!
        Signals.connect(UnsafeMutableRawPointer(doubleClick), "pressed") { [weak self] args in
            if args.int(1) == 2 { self?.activate(.fullscreen) }
        }
        gtk_widget_add_controller(view.widget, doubleClick)
    }

    // MARK: Opening and closing

    /// Plays `locator` (replacing whatever played), offering to resume a
    /// remembered position.
    /// `at`: from there (the same video opened again), with no offer.
    func open(_ locator: MediaLocator, title: String, at position: Double? = nil) {
        let shown = position == nil ? nil : screen.paintable.currentFrame
        stop()
        self.locator = locator
        gtk_label_set_text(cast(controls.title), title)
        // The video is a stop of its own (it keeps the player's keys while
        // the bars are hidden): a screen reader names it as the video.
        AccessibleLabel.set(view.widget, title)
        StackPages.show(stack, "video")
        showWaiting(connectingText)
        openedAt = Date()
        presentedFirstFrame = false
        stoppedOnRequest = false
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
        audioCover.hide()
        openedTitle = title
        fade.opened()
        if !player.hasAudioOutput {
            toast(tr("No sound output was found: the video plays without sound."))
        }
        let resume = ResumeChoice(rawValue: settings?.string(.resume) ?? "") ?? .ask
        resumeWhenPlaying = nil
        switch position.map(ResumeChoice.Start.resume) ?? resume.start(saved: delegate?.playerPage(savedPositionOf: locator.uri)) {
        case .fromBeginning: break
        case .offer(let saved): offerResume(at: saved)
        case .resume(let saved): resumeWhenPlaying = saved
        }
        ticker = MainContext.every(milliseconds: 250) { [weak self] in
            self?.tick()
            return self != nil
        }
        showControls()
        if isShowingVideo { controls.focusPlayButton() }
        delegate?.playerPage(opened: title)
    }

    /// The same video with another subtitle file (or encoding), from where
    /// it is: playbin reads a subtitle file only when it opens.
    private func reopen(subtitleURI: String, encoding: String?) {
        guard let locator, let player else { return }
        let position = player.position ?? 0
        let wasPlaying = player.wantsPlaying
        Trace.shared.event(.playerSubtitleFile, ["uri": subtitleURI, "reopen": 1])
        open(locator, title: title, at: position)
        if !wasPlaying {
            reopenedPaused = true
            self.player?.pause()
        }
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
        if other == nil { showControls() }
    }

    /// The keyboard starts on Play/Pause (the page shows again after the
    /// mini window), or on the error page's buttons; on the video while the
    /// bars are hidden (a hidden button cannot hold the focus).
    func focusDefault() {
        if gtk_stack_get_visible_child(stack) == errorPage {
            _ = gtk_widget_child_focus(errorPage, GTK_DIR_TAB_FORWARD)
        } else if controlsShown {
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

    /// Stops playback and remembers where a long video was left.
    func stop() {
        guard let player else { return }
        if let locator {
            delegate?.playerPage(store: ResumePolicy.positionToRemember(
                player.position, duration: player.duration,
                minimumDuration: Double(settings?.int(.resumeMinimum) ?? 3) * 60), of: locator.uri)
        }
        ticker?.remove()
        ticker = nil
        hideTimer?.remove()
        hideTimer = nil
        preciseSeek?.remove()
        preciseSeek = nil
        uninhibit()
        screen.attach(nil)
        shownPTS = nil
        subtitleRefresh?.remove()
        subtitleRefresh = nil
        subtitleScreen.show([])
        player.close()
        self.player = nil
        setCursorHidden(false)
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

    private var window: UnsafeMutablePointer<GtkWindow>? {
        gtk_widget_get_root(widget).map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWindow.self) }
    }

    // MARK: Actions

    private func addActions() {
        let group = g_simple_action_group_new()!
        let map = ActionGroup<PlayerAction>(map: UnsafeMutableRawPointer(group))
        map.add(.playPause) { [weak self] in self?.player?.togglePlaying() }
        map.add(.seekBackward) { [weak self] in self?.seek(by: -5) }
        map.add(.seekForward) { [weak self] in self?.seek(by: 5) }
        map.add(.jumpBackward) { [weak self] in self?.seek(by: -15) }
        map.add(.jumpForward) { [weak self] in self?.seek(by: 15) }
        map.add(.seekStart) { [weak self] in self?.seek(to: 0) }
        map.add(.seekEnd) { [weak self] in
            guard let duration = self?.player?.duration else { return }
            self?.seek(to: duration)
        }
        map.add(.seekPercent, withInt: { [weak self] percent in
            guard let duration = self?.player?.duration else { return }
            self?.seek(to: duration * Double(percent) / 100)
        })
        actions[.previous] = map.add(.previous) { [weak self] in self?.delegate?.playerPageStep(forward: false) }
        actions[.next] = map.add(.next) { [weak self] in self?.delegate?.playerPageStep(forward: true) }
        map.add(.previousChapter) { [weak self] in
            guard let self, let player = self.player,
                  let start = self.chapterControls.chapters.previousStart(before: player.position ?? 0) else { return }
            self.seek(to: start)
        }
        map.add(.nextChapter) { [weak self] in
            guard let self, let player = self.player,
                  let start = self.chapterControls.chapters.nextStart(after: player.position ?? 0) else { return }
            self.seek(to: start)
        }
        map.add(.chapter, withInt: { [weak self] index in
            guard let self, self.chapterControls.chapters.all.indices.contains(index) else { return }
            self.seek(to: self.chapterControls.chapters.all[index].start)
        })
        map.add(.frameBackward) { [weak self] in self?.player?.step(forward: false) }
        map.add(.frameForward) { [weak self] in self?.player?.step(forward: true) }
        map.add(.volumeUp) { [weak self] in self?.changeVolume(by: 1) }
        map.add(.volumeDown) { [weak self] in self?.changeVolume(by: -1) }
        map.add(.mute) { [weak self] in
            guard let self, let player = self.player else { return }
            player.isMuted.toggle()
            self.soundChanged()
        }
        map.add(.slower) { [weak self] in self?.setRate(PlaybackSpeed.slower(than: self?.player?.rate ?? 1)) }
        map.add(.faster) { [weak self] in self?.setRate(PlaybackSpeed.faster(than: self?.player?.rate ?? 1)) }
        map.add(.normalSpeed) { [weak self] in self?.setRate(1) }
        actions[.speed] = map.add(.speed, state: PlaybackSpeed.key(1)) { [weak self] key in
            guard let rate = PlaybackSpeed.rate(forKey: key) else { return false }
            self?.setRate(rate)
            return false // setRate sets the state
        }
        actions[.quality] = map.add(.quality, state: StreamQuality.auto.rawValue) { [weak self] value in
            guard let self, let quality = StreamQuality(rawValue: value) else { return false }
            self.player?.quality = quality
            self.controls.setQuality(quality)
            Trace.shared.event(.playerQuality, ["quality": quality.rawValue])
            return true
        }
        map.add(.goLive) { [weak self] in
            guard let self, let player = self.player, player.isLiveStream else { return }
            player.goLive()
            self.liveEdge.rejoin()
            Trace.shared.event(.playerGoLive)
            self.showControls()
        }
        map.add(.aspect) { [weak self] in self?.setContentMode((self?.contentMode ?? .fit).next) }
        actions[.contentMode] = map.add(.contentMode, state: ContentMode.fit.rawValue) { [weak self] value in
            guard let mode = ContentMode(rawValue: value) else { return false }
            self?.setContentMode(mode)
            return false
        }
        let deinterlace = map.add(.deinterlace, state: deinterlacing.rawValue) { [weak self] value in
            guard let self, let choice = Deinterlacing(rawValue: value) else { return false }
            // The key's watch below sets the state and the video; with no
            // key to write, here.
            guard self.settings?.setString(.deinterlace, value) == true else {
                self.applyDeinterlacing(choice)
                return true
            }
            return false
        }
        actions[.endAction] = map.add(.endAction, state: endAction.rawValue) { [weak self] value in
            guard EndAction(rawValue: value) != nil else { return false }
            // The key's watch below sets the state.
            return self?.settings?.setString(.endAction, value) != true
        }
        // The menus follow the keys, wherever they changed (Preferences too).
        settingWatch.on(.deinterlace) { [weak self] in
            guard let self else { return }
            ActionState.set(deinterlace, self.deinterlacing.rawValue)
            self.applyDeinterlacing(self.deinterlacing)
        }
        // The end action changes from the menu, from MPRIS, from Preferences
        // or from outside the app: the menu and MPRIS follow the setting.
        applySubtitleSettings()
        settingWatch.on(.subtitleSize) { [weak self] in self?.applySubtitleSettings() }
        settingWatch.on(.subtitleFont) { [weak self] in self?.applySubtitleSettings() }
        settingWatch.on(.endAction) { [weak self] in
            guard let self, let action = self.actions[.endAction] else { return }
            ActionState.set(action, self.endAction.rawValue)
            self.delegate?.playerPageChanged()
        }
        trackMenus.addActions(to: map)
        map.add(.subtitleBigger) { [weak self] in self?.resizeSubtitles(by: 1) }
        map.add(.subtitleSmaller) { [weak self] in self?.resizeSubtitles(by: -1) }
        map.add(.fullscreen) { [weak self] in self?.toggleFullscreen() }
        map.add(.pictureInPicture) { [weak self] in
            self?.delegate?.playerPageTogglePictureInPicture()
        }
        map.add(.statistics) { [weak self] in self?.toggleStatistics() }
        map.add(.screenshot) { [weak self] in
            guard let self, let player = self.player else { return }
            FrameScreenshot.save(from: player.sink, in: ChosenFolders.current(settings).folder(for: .screenshot)) { [weak self] result in
                self?.show(ScreenshotToast.make(result, settings: self?.settings))
            }
        }
        map.add(.back) { [weak self] in self?.back() }
        map.add(.close) { [weak self] in self?.delegate?.playerPageClose() }
        map.add(.retry) { [weak self] in
            guard let self, let locator = self.locator else { return }
            self.open(locator, title: self.title)
        }
        map.add(.resume, withString: { [weak self] seconds in
            if let position = Double(seconds) { self?.seek(to: position) }
        })
        map.insert(on: widget)
        actionGroup = OpaquePointer(group)
        g_object_unref(UnsafeMutableRawPointer(group))
    }

    private func activate(_ action: PlayerAction) {
        _ = gtk_widget_activate_action_variant(widget, action.detailedName, nil)
    }

    // MARK: Commands

    /// The end action setting (stop unless the person chose another).
    private var endAction: EndAction {
        settings.flatMap { EndAction(rawValue: $0.string(.endAction)) } ?? .stop
    }

    /// The player as MPRIS shows it; nil when no video is open.
    var mprisState: MPRISState? {
        guard let player, let locator else { return nil }
        let metadata = MPRISMetadata(serial: track, title: title, url: locator.uri, length: player.duration, artURL: artURL)
        return MPRISState(playback: player.state, stoppedOnRequest: stoppedOnRequest, seekable: !player.isLiveStream,
                          endAction: endAction, rate: player.rate, volume: player.volume, muted: player.isMuted,
                          metadata: metadata)
    }

    /// Where the video is (its end once it ended), in seconds.
    var position: Double { progress?.position ?? player?.position ?? 0 }

    /// A request over MPRIS; the window's own (raise, full screen, quit)
    /// are the main window's.
    func perform(_ command: MPRISCommand) {
        guard let player else { return }
        switch command {
        case .play: player.play()
        case .pause: player.pause()
        case .playPause: player.togglePlaying()
        case .stop:
            player.pause()
            seek(to: 0)
            stoppedOnRequest = true
            delegate?.playerPageChanged()
        case .seek(let seconds): seek(to: seconds)
        case .rate(let rate): setRate(rate)
        case .volume(let volume):
            player.volume = volume
            player.isMuted = false
            soundChanged()
        case .endAction(let action): _ = settings?.setString(.endAction, action.rawValue)
        case .fullscreen, .next, .previous, .raise, .quit, .open: break
        }
    }

    private func seek(by seconds: Double) {
        guard let player, let position = player.position else { return }
        seek(to: position + seconds)
    }

    private func seek(to seconds: Double) {
        guard let player else { return }
        stoppedOnRequest = false
        player.seek(to: seconds)
        seekingUntil = Date().addingTimeInterval(0.5)
        controls.setPosition(min(max(0, seconds), player.duration ?? seconds), duration: player.duration)
        showControls()
    }

    private func setRate(_ rate: Double) {
        guard let player else { return }
        player.setRate(rate)
        controls.setRate(rate)
        if let speed = actions[.speed] { ActionState.set(speed, PlaybackSpeed.key(rate)) }
        toast(CoreText.format(tr("Speed %s"), [PlaybackSpeed.label(rate)]), brief: true)
        delegate?.playerPageChanged()
    }

    private func setContentMode(_ mode: ContentMode) {
        contentMode = mode
        view.contentMode = mode
        if let action = actions[.contentMode] { ActionState.set(action, mode.rawValue) }
        Trace.shared.event(.playerContentMode, ["mode": mode.rawValue])
        toast(tr(mode.title), brief: true)
    }

    private func changeVolume(by steps: Int) {
        guard let player else { return }
        player.volume = VolumeLevel.stepped(player.volume, by: steps)
        if steps > 0 { player.isMuted = false }
        soundChanged()
    }

    private func soundChanged() {
        guard let player else { return }
        controls.setSound(volume: player.volume, muted: player.isMuted)
        settings?.setDouble(.volume, player.volume)
        _ = settings?.setBool(.muted, player.isMuted)
        Trace.shared.event(.playerVolume, ["volume": player.volume, "muted": player.isMuted ? 1 : 0])
        showControls()
        delegate?.playerPageChanged()
    }

    private func toggleFullscreen() {
        guard let window else { return }
        if isFullscreen { gtk_window_unfullscreen(window) } else { gtk_window_fullscreen(window) }
    }

    /// Esc: leave full screen first, then the player.
    private func back() {
        if isFullscreen, let window {
            gtk_window_unfullscreen(window)
        } else {
            delegate?.playerPageClose()
        }
    }

    private func toggleStatistics() {
        let visible = gtk_widget_get_visible(statisticsLabel) == 0
        gtk_widget_set_visible(statisticsLabel, visible ? 1 : 0)
        if visible { refreshStatistics() }
        Trace.shared.event(.playerStatistics, ["shown": visible ? 1 : 0])
    }

    private func offerResume(at seconds: Double) {
        let toast = adw_toast_new(CoreText.format(tr("Resume from %s?"), [DurationText.format(seconds)]))!
        adw_toast_set_button_label(toast, tr("_Resume"))
        adw_toast_set_action_name(toast, PlayerAction.resume.detailedName)
        adw_toast_set_action_target_value(toast, g_variant_new_string(String(seconds)))
        adw_toast_set_timeout(toast, 10)
        show(toast)
    }

    /// Where brief notes go while the video shows elsewhere (the mini
    /// window's), since the page's toasts are out of sight then.
    var showBriefNoteElsewhere: ((String) -> Void)?

    private func toast(_ text: String, brief: Bool = false) {
        if brief, !isShowingVideo, let showBriefNoteElsewhere { return showBriefNoteElsewhere(text) }
        let toast = adw_toast_new(text)!
        adw_toast_set_timeout(toast, brief ? 1 : 5)
        if brief { adw_toast_set_priority(toast, ADW_TOAST_PRIORITY_HIGH) }
        show(toast)
    }

    /// Shows a toast above the control bar, never over its buttons: toasts
    /// sit at the bottom of the page, so their bottom margin is the bar's
    /// height (which the font and the window's width change) plus a gap.
    private func show(_ toast: OpaquePointer) {
        // Measured, not read from the allocation: the first toast may come
        // before the page was ever laid out.
        var natural: Int32 = 0
        gtk_widget_measure(controls.bottom, GTK_ORIENTATION_VERTICAL, -1, nil, &natural, nil, nil)
        let bar = max(gtk_widget_get_height(controls.bottom), natural)
        if bar > 0, bar != toastLift {
            toastLift = bar
            let margin = bar + 2 * PlayerPage.barMargin
            gtk_css_provider_load_from_data(toastStyle, ".reel-player-toasts > toast { margin-bottom: \(margin)px; }", -1)
        }
        toastsShown += 1
        Signals.connect(UnsafeMutableRawPointer(toast), "dismissed") { [weak self] in
            guard let self else { return }
            self.toastsShown = max(0, self.toastsShown - 1)
            self.refreshSubtitle()
        }
        UnnamedButtons.add(toast, to: toasts)
        refreshSubtitle()
    }

    // MARK: Player events

    private func handle(_ event: Player.Event) {
        defer { delegate?.playerPageChanged() }
        switch event {
        case .state(let state):
            stateChanged(state)
            if state == .playing { trackMenus.tracksChanged() }
        case .failure(let problem): showError(problem)
        case .buffering(let percent): buffering(percent)
        case .duration: refreshPosition()
        case .manifest(let manifest): controls.setQualities(available: manifest.variants.count > 1)
        case .chapters(let chapters): chapterControls.show(chapters)
        case .tags: showAudioCover()
        case .tracks: trackMenus.tracksChanged()
        case .subtitleRenditionFailed: toast(tr("These subtitles could not be loaded from the server."))
        case .seekDone:
            guard let position = player?.position else { return }
            Trace.shared.event(.playerSeekDone, ["position": position])
            refreshPosition()
            delegate?.playerPage(seekedTo: position)
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
        if state != .paused { stoppedOnRequest = false }
        delegate?.playerPage(stateChanged: state)
        controls.setPlaying(state.isUnderWay)
        if state == .playing { inhibit() } else { uninhibit() }
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
        if state == .ended { ended() }
        // A seek needs a pipeline that has started: the remembered position
        // is sought once the video plays (or, opened again paused for
        // another subtitle file, once it shows its first picture).
        if state == .playing || (state == .paused && reopenedPaused), let position = resumeWhenPlaying {
            reopenedPaused = false
            resumeWhenPlaying = nil
            seek(to: position)
        }
        if state != .playing { showControls() }
    }

    private func ended() {
        refreshPosition()
        switch endAction {
        case .stop:
            break
        case .close:
            delegate?.playerPageClose()
        case .loop:
            player?.play()
        case .next:
            MainContext.soon { [weak self] in self?.delegate?.playerPageStep(forward: true) }
        }
    }

    /// What plays in turn (the owner's PlayQueue): Previous and Next, their
    /// keys and the place in the title bar follow it.
    func setQueue(_ queue: PlayQueue) {
        g_simple_action_set_enabled(actions[.previous], queue.hasPrevious() ? 1 : 0)
        g_simple_action_set_enabled(actions[.next], queue.hasNext() ? 1 : 0)
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
        uninhibit()
        adw_status_page_set_description(cast(errorPage), CoreText.describe(problem))
        StackPages.show(stack, "error")
        focusDefault()
        setCursorHidden(false)
        if !isShowingVideo { delegate?.playerPageFailedElsewhere() }
    }

    private func presented(_ frame: VideoFrame) {
        let streamTime = frame.streamTime
        let fields: [String: Sendable] = ["pts": frame.pts.map { Double($0) / 1e9 } ?? -1,
                                          "running": frame.runningTime.map { Double($0) / 1e9 } ?? -1]
        if !presentedFirstFrame {
            presentedFirstFrame = true
            var first = fields
            first["latency"] = Date().timeIntervalSince(openedAt)
            // The same count as "player-stopped", taken while the pipeline
            // lives: above 0 here proves the count works (the leak test
            // relies on it).
            if Trace.shared.isEnabled, let live = GstObjectCount.live() { first["gst-objects"] = live }
            Trace.shared.event(.playerFirstFrame, first)
        }
        if Trace.shared.isEnabled { Trace.shared.event(.frame, fields) }
        shownPTS = streamTime
        // After the frame is drawn: a label shown while GTK draws has no
        // size yet.
        if subtitleRefresh == nil {
            subtitleRefresh = MainContext.soon { [weak self] in
                self?.subtitleRefresh = nil
                self?.refreshSubtitle()
            }
        }
    }

    /// The line over the frame on screen, where the picture is.
    private func refreshSubtitle() {
        screen.showSubtitle(shownPTS.flatMap { player?.subtitlePicture(at: $0) })
        let lines = shownPTS.flatMap { player?.subtitles(at: $0) } ?? []
        subtitleScreen.show(lines)
        guard !lines.isEmpty else { return }
        guard subtitleScreen === subtitleView else {
            // The mini window takes the video's shape, and its controls
            // float in the middle, over the picture.
            return subtitleScreen.place(aspect: videoAspect, mode: .fit, lift: 0)
        }
        // Above the bar while it shows, above a toast (over the bar's place) while one shows.
        let bar = max(gtk_widget_get_height(controls.bottom), toastLift) + 2 * PlayerPage.barMargin
        let lift = toastsShown > 0 ? bar + PlayerPage.toastHeight : controlsShown ? bar : 0
        // A top line (an ASS sign) goes under the top bar while it shows.
        let drop = controlsShown ? gtk_widget_get_height(controls.top) + 2 * PlayerPage.barMargin : 0
        subtitleView.place(aspect: videoAspect, mode: contentMode, lift: lift, drop: drop)
    }

    /// Ctrl+plus and minus: the size is a setting, so it is kept (and
    /// Preferences shows it).
    private func resizeSubtitles(by steps: Int) {
        let scale = subtitleView.resize(by: steps)
        subtitleScreen.setScale(scale)
        _ = settings?.setInt(.subtitleSize, Int32((scale * 100).rounded()))
        refreshSubtitle()
        toast(CoreText.format(tr("Subtitle size %s"), ["\(Int((scale * 100).rounded())) %"]), brief: true)
    }

    /// The subtitles' size and font as the settings say.
    private func applySubtitleSettings() {
        for lines in [subtitleView, subtitleScreen] {
            lines.setScale(Double(settings?.int(.subtitleSize) ?? 100) / 100)
            lines.setFont(settings?.string(.subtitleFont) ?? "")
        }
        refreshSubtitle()
    }

    // MARK: Periodic updates

    private func tick() {
        // Paused, no frame comes: a choice in the menu shows at once.
        refreshSubtitle()
        if Date() > seekingUntil { refreshPosition() }
        if gtk_widget_get_visible(statisticsLabel) != 0 { refreshStatistics() }
        // The frames dropped so far, once a second, for the playback bench.
        if Trace.shared.isEnabled, let player, Date() >= nextStatsTrace {
            nextStatsTrace = Date().addingTimeInterval(1)
            Trace.shared.event(.playerStats, ["dropped": player.droppedFrames])
        }
    }

    private func refreshPosition() {
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

    /// The deinterlace setting (automatic unless the user turned it off).
    private func applyDeinterlacing(_ choice: Deinterlacing) {
        player?.sink.setDeinterlacing(choice)
        refreshStatistics()
    }

    private var deinterlacing: Deinterlacing {
        Deinterlacing(rawValue: settings?.string(.deinterlace) ?? "") ?? .automatic
    }

    private func refreshStatistics() {
        guard let stats = player?.statistics else { return }
        let dash = "—"
        var video = stats.videoCodec ?? dash
        if let width = stats.width, let height = stats.height { video += "  \(width)×\(height)" }
        if let rate = stats.frameRate { video += String(format: "  %.2f fps", rate) }
        var lines = [
            CoreText.format(tr("Video: %s"), [video]),
            CoreText.format(tr("Audio: %s"), [stats.hasAudioOutput ? (stats.audioCodec ?? dash) : tr("no sound output")]),
            CoreText.format(tr("Bitrate: %s"), [stats.bitrate.map { String(format: "%.1f Mbit/s", Double($0) / 1e6) } ?? dash]),
            CoreText.format(tr("Dropped frames: %s"), ["\(stats.droppedFrames)"]),
            CoreText.format(tr("Buffer: %s"), [stats.bufferLevel.map { "\($0) %" } ?? dash]),
        ]
        if let title = chapterControls.title(at: player?.position ?? 0) {
            lines.append(CoreText.format(tr("Chapter: %s"), [title]))
        }
        if let variant = stats.variant {
            let size = variant.height.map { "\($0)p" } ?? dash
            lines.append(CoreText.format(tr("Variant: %s"), ["\(size), " + String(format: "%.1f Mbit/s", Double(variant.bandwidth) / 1e6)]))
        }
        if let bandwidth = stats.bandwidth {
            lines.append(CoreText.format(tr("Bandwidth: %s"), [String(format: "%.1f Mbit/s", Double(bandwidth) / 1e6)]))
        }
        if let pixels = stats.pixels {
            lines.append(CoreText.format(tr("Pixels: %s"), [pixels.description]))
        }
        if let hdr = stats.hdr {
            lines.append(CoreText.format(tr("HDR: %s"), [hdr == "PQ" ? tr("PQ, tone-mapped for this screen") : hdr]))
        }
        if stats.interlaced == true {
            let how = deinterlacing == .off ? tr("shown as it is")
                : stats.telecined ? tr("telecined, shown as 24 fps film") : tr("deinterlaced")
            lines.append(CoreText.format(tr("Interlaced: %s"), [how]))
        }
        gtk_label_set_text(cast(statisticsLabel), lines.joined(separator: "\n"))
    }

    // MARK: Seek bar and volume

    private func watchSeekBar() {
        Signals.connect(controls.seekBar, "change-value") { [weak self] args in
            guard let self, let player = self.player else { return }
            let value = args.double(2)
            // A drag moves through keyframes (fast), then lands exactly
            // where it stopped; a click or a key lands exactly at once.
            let dragging = args.enumValue(1) == Int32(GTK_SCROLL_JUMP.rawValue)
            self.seekingUntil = Date().addingTimeInterval(0.6)
            self.preciseSeek?.remove()
            self.preciseSeek = nil
            if dragging {
                player.seek(to: value, accurate: false)
                self.preciseSeek = MainContext.after(milliseconds: 250) { [weak self] in
                    self?.preciseSeek = nil
                    self?.player?.seek(to: value)
                }
            } else {
                player.seek(to: value)
            }
            if !player.isLiveStream { self.controls.setPosition(value, duration: player.duration) }
            args.setReturn(true)
        }
    }

    private func watchVolumeBar() {
        Signals.connect(controls.volumeBar, "change-value") { [weak self] args in
            guard let self, let player = self.player else { return }
            player.volume = VolumeLevel.dragged(to: args.double(2))
            player.isMuted = false
            self.soundChanged()
            args.setReturn(true)
        }
    }

    // MARK: Controls that hide

    private func watchPointer() {
        let motion = gtk_event_controller_motion_new()!
        Signals.connect(UnsafeMutableRawPointer(motion), "motion") { [weak self] args in
            guard let self else { return }
            let point = (args.double(1), args.double(2))
            // Xorg repeats the last position on some events; only real moves count.
            if abs(point.0 - self.lastPointer.0) + abs(point.1 - self.lastPointer.1) > 1 {
                self.lastPointer = point
                self.showControls()
            }
        }
        gtk_widget_add_controller(overlay, motion)
        // A press ends the keyboard's hold on the bars (ControlsFade): the
        // focus a click leaves on a button does not keep them. Seen before
        // the buttons take it, never claimed.
        let press = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(press, 0)
        gtk_event_controller_set_propagation_phase(press, GTK_PHASE_CAPTURE)
        Signals.connect(UnsafeMutableRawPointer(press), "pressed") { [weak self] in self?.fade.pointerPressed() }
        gtk_widget_add_controller(widget, press)
    }

    /// Tab and Shift+Tab, before GTK moves the focus: shown bars stay, as
    /// for a pointer move. Hidden ones show, and the focus moves once they
    /// are on screen: GTK moves it only to what is on screen (the bars come
    /// back with their fade's first frame), so the Tab would otherwise leave
    /// it on the video or take it to a toast, past the bars.
    private func watchFocusKeys() {
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signals.connect(UnsafeMutableRawPointer(keys), "key-pressed") { [weak self] (args: SignalArguments) in
            let key = Int32(args.uint(1))
            guard let self, gtk_stack_get_visible_child(self.stack) != self.errorPage,
                  key == GDK_KEY_Tab || key == GDK_KEY_ISO_Left_Tab || key == GDK_KEY_KP_Tab else {
                return args.setReturn(false)
            }
            let onScreen = self.barsOnScreen
            if self.fade.tab(barsShown: onScreen) == .showThenMove {
                // Shift comes as ISO_Left_Tab on X11, as Tab with Shift elsewhere.
                let shift = gtk_event_controller_get_current_event_state(keys).rawValue & GDK_SHIFT_MASK.rawValue != 0
                let backward = key == GDK_KEY_ISO_Left_Tab || shift
                self.pendingFocusMoves.append(backward ? GTK_DIR_TAB_BACKWARD : GTK_DIR_TAB_FORWARD)
            }
            self.showControls()
            args.setReturn(!onScreen)
        }
        gtk_widget_add_controller(widget, keys)
        for bar in [controls.top, controls.bottom] {
            Signals.connect(UnsafeMutableRawPointer(bar), "map") { [weak self] in self?.movePendingFocus() }
        }
    }

    /// Both bars are mapped: GTK moves the focus through them.
    private var barsOnScreen: Bool {
        gtk_widget_get_mapped(controls.top) != 0 && gtk_widget_get_mapped(controls.bottom) != 0
    }

    /// The Tabs that came while the bars were off screen, now they are on
    /// it: the focus moves as GTK would have moved it with the bars shown.
    private func movePendingFocus() {
        guard barsOnScreen, !pendingFocusMoves.isEmpty, let root = gtk_widget_get_root(widget) else { return }
        let moves = pendingFocusMoves
        pendingFocusMoves = []
        for direction in moves {
            _ = gtk_widget_child_focus(UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWidget.self), direction)
        }
    }

    /// Shows the bars and the pointer, and hides them again after 3 s
    /// without a move while the video plays.
    private func showControls() {
        if !controlsShown {
            controlsShown = true
            gtk_revealer_set_reveal_child(topRevealer, 1)
            gtk_revealer_set_reveal_child(bottomRevealer, 1)
            gtk_widget_remove_css_class(overlay, "reel-controls-hidden")
            setCursorHidden(false)
            Trace.shared.event(.playerControls, ["shown": 1])
        }
        hideTimer?.remove()
        hideTimer = MainContext.after(milliseconds: 3000) { [weak self] in
            self?.hideTimer = nil
            self?.hideControlsIfIdle()
        }
    }

    private func hideControlsIfIdle() {
        guard let player, player.state == .playing, !controls.isMenuOpen else { return }
        guard fade.mayHide(playing: true, menuOpen: false, focusOnBars: focusIsOnControls) else {
            // Asked again after the same wait.
            Trace.shared.event(.playerControlsHeld)
            return showControls()
        }
        // A hidden button cannot keep the focus; without a focus inside the
        // page its keys would not reach it. The video takes it.
        if focusIsOnControls { gtk_widget_grab_focus(view.widget) }
        controlsShown = false
        gtk_revealer_set_reveal_child(topRevealer, 0)
        gtk_revealer_set_reveal_child(bottomRevealer, 0)
        gtk_widget_add_css_class(overlay, "reel-controls-hidden")
        setCursorHidden(true)
        Trace.shared.event(.playerControls, ["shown": 0])
    }

    private var focusIsOnControls: Bool {
        guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) else { return false }
        return gtk_widget_is_ancestor(focus, controls.top) != 0 || gtk_widget_is_ancestor(focus, controls.bottom) != 0
    }

    private func setCursorHidden(_ hidden: Bool) {
        gtk_widget_set_cursor_from_name(overlay, hidden ? "none" : nil)
    }

    // MARK: Screensaver

    private func inhibit() {
        guard inhibitCookie == 0, let window, let application = gtk_window_get_application(window) else { return }
        inhibitCookie = gtk_application_inhibit(application, window, GTK_APPLICATION_INHIBIT_IDLE, tr("Playing a video"))
        Trace.shared.event(.playerInhibit, ["active": 1])
    }

    private func uninhibit() {
        guard inhibitCookie != 0, let window, let application = gtk_window_get_application(window) else { return }
        gtk_application_uninhibit(application, inhibitCookie)
        inhibitCookie = 0
        Trace.shared.event(.playerInhibit, ["active": 0])
    }
}
