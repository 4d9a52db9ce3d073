import CGLib
import CGtk
import GLibKit
import ReelCore

/// The player's control bars that fade: shown with the pointer on a move,
/// hidden with it after 3 s without one while the video plays, kept while
/// the keyboard works in them (`ControlsFade`), and brought back by Tab
/// before the focus moves into them.
final class PlayerBars {
    /// The page: its presses and Tabs are seen before its children's.
    private let page: UnsafeMutablePointer<GtkWidget>
    /// Over the video: pointer moves, and the pointer hidden with the bars.
    private let overlay: UnsafeMutablePointer<GtkWidget>
    private let topRevealer: OpaquePointer
    private let bottomRevealer: OpaquePointer
    private let controls: PlayerControls
    /// Takes the focus from a hidden button.
    private let video: UnsafeMutablePointer<GtkWidget>
    private var hideTimer: SourceID?
    private var lastPointer: (Double, Double) = (-1, -1)
    private(set) var isShown = true
    /// Whether the bars may fade now, and what Tab does while they are gone.
    private var fade = ControlsFade()
    /// The Tabs that came while the bars were off screen, carried out in
    /// order once they are on screen again (a quick second Tab is not lost).
    private var pendingFocusMoves: [GtkDirectionType] = []

    /// Whether the video plays: the bars fade only then.
    var isPlaying: (() -> Bool)?
    /// Whether the page shows its error page (whose buttons Tab moves
    /// through as GTK does).
    var showsError: (() -> Bool)?

    init(page: UnsafeMutablePointer<GtkWidget>, overlay: UnsafeMutablePointer<GtkWidget>, topRevealer: OpaquePointer,
         bottomRevealer: OpaquePointer, controls: PlayerControls, video: UnsafeMutablePointer<GtkWidget>) {
        self.page = page
        self.overlay = overlay
        self.topRevealer = topRevealer
        self.bottomRevealer = bottomRevealer
        self.controls = controls
        self.video = video
        gtk_revealer_set_child(topRevealer, controls.top)
        gtk_revealer_set_child(bottomRevealer, controls.bottom)
    }

    /// Starts watching the pointer and the Tab key (after the page's
    /// shortcuts, which are seen first).
    func watchInput() {
        watchPointer()
        watchFocusKeys()
    }

    /// A video was opened.
    func opened() { fade.opened() }

    /// Shows the bars and the pointer, and hides them again after 3 s
    /// without a move while the video plays.
    func show() {
        if !isShown {
            isShown = true
            gtk_revealer_set_reveal_child(topRevealer, 1)
            gtk_revealer_set_reveal_child(bottomRevealer, 1)
            gtk_widget_remove_css_class(overlay, "reel-controls-hidden")
            setCursorHidden(false)
            Trace.shared.event(.playerControls, ["shown": 1])
        }
        hideTimer?.remove()
        hideTimer = MainContext.after(milliseconds: 3000) { [weak self] in
            self?.hideTimer = nil
            self?.hideIfIdle()
        }
    }

    /// The video closed: nothing hides the bars any more.
    func stop() {
        hideTimer?.remove()
        hideTimer = nil
    }

    func setCursorHidden(_ hidden: Bool) {
        gtk_widget_set_cursor_from_name(overlay, hidden ? "none" : nil)
    }

    private func hideIfIdle() {
        guard isPlaying?() == true, !controls.isMenuOpen else { return }
        guard fade.mayHide(playing: true, menuOpen: false, focusOnBars: focusIsOnControls) else {
            // Asked again after the same wait.
            Trace.shared.event(.playerControlsHeld)
            return show()
        }
        // A hidden button cannot keep the focus; without a focus inside the
        // page its keys would not reach it. The video takes it.
        if focusIsOnControls { gtk_widget_grab_focus(video) }
        isShown = false
        gtk_revealer_set_reveal_child(topRevealer, 0)
        gtk_revealer_set_reveal_child(bottomRevealer, 0)
        gtk_widget_add_css_class(overlay, "reel-controls-hidden")
        setCursorHidden(true)
        Trace.shared.event(.playerControls, ["shown": 0])
    }

    private var focusIsOnControls: Bool {
        guard let root = gtk_widget_get_root(page), let focus = gtk_root_get_focus(root) else { return false }
        return gtk_widget_is_ancestor(focus, controls.top) != 0 || gtk_widget_is_ancestor(focus, controls.bottom) != 0
    }

    private func watchPointer() {
        let motion = gtk_event_controller_motion_new()!
        Signals.connect(UnsafeMutableRawPointer(motion), .motion) { [weak self] moved in
            guard let self else { return }
            let point = (moved.x, moved.y)
            // Xorg repeats the last position on some events; only real moves count.
            if abs(point.0 - self.lastPointer.0) + abs(point.1 - self.lastPointer.1) > 1 {
                self.lastPointer = point
                self.show()
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
        gtk_widget_add_controller(page, press)
    }

    /// Tab and Shift+Tab, before GTK moves the focus: shown bars stay, as
    /// for a pointer move. Hidden ones show, and the focus moves once they
    /// are on screen: GTK moves it only to what is on screen (the bars come
    /// back with their fade's first frame), so the Tab would otherwise leave
    /// it on the video or take it to a toast, past the bars.
    private func watchFocusKeys() {
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signals.connect(UnsafeMutableRawPointer(keys), .keyPressed) { [weak self] key in
            guard let self, self.showsError?() != true, key.isTab else { return false }
            let onScreen = self.barsOnScreen
            if self.fade.tab(barsShown: onScreen) == .showThenMove {
                // Shift comes as ISO_Left_Tab on X11, as Tab with Shift elsewhere.
                let shift = gtk_event_controller_get_current_event_state(keys).rawValue & GDK_SHIFT_MASK.rawValue != 0
                let backward = Int32(key.keyval) == GDK_KEY_ISO_Left_Tab || shift
                self.pendingFocusMoves.append(backward ? GTK_DIR_TAB_BACKWARD : GTK_DIR_TAB_FORWARD)
            }
            self.show()
            return !onScreen
        }
        gtk_widget_add_controller(page, keys)
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
        guard barsOnScreen, !pendingFocusMoves.isEmpty, let root = gtk_widget_get_root(page) else { return }
        let moves = pendingFocusMoves
        pendingFocusMoves = []
        for direction in moves {
            _ = gtk_widget_child_focus(UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWidget.self), direction)
        }
    }
}
