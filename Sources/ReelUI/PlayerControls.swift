import CGLib
import CGtk
import GLibKit
import ReelCore
import ReelServices

/// The player's on-screen controls: a top bar (back, title, menu) and a
/// bottom bar (seek bar with times, transport, sound, speed, aspect,
/// picture-in-picture, full screen). Every button is a `player.` action, so
/// a click and its key do the same thing. The page fades both bars.
final class PlayerControls {
    let top: UnsafeMutablePointer<GtkWidget>
    let bottom: UnsafeMutablePointer<GtkWidget>
    let title: UnsafeMutablePointer<GtkWidget>
    let seekBar: UnsafeMutablePointer<GtkWidget>
    private let elapsed: Label
    private let remaining: Label
    private let playButton: Button
    private let muteButton: Button
    let volumeBar: UnsafeMutablePointer<GtkWidget>
    private let speedButton: MenuButton
    private let qualityButton: MenuButton
    /// "LIVE" on a live stream: red at the live edge; behind it, a click
    /// goes back there.
    private let liveButton: Button
    private let fullscreenButton: Button
    /// The Audio and Subtitles menus (TrackMenus fills them).
    let audioButton: UnsafeMutablePointer<GtkWidget>
    let subtitleButton: UnsafeMutablePointer<GtkWidget>
    /// Popovers count as "in use": the bars stay while one is open.
    private(set) var menuButtons: [MenuButton] = []
    /// Previous and Next, and "3 of 12" under the title: shown only when
    /// several videos play in turn (PlayQueue).
    private let queueButtons: [Button]
    private let queuePlace: Label
    /// The Chapters menu (ChapterControls fills it).
    let chaptersButton: UnsafeMutablePointer<GtkWidget>
    /// The chapter playing, under the title.
    private let chapterTitle: Label
    /// The file holds the bars and menus for as long as the controls live.
    private let layout: UIFile
    /// The marked part's row.
    let part: PartControls
    /// The position in words, as last told to screen readers.
    private var positionText = ""

    init() {
        layout = UIFile("player-controls.ui")
        top = layout.widget("top", gtk_box_get_type())
        bottom = layout.widget("bottom", gtk_box_get_type())
        title = layout.widget("title", gtk_label_get_type())
        seekBar = layout.widget("seek-bar", gtk_scale_get_type())
        elapsed = layout.label("elapsed")
        remaining = layout.label("remaining")
        liveButton = layout.button("live")
        playButton = layout.button("play")
        muteButton = layout.button("mute")
        volumeBar = layout.widget("volume", gtk_scale_get_type())
        speedButton = layout.menuButton("speed")
        qualityButton = layout.menuButton("quality")
        fullscreenButton = layout.button("fullscreen")
        audioButton = layout.widget("audio", gtk_menu_button_get_type())
        subtitleButton = layout.widget("subtitles", gtk_menu_button_get_type())
        let aspectButton = layout.menuButton("aspect")
        queueButtons = [layout.button("previous"), layout.button("next")]
        queuePlace = layout.label("queue-place")
        chaptersButton = layout.widget("chapters", gtk_menu_button_get_type())
        chapterTitle = layout.label("chapter-title")
        part = PartControls(layout: layout)
        // The recording's own level, on a bar that goes to 150 %.
        Scale(widget: volumeBar).addMark(at: VolumeLevel.full)
        speedButton.setMenu(PlayerControls.speedMenu())
        qualityButton.setMenu(PlayerControls.qualityMenu())
        aspectButton.setMenu(PlayerControls.aspectMenu())
        PlayerControls.fill(layout.object("end-actions", g_menu_get_type()),
                            with: PlayerControls.choiceMenu(PlayerAction.endAction.detailedName, EndAction.allCases.map { (tr($0.title), $0.rawValue) }))
        PlayerControls.fill(layout.object("deinterlacing", g_menu_get_type()),
                            with: PlayerControls.choiceMenu(PlayerAction.deinterlace.detailedName, Deinterlacing.allCases.map { (tr($0.title), $0.rawValue) }))
        menuButtons = [MenuButton(widget: chaptersButton), MenuButton(widget: audioButton), MenuButton(widget: subtitleButton),
                       qualityButton, speedButton, aspectButton, layout.menuButton("more"), part.menuButton]
        // Names that follow the state, as they start.
        setPlaying(false)
        IconButton.describe(muteButton.widget, tr("Mute"))
        setFullscreen(false)
        setRate(1)
        setQuality(.auto)
    }

    /// The keyboard starts on Play/Pause when the player opens.
    func focusPlayButton() {
        playButton.grabFocus()
    }

    var isMenuOpen: Bool {
        menuButtons.contains { $0.isOpen }
    }

    func setPlaying(_ playing: Bool) {
        playButton.setPlayPause(playing: playing)
    }

    func setPosition(_ position: Double, duration: Double?) {
        let bar = Scale(widget: seekBar)
        if let duration, duration > 0 { bar.setUpper(duration) }
        bar.isSensitive = (duration ?? 0) > 0
        bar.value = position
        elapsed.text = DurationText.format(position)
        remaining.text = duration.map { "−" + DurationText.format(max(0, $0 - position)) } ?? ""
        setPositionText(duration.map { PlayerControls.positionText(position, of: $0) } ?? DurationText.format(position))
    }

    /// "0:03 of 1:30": a position in words for screen readers, the same in
    /// the player and the mini window.
    static func positionText(_ position: Double, of duration: Double) -> String {
        CoreText.format(tr("%s of %s"), [DurationText.format(position), DurationText.format(duration)])
    }

    /// The seek bar's value in words for screen readers, not seconds as a
    /// number (told only when it changes: the bar moves four times a second).
    private func setPositionText(_ text: String) {
        guard text != positionText else { return }
        positionText = text
        AccessibleLabel.setValueText(seekBar, text)
    }

    /// A live stream: the seek bar spans the window the server keeps, the
    /// elapsed time says how far behind the live edge (`behind` seconds),
    /// and LIVE shows.
    func setLive(position: Double, window: (start: Double, end: Double)?, behind: Double) {
        liveButton.isShown = window != nil
        remaining.isShown = window == nil
        guard let window else { return }
        let bar = Scale(widget: seekBar)
        bar.setRange(window.start, window.end)
        bar.isSensitive = true
        bar.value = position
        elapsed.text = behind > 0 ? "−" + DurationText.format(behind) : ""
        setPositionText(behind > 0 ? CoreText.format(tr("%s behind live"), [DurationText.format(behind)]) : tr("Live"))
        StyleClass.set("behind", on: behind > 0, for: liveButton.widget)
        IconButton.describe(liveButton.widget, behind > 0 ? tr("Back to Live") : tr("Playing Live"))
    }

    /// The quality menu shows for adaptive streams with a choice.
    func setQualities(available: Bool) {
        qualityButton.isShown = available
    }

    func setQuality(_ quality: StreamQuality) {
        qualityButton.label = tr(quality.title)
        PlayerControls.name(qualityButton, CoreText.format(tr("Quality, %s"), [tr(quality.title)]))
    }

    func setSound(volume: Double, muted: Bool) {
        Scale(widget: volumeBar).value = volume
        AccessibleLabel.setValueText(volumeBar, muted ? tr("Muted") : "\(Int((volume * 100).rounded())) %")
        let icon = muted || volume == 0 ? "audio-volume-muted-symbolic"
            : volume < 0.34 ? "audio-volume-low-symbolic"
            : volume < 0.67 ? "audio-volume-medium-symbolic" : "audio-volume-high-symbolic"
        muteButton.setIcon(icon, described: muted ? tr("Unmute") : tr("Mute"))
    }

    func setRate(_ rate: Double) {
        speedButton.label = PlaybackSpeed.label(rate)
        PlayerControls.name(speedButton, CoreText.format(tr("Speed, %s"), [PlaybackSpeed.label(rate)]))
    }

    /// A menu button that shows its value ("1×", "Auto"): GTK 4.8 gives the
    /// focus to a button inside it, named by that label alone, so the name
    /// with what it is goes on that inner button too.
    /// (GTK also labels that button by its label, which a screen reader
    /// would read after the name once more: the name alone says it all.)
    private static func name(_ menuButton: MenuButton, _ name: String) {
        AccessibleLabel.set(menuButton.widget, name)
        guard let inner = gtk_widget_get_first_child(menuButton.widget) else { return }
        gtk_accessible_reset_relation(OpaquePointer(inner), GTK_ACCESSIBLE_RELATION_LABELLED_BY)
        AccessibleLabel.set(inner, name)
    }

    /// The buttons grey out with their actions at either end.
    func setQueue(_ queue: PlayQueue) {
        for button in queueButtons { button.isShown = queue.isWalkable }
        if let (number, count) = queue.place {
            // Translators: the video's place among those that play in turn, e.g. "3 of 12".
            queuePlace.text = CoreText.format(tr("%s of %s"), ["\(number)", "\(count)"])
        }
        queuePlace.isShown = queue.place != nil
    }

    /// The chapter playing (nil: none, or no chapters).
    func setChapter(_ title: String?) {
        if let title, chapterTitle.text != title { chapterTitle.text = title }
        chapterTitle.isShown = title != nil
    }

    func setFullscreen(_ fullscreen: Bool) {
        fullscreenButton.setIcon(fullscreen ? "view-restore-symbolic" : "view-fullscreen-symbolic",
                                 described: fullscreen ? tr("Leave Full Screen") : tr("Full Screen"))
    }

    /// A menu of one stateful string action's values (GTK shows the
    /// current one as chosen).
    private static func choiceMenu(_ action: String, _ choices: [(label: String, value: String)]) -> OpaquePointer {
        let menu = g_menu_new()!
        for choice in choices {
            let item = g_menu_item_new(choice.label, nil)!
            g_menu_item_set_action_and_target_value(item, action, g_variant_new_string(choice.value))
            g_menu_append_item(menu, item)
            g_object_unref(UnsafeMutableRawPointer(item))
        }
        return menu
    }

    private static func speedMenu() -> UnsafeMutablePointer<GMenuModel> {
        cast(choiceMenu(PlayerAction.speed.detailedName, PlaybackSpeed.steps.map { (PlaybackSpeed.label($0), PlaybackSpeed.key($0)) }))
    }

    private static func qualityMenu() -> UnsafeMutablePointer<GMenuModel> {
        cast(choiceMenu(PlayerAction.quality.detailedName, StreamQuality.allCases.map { (tr($0.title), $0.rawValue) }))
    }

    private static func aspectMenu() -> UnsafeMutablePointer<GMenuModel> {
        cast(choiceMenu(PlayerAction.contentMode.detailedName, ContentMode.allCases.map { (tr($0.title), $0.rawValue) }))
    }

    /// Puts the items of `items` (a menu made here, released after) into a
    /// section of the file's menu.
    private static func fill(_ section: UnsafeMutableRawPointer, with items: OpaquePointer) {
        let count = g_menu_model_get_n_items(cast(items))
        for index in 0..<count {
            let item = g_menu_item_new_from_model(cast(items), index)!
            g_menu_append_item(OpaquePointer(section), item)
            g_object_unref(UnsafeMutableRawPointer(item))
        }
        g_object_unref(UnsafeMutableRawPointer(items))
    }
}
