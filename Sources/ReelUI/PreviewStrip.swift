import CGLib
import CGtk
import Foundation
import GLibKit
import ReelCore
import ReelMedia
import ReelServices

/// The looping preview strip above the feed: a few clips back to back,
/// forever, muted, starting on its own. A click toggles the sound, a
/// double-click 1x/2x (the click waits out the double-click time, so a
/// double-click never toggles the sound first); Return and `2` do the same
/// from the keyboard. It plays only while it may (`ReelCore.StripPolicy`):
/// in view, and nothing else playing.
final class PreviewStrip {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let view = VideoView(role: "strip", focusable: false)
    private let soundIcon: UnsafeMutablePointer<GtkWidget>
    private let speedBadge: UnsafeMutablePointer<GtkWidget>
    private var player: LoopingPlayer?
    private var clips: [Clip] = []
    /// The clip on screen, named in the strip's accessible name.
    private var showing: String?

    /// A clip of the strip and the title it goes by.
    struct Clip: Hashable {
        let uri: String
        let title: String
    }
    private var clicks: ClickIntent
    private var clickTimer: SourceID?
    private var policy = StripPolicy()
    /// The `preview-strip-sound` setting: whether the strip starts with sound.
    private var soundOn = false

    init() {
        // A button to assistive technologies: it is clicked and it has a
        // state to read out.
        let overlay = WidgetWithRole.make(gtk_overlay_get_type(), role: GTK_ACCESSIBLE_ROLE_BUTTON)
        // Ours, not only its parent's: the feed takes the strip out and puts
        // it back when the setting or the clips change.
        _ = g_object_ref_sink(UnsafeMutableRawPointer(overlay))
        widget = overlay
        gtk_widget_add_css_class(overlay, "reel-strip")
        gtk_widget_set_overflow(overlay, GTK_OVERFLOW_HIDDEN)
        gtk_widget_set_size_request(overlay, -1, 220)
        gtk_overlay_set_child(cast(overlay), view.widget)
        // A banner of its own height, not a share of the feed's nor the
        // video's shape (which would make it as tall as a 16:9 picture of
        // the window's width): the picture fills it.
        gtk_widget_set_vexpand(view.widget, 0)
        view.paintable.hasIntrinsicSize = false
        view.contentMode = .fill
        soundIcon = gtk_image_new_from_icon_name("audio-volume-muted-symbolic")
        speedBadge = gtk_label_new("2×")
        for (badge, align) in [(soundIcon, GTK_ALIGN_END), (speedBadge, GTK_ALIGN_START)] {
            gtk_widget_add_css_class(badge, "osd")
            gtk_widget_add_css_class(badge, "reel-strip-badge")
            gtk_widget_set_halign(badge, align)
            gtk_widget_set_valign(badge, GTK_ALIGN_START)
            gtk_widget_set_can_target(badge, 0)
            gtk_overlay_add_overlay(cast(overlay), badge)
        }
        speedBadge.isShown = false
        gtk_widget_set_focusable(overlay, 1)
        gtk_widget_set_focus_on_click(overlay, 1)

        let milliseconds = gtk_settings_get_default().flatMap {
            PropertyValue.get(from: UnsafeMutableRawPointer($0), "gtk-double-click-time")?.intValue
        } ?? 400
        clicks = ClickIntent(doubleClickTime: Double(milliseconds) / 1000)
        watchClicks()
        watchKeys()
        describe()
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(widget)) }

    /// Plays `clips` (nil or empty: the strip has nothing to show).
    func setClips(_ newClips: [Clip]) {
        // The same clips in another order (a video moved up under Recent)
        // are no reason to start over.
        guard Set(newClips) != Set(clips) else { return }
        clips = newClips
        showing = nil
        player = nil
        view.attach(nil)
        widget.isShown = true
        startIfAllowed()
    }

    /// The strip is in view (or not): shown above the feed at its top.
    func setInView(_ inView: Bool) {
        policy.inView = inView
        apply()
    }

    /// Something else plays (the player, picture-in-picture).
    func setOtherPlayback(_ playing: Bool) {
        policy.otherPlayback = playing
        apply()
    }

    /// The person's setting: a strip that starts later starts this way, and
    /// the one playing follows at once (a click still toggles it).
    func setSoundOn(_ on: Bool) {
        guard on != soundOn else { return }
        soundOn = on
        guard let player else { return }
        player.setMuted(!on)
        describe()
    }

    /// The window is minimized or hidden.
    func setWindowHidden(_ hidden: Bool) {
        policy.windowHidden = hidden
        apply()
    }

    private func apply() {
        switch policy.decision(hasPipeline: player != nil) {
        case .play:
            if let player { player.resume() } else { startIfAllowed() }
        case .pause:
            player?.pause()
        case .suspend:
            player?.suspend()
        case .idle:
            break
        }
    }

    private func startIfAllowed() {
        guard !clips.isEmpty, policy.mayPlay, player == nil else { return }
        let player = LoopingPlayer(clips: clips.map(\.uri), muted: !soundOn)
        self.player = player
        player.onEvent = { [weak self] event in self?.handle(event) }
        guard player.isPlayable else { return gtk_widget_set_visible(widget, 0) }
        view.attach(player.sink)
        view.onPresented = { frame in
            guard Trace.shared.isEnabled else { return }
            Trace.shared.event(.stripFrame, ["pts": frame.pts.map { Double($0) / 1e9 } ?? -1,
                                             "running": frame.runningTime.map { Double($0) / 1e9 } ?? -1])
        }
        describe()
    }

    private func handle(_ event: LoopingPlayer.Event) {
        switch event {
        case .clip(let index, _):
            guard index < clips.count else { return }
            showing = clips[index].title
            describe()
        case .nothingPlayable:
            // Nothing to loop: no black box with no words, no strip at all.
            widget.isShown = false
        }
    }

    // MARK: Sound and speed

    private func toggleSound() {
        guard let player else { return }
        player.setMuted(!player.isMuted)
        describe()
    }

    private func toggleSpeed() {
        guard let player else { return }
        player.setRate(player.rate == 1 ? 2 : 1)
        describe()
    }

    private func describe() {
        let muted = player?.isMuted ?? true
        let fast = (player?.rate ?? 1) != 1
        gtk_image_set_from_icon_name(cast(soundIcon), muted ? "audio-volume-muted-symbolic" : "audio-volume-high-symbolic")
        speedBadge.isShown = fast
        let state = [muted ? tr("sound off") : tr("sound on"), fast ? tr("double speed") : tr("normal speed")]
        let label = showing.map { CoreText.format(tr("Preview: %s, %s, %s"), [DisplayText.isolated($0)] + state) }
            ?? CoreText.format(tr("Preview: %s, %s"), state)
        AccessibleLabel.set(widget, label)
        gtk_widget_set_tooltip_text(widget, tr("Click for sound, double-click for double speed"))
        // The keys as well as the mouse (ShortcutTable's strip section).
        AccessibleLabel.describe(widget, tr("Return or Space turns the sound on or off, 2 switches to double speed and back"))
    }

    private func watchClicks() {
        let gesture = gtk_gesture_click_new()!
        Signals.connect(UnsafeMutableRawPointer(gesture), .pressed) { [weak self] press in
            guard let self else { return }
            gtk_widget_grab_focus(self.widget)
            let now = Date().timeIntervalSinceReferenceDate
            self.clickTimer?.remove()
            self.clickTimer = nil
            let immediate = self.clicks.press(count: press.presses, at: now)
            if let action = immediate { self.perform(action) }
            // Armed after every press: a lone click acts when it fires, and
            // the trace says when a click's meaning is settled (a test
            // checks a double-click's first press did nothing after that).
            let wait = UInt32(max(0, self.clicks.doubleClickTime * 1000).rounded(.up)) + 10
            self.clickTimer = MainContext.after(milliseconds: wait) { [weak self] in
                guard let self else { return }
                self.clickTimer = nil
                let later = self.clicks.tick(at: Date().timeIntervalSinceReferenceDate)
                if let later { self.perform(later) }
                let action = later ?? immediate
                Trace.shared.event(.stripClick, ["presses": press.presses,
                                                 "action": action.map { $0 == .toggleSound ? "sound" : "speed" } ?? "none"])
            }
        }
        gtk_widget_add_controller(widget, gesture)
    }

    /// The strip's keys (ShortcutTable's strip section), while it has the
    /// focus.
    private func watchKeys() {
        let group = g_simple_action_group_new()!
        let actions = ActionGroup<StripAction>(map: UnsafeMutableRawPointer(group))
        actions.add(.toggleSound) { [weak self] in self?.perform(.toggleSound) }
        actions.add(.toggleSpeed) { [weak self] in self?.perform(.toggleSpeed) }
        actions.insert(on: widget)
        g_object_unref(UnsafeMutableRawPointer(group))
        ScopedShortcuts.attach(scope: .strip, to: widget, capture: false)
    }

    private func perform(_ action: ClickIntent.Action) {
        switch action {
        case .toggleSound: toggleSound()
        case .toggleSpeed: toggleSpeed()
        }
    }
}
