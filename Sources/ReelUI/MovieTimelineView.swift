import CGLib
import CGtk
import Foundation
import GLibKit
import ReelCore

/// The movie page's timeline under the preview: a ruler of times, the
/// clips in proportion to their length (`MovieClipStrip`), the texts and
/// pictures on their own lane under them (`MovieOverlayLane`), and the
/// playhead. The playhead follows the preview, and a click or a drag on
/// the ruler or on an empty part of the lanes takes it there. The view
/// starts with the whole movie fitted to its width, zooms by steps around
/// the playhead (the buttons, the keys, Ctrl and the wheel), and keeps the
/// playhead in sight while the preview plays.
final class MovieTimelineView {
    static let rulerHeight = 20
    static let clipTop = 22
    static let clipHeight = 72
    static let laneTop = clipTop + clipHeight + 8
    static let rowHeight = 30
    /// Room before the movie's start and after its end, for the grips.
    static let margin = 12.0

    let clips: MovieClipStrip
    let overlays: MovieOverlayLane
    /// The playhead was put at a time (a click or a drag on the ruler).
    var onSeek: ((Int64) -> Void)?
    /// The zoom changed (the page enables the zoom buttons and keys).
    var onZoom: (() -> Void)?
    private let scroller: UnsafeMutablePointer<GtkWidget>
    private let fixed: UnsafeMutablePointer<GtkWidget>
    private let ruler = gtk_drawing_area_new()!
    private let playhead = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    private(set) var scale = TimelineScale()
    /// Until the person zooms, the whole movie fits the width.
    private var fitted = true
    private var edit = MovieEdit()
    private var position: Int64 = 0

    init(scroller: UnsafeMutablePointer<GtkWidget>, fixed: UnsafeMutablePointer<GtkWidget>) {
        self.scroller = scroller
        self.fixed = fixed
        gtk_widget_add_css_class(ruler, "reel-timeline-ruler")
        gtk_drawing_area_set_content_height(cast(ruler), Int32(MovieTimelineView.rulerHeight))
        gtk_fixed_put(cast(fixed), ruler, 0, 0)
        clips = MovieClipStrip(fixed: fixed, scroller: scroller)
        overlays = MovieOverlayLane(fixed: fixed)
        gtk_widget_add_css_class(playhead, "reel-playhead")
        gtk_widget_set_can_target(playhead, 0)
        gtk_fixed_put(cast(fixed), playhead, 0, 0)
        let draw: GtkDrawingAreaDrawFunc = { _, cairo, width, height, data in
            guard let data, let cairo else { return }
            Unmanaged<MovieTimelineView>.fromOpaque(data).takeUnretainedValue().drawRuler(cairo, width: width, height: height)
        }
        gtk_drawing_area_set_draw_func(cast(ruler), draw, Unmanaged.passUnretained(self).toOpaque(), nil)
        watchPointer()
        // The width the scroller has is known once it is allocated, and
        // changes with the window.
        Signals.connect(UnsafeMutableRawPointer(adjustment), "changed") { [weak self] in self?.refit() }
    }

    /// Draws the edit anew; true when the focus was on a clip or an
    /// overlay (it has gone with the old buttons).
    func show(_ edit: MovieEdit, chosenClip: MovieClip.ID?, chosenOverlay: MovieOverlay.ID?,
              look: (MovieClip) -> MovieClipStrip.Look) -> Bool {
        self.edit = edit
        let focus = gtk_widget_get_root(fixed).flatMap { gtk_root_get_focus($0) }
        let focusWasHere = focus.map { gtk_widget_is_ancestor($0, fixed) != 0 } ?? false
        let plan = edit.plan
        clips.show(edit, plan: plan, chosen: chosenClip, look: look)
        overlays.show(edit, plan: plan, chosen: chosenOverlay)
        // Over what was just added.
        gtk_widget_insert_before(playhead, fixed, nil)
        // Fitted anew for another length, or a width changed by more than
        // the slack (drawn anew for a clip chosen, nothing moves).
        let width = gtk_widget_get_width(scroller)
        if fitted, width > 0, edit.duration != fittedDuration || abs(width - fittedWidth) > MovieTimelineView.slack {
            fittedWidth = width
            fittedDuration = edit.duration
            scale = fittingScale
        }
        layOut()
        return focusWasHere
    }

    var firstFocusable: UnsafeMutablePointer<GtkWidget>? { clips.firstButton }

    /// The scroller's horizontal adjustment (a scrolled window always has one).
    private var adjustment: UnsafeMutablePointer<GtkAdjustment> {
        gtk_scrolled_window_get_hadjustment(cast(scroller))!
    }

    // MARK: Zoom

    enum Zoom { case closer, farther, fit }

    var canZoomIn: Bool { !edit.clips.isEmpty && scale.canZoomIn }
    /// Farther than the whole movie is no use: zooming out stops there.
    var canZoomOut: Bool { !edit.clips.isEmpty && !fitted }

    /// Zooms around the playhead: it stays where it is on screen.
    func zoom(_ zoom: Zoom) {
        let onScreen = MovieTimelineView.margin + scale.x(of: position) - gtk_adjustment_get_value(adjustment)
        switch zoom {
        case .closer: scale = scale.zoomedIn
        case .farther: scale = scale.zoomedOut
        case .fit: scale = fittingScale
        }
        fittedWidth = gtk_widget_get_width(scroller)
        fittedDuration = edit.duration
        let fitting = fittingScale
        fitted = zoom == .fit || scale.pixelsPerSecond <= fitting.pixelsPerSecond * 1.001
        if fitted { scale = fitting }
        layOut()
        let upper = contentWidth, page = gtk_adjustment_get_page_size(adjustment)
        gtk_adjustment_configure(adjustment, 0, 0, max(upper, page), 1, page / 2, page)
        gtk_adjustment_set_value(adjustment, min(max(MovieTimelineView.margin + scale.x(of: position) - onScreen, 0),
                                                 max(upper - page, 0)))
        onZoom?()
    }

    /// The scale at which the whole movie fills the width there is, but for
    /// `slack` pixels: the width may shrink by that much before the clips
    /// move (the settings beside grow and shrink a little with their words).
    private var fittingScale: TimelineScale {
        TimelineScale.fitting(edit.duration, in: Double(gtk_widget_get_width(scroller)) - 2 * MovieTimelineView.margin
                              - Double(MovieTimelineView.slack))
    }

    private static let slack: Int32 = 8

    /// The width and the movie's length the fitted scale was last worked out for.
    private var fittedWidth: Int32 = 0
    private var fittedDuration: Int64 = 0

    private var refitting = false

    /// After the allocation that changed the width (sizes set during one
    /// would be lost), once however often the width changes meanwhile.
    private func refit() {
        guard fitted, !refitting else { return }
        refitting = true
        MainContext.soon { [weak self] in
            guard let self else { return }
            self.refitting = false
            let width = gtk_widget_get_width(self.scroller)
            guard self.fitted, abs(width - self.fittedWidth) > MovieTimelineView.slack else { return }
            self.fittedWidth = width
            self.fittedDuration = self.edit.duration
            self.scale = self.fittingScale
            self.layOut()
            self.onZoom?()
        }
    }

    // MARK: The playhead

    /// Where the preview is; while it plays, the view scrolls to keep the
    /// playhead in sight.
    func showPosition(_ time: Int64) {
        position = time
        let x = MovieTimelineView.margin + scale.x(of: time)
        gtk_fixed_move(cast(fixed), playhead, x - 1, 0)
        let left = gtk_adjustment_get_value(adjustment), page = gtk_adjustment_get_page_size(adjustment)
        if page > 0, x < left || x > left + page {
            gtk_adjustment_set_value(adjustment, max(x - page / 10, 0))
        }
    }

    /// What a drag on the timeline holds.
    private enum Held { case playhead, trimGrip, overlay }

    /// One drag for the whole timeline, seen before its children (capture):
    /// a press on the ruler or on nothing puts the playhead there and a
    /// drag moves it along; a grip trims its clip or moves its overlay's
    /// end; an overlay dragged past the threshold moves (a click on it
    /// stays a click). A clip's button keeps its own click and drag.
    private func watchPointer() {
        let drag = gtk_gesture_drag_new()!
        gtk_event_controller_set_propagation_phase(drag, GTK_PHASE_CAPTURE)
        var start = 0.0
        var held: Held?
        var claimed = false
        Signals.connect(drag, .dragBegin) { [weak self] point in
            guard let self, !self.edit.clips.isEmpty,
                  let picked = gtk_widget_pick(self.fixed, point.x, point.y, GTK_PICK_DEFAULT) else { return }
            start = point.x
            claimed = true
            if picked == self.fixed || picked == self.ruler {
                held = .playhead
                self.seek(atX: start)
            } else if self.clips.beginTrim(at: picked) {
                held = .trimGrip
            } else if let grip = self.overlays.beginDrag(at: picked) {
                held = .overlay
                claimed = grip != .whole
            } else {
                held = nil
                gtk_gesture_set_state(drag, GTK_EVENT_SEQUENCE_DENIED)
                return
            }
            if claimed { gtk_gesture_set_state(drag, GTK_EVENT_SEQUENCE_CLAIMED) }
        }
        Signals.connect(drag, .dragUpdate) { [weak self] offset in
            guard let self, let held else { return }
            if !claimed {
                guard gtk_drag_check_threshold(self.fixed, 0, 0, Int32(offset.x), Int32(offset.y)) != 0 else { return }
                claimed = true
                gtk_gesture_set_state(drag, GTK_EVENT_SEQUENCE_CLAIMED)
            }
            switch held {
            case .playhead: self.seek(atX: start + offset.x)
            case .trimGrip: self.clips.trim(by: offset.x)
            case .overlay: self.overlays.drag(by: offset.x)
            }
        }
        Signals.connect(drag, .dragEnd) { [weak self] _ in
            guard let self, let finished = held else { return }
            held = nil
            switch finished {
            case .playhead: break
            case .trimGrip: self.clips.endTrim()
            case .overlay: self.overlays.endDrag()
            }
        }
        gtk_widget_add_controller(fixed, drag)

        let wheel = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL)!
        gtk_event_controller_set_propagation_phase(wheel, GTK_PHASE_CAPTURE)
        Signals.connect(UnsafeMutableRawPointer(wheel), .scroll) { [weak self] delta in
            let state = gtk_event_controller_get_current_event_state(wheel)
            guard let self, state.rawValue & GDK_CONTROL_MASK.rawValue != 0, delta.y != 0 else { return false }
            if delta.y < 0 ? self.canZoomIn : self.canZoomOut { self.zoom(delta.y < 0 ? .closer : .farther) }
            return true
        }
        gtk_widget_add_controller(scroller, wheel)
    }

    private func seek(atX x: Double) {
        let time = scale.time(atX: x - MovieTimelineView.margin, rate: edit.frameRate,
                              limit: max(edit.duration - edit.frameRate.frameDuration, 0))
        showPosition(time)
        onSeek?(time)
    }

    // MARK: Drawing

    private var contentWidth: Double {
        2 * MovieTimelineView.margin + scale.x(of: edit.duration)
    }

    private func layOut() {
        let width = contentWidth
        let top = Double(MovieTimelineView.clipTop)
        clips.layOut(scale, left: MovieTimelineView.margin, top: top, height: Double(MovieTimelineView.clipHeight))
        let rows = overlays.layOut(scale, left: MovieTimelineView.margin, top: Double(MovieTimelineView.laneTop),
                                   rowHeight: Double(MovieTimelineView.rowHeight))
        let height = MovieTimelineView.laneTop + max(rows, 1) * MovieTimelineView.rowHeight + 4
        gtk_widget_set_size_request(ruler, Int32(width.rounded(.up)), Int32(MovieTimelineView.rulerHeight))
        gtk_widget_set_size_request(playhead, 2, Int32(height))
        gtk_widget_set_size_request(fixed, Int32(width.rounded(.up)), Int32(height))
        gtk_widget_queue_draw(ruler)
        showPosition(position)
    }

    /// A mark at every step with its time, and four small ones between.
    private func drawRuler(_ cairo: OpaquePointer, width: Int32, height: Int32) {
        guard !edit.clips.isEmpty else { return }
        var colour = GdkRGBA()
        gtk_style_context_get_color(gtk_widget_get_style_context(ruler), &colour)
        cairo_set_source_rgba(cairo, Double(colour.red), Double(colour.green), Double(colour.blue), 0.55)
        cairo_set_line_width(cairo, 1)
        let step = scale.markStep(gap: 72)
        let small = step / 5
        var time: Int64 = 0
        while time <= edit.duration {
            let x = (MovieTimelineView.margin + scale.x(of: time)).rounded() + 0.5
            let isMark = time % step == 0
            cairo_move_to(cairo, x, Double(height))
            cairo_line_to(cairo, x, Double(height) - (isMark ? 8 : 4))
            if isMark, let layout = gtk_widget_create_pango_layout(ruler, DurationText.format(Double(time) / 1e9)) {
                cairo_move_to(cairo, x + 3, 0)
                pango_cairo_show_layout(cairo, layout)
                g_object_unref(UnsafeMutableRawPointer(layout))
            }
            time += small
        }
        cairo_stroke(cairo)
    }
}
