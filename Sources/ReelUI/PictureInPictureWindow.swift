import CGLib
import CGtk
import GLibKit
import ReelCore
import ReelServices

/// The floating mini window of picture-in-picture: the player's video in a
/// small window with no title bar, above other windows where the platform
/// allows it. It owns no playback: the player page keeps the pipeline and
/// sends its frames here (`PlayerPage.showVideo(in:)`); the buttons and keys
/// are the player's own actions ("player" group) plus the window's ("pip").
///
/// It keeps the video's aspect ratio after every resize, can be dragged by
/// the video and resized from its border, and remembers its width and place.
final class PictureInPictureWindow {
    let view = VideoView(role: "pip")
    /// The subtitle line over the video, which the player page fills and
    /// places as its own (`PlayerPage.showVideo(in:)`); smaller than the
    /// player's least size, for a picture 180 px high, and clear of the
    /// progress bar (11 px with its margins in style.css).
    let subtitles = SubtitleView(minimumSize: 12, sideMargin: 8, bottomRoom: 16)
    private let window: UnsafeMutablePointer<GtkWidget>
    private let overlay: UnsafeMutablePointer<GtkWidget>
    private let controls: Revealer
    private let playButton: Button
    private let progressBar: UnsafeMutablePointer<GtkWidget>
    private let note: Label
    private let controlsBox: UnsafeMutablePointer<GtkWidget>
    private var progressText = ""
    private let settings: Settings?
    private var aspect: Double
    private var lastSize: (width: Int, height: Int) = (0, 0)
    private var resizeSettle: SourceID?
    private var hideTimer: SourceID?
    private var noteTimer: SourceID?
    private var ticker: SourceID?
    /// The double-click gesture: reset when the window manager takes a
    /// press over, or it waits for a release that never comes and eats the
    /// next click.
    private var doubleClick: OpaquePointer?
    private var isClosed = false

    /// What the mini window tells its owner.
    enum Event {
        /// Back to the full player (button, double-click, Esc, p).
        case returnToPlayer
        /// Closed (button, Ctrl+W, the window manager): playback stops.
        case close
        /// The platform has no way for an app to stay on top (Wayland).
        case cannotKeepAbove
    }

    var onEvent: ((Event) -> Void)?
    /// Position and duration, for the progress bar.
    var progress: (() -> (position: Double, duration: Double)?)?

    /// - Parameters:
    ///   - playerActions: the player page's "player" action group.
    ///   - aspect: the video's display aspect (width / height).
    ///   - near: the main window, whose monitor the mini window opens on.
    init(application: UnsafeMutablePointer<GtkApplication>?, playerActions: OpaquePointer?, title: String,
         aspect: Double?, near: UnsafeMutablePointer<GtkWindow>?, settings: Settings?) {
        self.settings = settings
        self.aspect = aspect ?? 16.0 / 9.0
        window = adw_window_new()!
        if let application { gtk_window_set_application(cast(window), application) }
        gtk_widget_add_css_class(window, "reel-pip")

        let layout = UIFile("mini-window.ui")
        overlay = layout.widget("content", gtk_overlay_get_type())
        controls = layout.revealer("controls")
        controlsBox = layout.widget("controls-box", gtk_center_box_get_type())
        playButton = layout.button("play")
        progressBar = layout.widget("progress", gtk_progress_bar_get_type())
        note = layout.label("note")
        gtk_overlay_set_child(cast(overlay), view.widget)
        // Over the picture, under the controls.
        gtk_overlay_add_overlay(cast(overlay), subtitles.widget)
        gtk_widget_insert_after(subtitles.widget, overlay, view.widget)
        view.contentMode = .fit
        IconButton.describe(playButton.widget, tr("Pause"))
        adw_window_set_content(cast(window), overlay)
        withExtendedLifetime(layout) {}
        setTitle(title)

        if let playerActions { gtk_widget_insert_action_group(window, ActionScope.player.rawValue, playerActions) }
        addActions()
        ScopedShortcuts.attach(scope: .pip, to: window, capture: true)
        watchPointer()
        watchTab()
        watchDrag()
        Signals.connect(UnsafeMutableRawPointer(window), .closeRequest) { [weak self] in
            self?.closeRequested()
            return true
        }

        let area = PictureInPictureWindow.workArea(near: near)
        let saved = Int(settings?.int(.miniWindowWidth) ?? 0)
        let size = MiniWindowGeometry.size(width: saved > 0 ? saved : MiniWindowGeometry.defaultWidth,
                                           aspect: self.aspect, within: area)
        lastSize = size
        gtk_window_set_default_size(cast(window), Int32(size.width), Int32(size.height))
        watchSize(area: area)
        Signals.connect(UnsafeMutableRawPointer(window), "map") { [weak self] in self?.mapped(area: area) }
        ticker = MainContext.every(milliseconds: 250) { [weak self] in
            self?.tick()
            return self != nil
        }
    }

    deinit {
        ticker?.remove()
        resizeSettle?.remove()
        hideTimer?.remove()
        noteTimer?.remove()
    }

    func present() {
        gtk_window_present(cast(window))
        showControls()
    }

    /// Saves where the window is and destroys it (the pipeline lives on in
    /// the player page).
    func destroy() {
        guard !isClosed else { return }
        isClosed = true
        saveGeometry()
        // Nothing may touch the window once it is gone.
        for source in [ticker, resizeSettle, hideTimer] { source?.remove() }
        ticker = nil
        resizeSettle = nil
        hideTimer = nil
        gtk_window_destroy(cast(window))
        Trace.shared.event(.pipClosed)
    }

    /// Named after the video, for window lists and Alt+Tab.
    func setTitle(_ title: String) {
        gtk_window_set_title(cast(window), CoreText.format(tr("%s — Picture in Picture"), [title]))
        AccessibleLabel.set(view.widget, title)
    }

    /// The play button follows the player.
    func setPlaying(_ playing: Bool) {
        playButton.setPlayPause(playing: playing)
        if !playing { showControls() }
    }

    /// The video's shape changed (another video, or the first frame).
    func setAspect(_ aspect: Double) {
        guard abs(aspect - self.aspect) > 0.001 else { return }
        self.aspect = aspect
        fitToAspect(area: PictureInPictureWindow.workArea(near: cast(window)))
    }

    // MARK: Actions

    private func addActions() {
        let group = g_simple_action_group_new()!
        let actions = ActionGroup<MiniWindowAction>(map: UnsafeMutableRawPointer(group))
        // The keys of the mini window are the player's, under its own names
        // so the shortcuts window can list them apart.
        for action in MiniWindowAction.allCases {
            guard let playerAction = action.playerAction else { continue }
            actions.add(action) { [weak self] in
                guard let self else { return }
                _ = gtk_widget_activate_action_variant(self.window, playerAction.detailedName, nil)
                self.showControls()
            }
        }
        actions.add(.backToPlayer) { [weak self] in self?.onEvent?(.returnToPlayer) }
        actions.add(.close) { [weak self] in self?.closeRequested() }
        actions.insert(on: window)
        g_object_unref(UnsafeMutableRawPointer(group))
    }

    private func closeRequested() {
        guard !isClosed else { return }
        onEvent?(.close)
    }

    /// The progress bar, and the window's shape once the video's is known
    /// (a video opened straight into the mini window has no frame yet).
    private func tick() {
        if let frame = view.paintable.currentFrame, frame.displayHeight > 0 {
            setAspect(Double(frame.displayWidth) / Double(frame.displayHeight))
        }
        guard let (position, duration) = progress?() else { return }
        gtk_progress_bar_set_fraction(cast(progressBar), min(1, max(0, position / duration)))
        let text = PlayerControls.positionText(position, of: duration)
        if text != progressText {
            progressText = text
            AccessibleLabel.setValueText(progressBar, text)
        }
    }

    // MARK: Controls on hover

    private func watchPointer() {
        let motion = gtk_event_controller_motion_new()!
        Signals.connect(UnsafeMutableRawPointer(motion), "enter") { [weak self] in self?.showControls() }
        Signals.connect(UnsafeMutableRawPointer(motion), .motion) { [weak self] point in
            Trace.shared.event(.pipPointer, ["x": point.x.rounded(), "y": point.y.rounded()])
            self?.showControls()
        }
        Signals.connect(UnsafeMutableRawPointer(motion), "leave") { [weak self] in self?.hideControls() }
        gtk_widget_add_controller(window, motion)
    }

    /// Tab shows the controls as hovering does, before GTK moves the focus,
    /// so it lands on the buttons instead of staying on the video.
    private func watchTab() {
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signals.connect(UnsafeMutableRawPointer(keys), .keyPressed) { [weak self] key in
            if key.isTab { self?.showControls() }
            return false
        }
        gtk_widget_add_controller(window, keys)
    }

    /// A keyboard user is on a button: the controls stay.
    private var focusIsOnControls: Bool {
        guard let focus = gtk_root_get_focus(OpaquePointer(window)) else { return false }
        return gtk_widget_is_ancestor(focus, controlsBox) != 0
    }

    /// A note over the picture for a second and a half (the player's brief
    /// toasts while the video is here: "Subtitle delay +0.1 s").
    func showNote(_ text: String) {
        note.text = text
        note.isShown = true
        noteTimer?.remove()
        noteTimer = MainContext.after(milliseconds: 1500) { [weak self] in
            guard let self else { return }
            self.noteTimer = nil
            self.note.isShown = false
        }
    }

    /// Shows the controls, and hides them after 2 s without a move.
    private func showControls() {
        if !controls.reveals {
            controls.reveals = true
            gtk_widget_remove_css_class(overlay, "reel-controls-hidden")
            Trace.shared.event(.pipControls, ["shown": 1])
        }
        hideTimer?.remove()
        hideTimer = MainContext.after(milliseconds: 2000) { [weak self] in
            self?.hideTimer = nil
            self?.hideControls()
        }
    }

    private func hideControls() {
        hideTimer?.remove()
        hideTimer = nil
        guard controls.reveals else { return }
        // Shown for as long as the keyboard is on them (asked again later).
        if focusIsOnControls {
            Trace.shared.event(.pipControlsHeld)
            return showControls()
        }
        controls.reveals = false
        gtk_widget_add_css_class(overlay, "reel-controls-hidden")
        Trace.shared.event(.pipControls, ["shown": 0])
    }

    // MARK: Moving and resizing

    /// A press near the border resizes, a drag anywhere else moves the
    /// window, a double-click goes back to the player. Buttons claim their
    /// own presses first.
    private func watchDrag() {
        let drag = gtk_gesture_drag_new()!
        var start: (x: Double, y: Double) = (0, 0)
        var handed = false
        Signals.connect(drag, .dragBegin) { [weak self] point in
            guard let self else { return }
            start = (point.x, point.y)
            handed = false
            Trace.shared.event(.pipDragBegin, ["x": point.x.rounded(), "y": point.y.rounded()])
            let size = (Int(gtk_widget_get_width(self.overlay)), Int(gtk_widget_get_height(self.overlay)))
            if let edge = MiniWindowGeometry.edge(atX: start.x, y: start.y, size: size) {
                handed = true
                self.handOver(drag, at: start, edge: edge)
            }
        }
        Signals.connect(drag, .dragUpdate) { [weak self] offset in
            guard let self, !handed else { return }
            if gtk_drag_check_threshold(self.overlay, 0, 0, Int32(offset.x), Int32(offset.y)) != 0 {
                handed = true
                self.handOver(drag, at: start, edge: nil)
            }
        }
        gtk_widget_add_controller(overlay, drag)

        let click = gtk_gesture_click_new()!
        doubleClick = click
        Signals.connect(UnsafeMutableRawPointer(click), .pressed) { [weak self] press in
            if press.presses == 2 { self?.onEvent?(.returnToPlayer) }
        }
        // On the overlay: the controls cover the video while they show.
        gtk_widget_add_controller(overlay, click)
    }

    /// Lets the window manager move or resize the window from here on.
    private func handOver(_ gesture: OpaquePointer, at point: (x: Double, y: Double),
                          edge: MiniWindowGeometry.Edge?) {
        guard let native = gtk_widget_get_native(overlay), let surface = gtk_native_get_surface(native),
              let device = gtk_gesture_get_device(gesture) else { return }
        var x = 0.0, y = 0.0, offsetX = 0.0, offsetY = 0.0
        gtk_widget_translate_coordinates(overlay, UnsafeMutablePointer<GtkWidget>(native), point.x, point.y, &x, &y)
        gtk_native_get_surface_transform(native, &offsetX, &offsetY)
        let button = Int32(gtk_gesture_single_get_current_button(gesture))
        let time = gtk_event_controller_get_current_event_time(gesture)
        gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_CLAIMED)
        gtk_event_controller_reset(gesture)
        if let doubleClick { gtk_event_controller_reset(doubleClick) }
        Trace.shared.event(.pipHandedOver, ["what": edge.map { "\($0)" } ?? "move"])
        if let edge {
            gdk_toplevel_begin_resize(surface, PictureInPictureWindow.surfaceEdge(edge), device, button, x + offsetX, y + offsetY, time)
        } else {
            gdk_toplevel_begin_move(surface, device, button, x + offsetX, y + offsetY, time)
        }
    }

    private static func surfaceEdge(_ edge: MiniWindowGeometry.Edge) -> GdkSurfaceEdge {
        switch edge {
        case .northWest: return GDK_SURFACE_EDGE_NORTH_WEST
        case .north: return GDK_SURFACE_EDGE_NORTH
        case .northEast: return GDK_SURFACE_EDGE_NORTH_EAST
        case .west: return GDK_SURFACE_EDGE_WEST
        case .east: return GDK_SURFACE_EDGE_EAST
        case .southWest: return GDK_SURFACE_EDGE_SOUTH_WEST
        case .south: return GDK_SURFACE_EDGE_SOUTH
        case .southEast: return GDK_SURFACE_EDGE_SOUTH_EAST
        }
    }

    /// GTK 4 keeps default-width/height in step with the window's size; a
    /// size that lost the video's shape is corrected once it settles (not
    /// during a drag, where it would fight the window manager).
    private func watchSize(area: MiniWindowGeometry.Rect) {
        for property in ["notify::default-width", "notify::default-height"] {
            Signals.connect(UnsafeMutableRawPointer(window), property) { [weak self] in
                guard let self else { return }
                self.resizeSettle?.remove()
                self.resizeSettle = MainContext.after(milliseconds: 300) { [weak self] in
                    self?.resizeSettle = nil
                    self?.fitToAspect(area: area)
                }
            }
        }
    }

    private func fitToAspect(area: MiniWindowGeometry.Rect) {
        var width: Int32 = 0, height: Int32 = 0
        gtk_window_get_default_size(cast(window), &width, &height)
        let now = (Int(width), Int(height))
        let fitted = MiniWindowGeometry.corrected(now: now, before: lastSize, aspect: aspect, within: area)
        lastSize = fitted
        if fitted != now {
            gtk_window_set_default_size(cast(window), Int32(fitted.width), Int32(fitted.height))
        }
        Trace.shared.event(.pipSize, ["width": fitted.width, "height": fitted.height])
    }

    /// On screen: the remembered place (or bottom-right), and above others.
    private func mapped(area: MiniWindowGeometry.Rect) {
        guard let surface = gtk_native_get_surface(OpaquePointer(window)) else { return }
        let saved = settings?.intPair(.miniWindowPosition).flatMap { $0.0 >= 0 && $0.1 >= 0 ? (Int($0.0), Int($0.1)) : nil }
        let origin = MiniWindowGeometry.origin(saved: saved, size: lastSize, within: area)
        let placed = reel_x11_move(surface, Int32(origin.x), Int32(origin.y)) != 0
        let above = reel_x11_keep_above(surface, 1) != 0
        Trace.shared.event(.pipShown, [
            "xid": Int(reel_x11_window_id(surface)), "x": origin.x, "y": origin.y,
            "width": lastSize.width, "height": lastSize.height, "placed": placed ? 1 : 0, "above": above ? 1 : 0,
        ])
        if !above { onEvent?(.cannotKeepAbove) }
    }

    private func saveGeometry() {
        guard let settings else { return }
        var width: Int32 = 0, height: Int32 = 0
        gtk_window_get_default_size(cast(window), &width, &height)
        settings.setInt(.miniWindowWidth, width)
        var x: Int32 = 0, y: Int32 = 0
        if let surface = gtk_native_get_surface(OpaquePointer(window)), reel_x11_position(surface, &x, &y) != 0 {
            settings.setIntPair(.miniWindowPosition, (max(0, x), max(0, y)))
        }
        Trace.shared.event(.pipSaved, ["width": Int(width), "x": Int(x), "y": Int(y)])
    }

    /// The work area of the monitor `near` is on (else the first monitor).
    private static func workArea(near: UnsafeMutablePointer<GtkWindow>?) -> MiniWindowGeometry.Rect {
        var rect = GdkRectangle(x: 0, y: 0, width: 1280, height: 720)
        var monitor: OpaquePointer?
        let display = gdk_display_get_default()
        if let display, let near, gtk_widget_get_mapped(cast(near)) != 0, let surface = gtk_native_get_surface(OpaquePointer(near)) {
            monitor = gdk_display_get_monitor_at_surface(display, surface)
        }
        if monitor == nil, let display, let monitors = gdk_display_get_monitors(display), g_list_model_get_n_items(monitors) > 0 {
            let first = g_list_model_get_item(monitors, 0)
            monitor = OpaquePointer(first)
            if let first { g_object_unref(first) } // the display keeps its monitors
        }
        if let monitor { reel_monitor_workarea(monitor, &rect) }
        return MiniWindowGeometry.Rect(x: Int(rect.x), y: Int(rect.y), width: Int(rect.width), height: Int(rect.height))
    }
}
