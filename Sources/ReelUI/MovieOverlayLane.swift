import CGLib
import CGtk
import Foundation
import GLibKit
import ReelCore

/// The timeline's lane of texts and pictures under the clips: each a
/// button from its start to its end in the movie, on as few rows as their
/// overlaps need (`OverlayLanes`), named by its words or its file; the
/// chosen one has a grip at each end. A click chooses it (the panel beside
/// the preview shows it); dragging it moves its span and dragging a grip
/// moves that end (`TimelineGrip`), letting go being one edit. One over a
/// clip that is let go over another clip goes with that clip from then on.
final class MovieOverlayLane {
    enum Event {
        case choose(MovieOverlay.ID)
        /// Moved or trimmed: its new span on the movie.
        case place(MovieOverlay.ID, start: Int64, end: Int64)
    }

    var onEvent: ((Event) -> Void)?
    private let fixed: UnsafeMutablePointer<GtkWidget>
    /// Said in the lane while it is empty.
    private let hint = gtk_label_new(tr("Texts and pictures added from the Add menu show here"))!
    private var items: [(scheduled: ScheduledOverlay, button: UnsafeMutablePointer<GtkWidget>)] = []
    private var rows: [Int] = []
    private var chosen: MovieOverlay.ID?
    private var grips: [(grip: TimelineGrip, widget: UnsafeMutablePointer<GtkWidget>)] = []
    private var frame = (scale: TimelineScale(), left: 0.0, top: 0.0, rowHeight: 0.0)
    private var duration: Int64 = 0
    private var rate = FrameRate(25)

    init(fixed: UnsafeMutablePointer<GtkWidget>) {
        self.fixed = fixed
        gtk_widget_add_css_class(hint, "dim-label")
        gtk_fixed_put(cast(fixed), hint, 0, 0)
        for grip in [TimelineGrip.start, .end] {
            let words = grip == .start ? tr("Drag to change when it starts") : tr("Drag to change when it ends")
            grips.append((grip, MovieClipStrip.grip(words, in: fixed)))
        }
    }

    /// Makes the overlays' buttons anew (`layOut` places them); `plan` is
    /// the edit's.
    func show(_ edit: MovieEdit, plan: MoviePlan, chosen: MovieOverlay.ID?) {
        for item in items { gtk_fixed_remove(cast(fixed), item.button) }
        self.chosen = chosen
        duration = edit.duration
        rate = edit.frameRate
        let scheduled = plan.overlays
        items = scheduled.map { ($0, makeButton($0)) }
        rows = OverlayLanes.rows(for: scheduled.map { ($0.start, $0.end) })
        for item in items { gtk_fixed_put(cast(fixed), item.button, 0, 0) }
        for grip in grips { gtk_widget_insert_before(grip.widget, fixed, nil) }
        gtk_widget_set_visible(hint, items.isEmpty && !edit.clips.isEmpty ? 1 : 0)
    }

    /// Marks the chosen overlay without making the buttons anew.
    func mark(chosen id: MovieOverlay.ID?) {
        chosen = id
        for item in items { StyleClass.set("chosen", on: item.scheduled.overlay.id == id, for: item.button) }
        placeGrips(span: nil)
    }

    /// Places the buttons on their rows; answers how many rows there are.
    func layOut(_ scale: TimelineScale, left: Double, top: Double, rowHeight: Double) -> Int {
        frame = (scale, left, top, rowHeight)
        for (index, item) in items.enumerated() { place(item.button, row: rows[index], span: (item.scheduled.start, item.scheduled.end)) }
        gtk_fixed_move(cast(fixed), hint, left, top + 4)
        placeGrips(span: nil)
        return (rows.max() ?? 0) + 1
    }

    private func place(_ button: UnsafeMutablePointer<GtkWidget>, row: Int, span: (start: Int64, end: Int64)) {
        let x = frame.scale.x(of: span.start), width = frame.scale.x(of: span.end) - x
        gtk_widget_set_size_request(button, Int32(max(width - 2, 4).rounded()), Int32(frame.rowHeight - 4))
        gtk_fixed_move(cast(fixed), button, frame.left + x + 1, frame.top + Double(row) * frame.rowHeight)
    }

    /// The grips at the chosen overlay's ends (or of `span` while it is
    /// dragged); hidden when none is chosen.
    private func placeGrips(span: (start: Int64, end: Int64)?) {
        let index = items.firstIndex { $0.scheduled.overlay.id == chosen }
        for grip in grips {
            guard let index else {
                gtk_widget_set_visible(grip.widget, 0)
                continue
            }
            let shown = span ?? (items[index].scheduled.start, items[index].scheduled.end)
            let x = frame.left + frame.scale.x(of: grip.grip == .start ? shown.start : shown.end)
                - (grip.grip == .start ? 0 : MovieClipStrip.gripWidth)
            gtk_widget_set_size_request(grip.widget, Int32(MovieClipStrip.gripWidth), Int32(frame.rowHeight - 4))
            gtk_fixed_move(cast(fixed), grip.widget, x, frame.top + Double(rows[index]) * frame.rowHeight)
            gtk_widget_set_visible(grip.widget, 1)
        }
    }

    // MARK: Dragging (MovieTimelineView's drag, on the timeline itself:
    // what is dragged moves under the pointer, so its own coordinates would)

    private struct Drag {
        let index: Int
        let grip: TimelineGrip
        var span: (start: Int64, end: Int64)
    }
    private var drag: Drag?

    /// A press on `widget`: a grip of the chosen overlay moves that end, an
    /// overlay's button (or what is in it) its whole span; nil for neither.
    func beginDrag(at widget: UnsafeMutablePointer<GtkWidget>) -> TimelineGrip? {
        let grip: TimelineGrip, index: Int
        if let held = grips.first(where: { $0.widget == widget }),
           let chosenIndex = items.firstIndex(where: { $0.scheduled.overlay.id == chosen }) {
            (grip, index) = (held.grip, chosenIndex)
        } else if let itemIndex = items.firstIndex(where: { $0.button == widget || gtk_widget_is_ancestor(widget, $0.button) != 0 }) {
            (grip, index) = (.whole, itemIndex)
        } else {
            return nil
        }
        let scheduled = items[index].scheduled
        drag = Drag(index: index, grip: grip, span: (scheduled.start, scheduled.end))
        return grip
    }

    func drag(by offset: Double) {
        guard var current = drag else { return }
        let scheduled = items[current.index].scheduled
        current.span = current.grip.dragged((scheduled.start, scheduled.end), by: frame.scale.duration(ofWidth: offset),
                                            limit: duration, shortest: MovieOverlay.shortest, rate: rate)
        drag = current
        place(items[current.index].button, row: rows[current.index], span: current.span)
        if items[current.index].scheduled.overlay.id == chosen { placeGrips(span: current.span) }
    }

    /// Letting go: one edit, when the span changed.
    func endDrag() {
        guard let finished = drag else { return }
        drag = nil
        let scheduled = items[finished.index].scheduled
        guard finished.span != (scheduled.start, scheduled.end) else { return }
        let id = scheduled.overlay.id
        // After the gesture is done with: the edit makes the buttons anew.
        MainContext.soon { [weak self] in self?.onEvent?(.place(id, start: finished.span.start, end: finished.span.end)) }
    }

    private func makeButton(_ scheduled: ScheduledOverlay) -> UnsafeMutablePointer<GtkWidget> {
        let overlay = scheduled.overlay
        let button = gtk_button_new()!
        gtk_widget_add_css_class(button, "reel-timeline-overlay")
        if overlay.id == chosen { gtk_widget_add_css_class(button, "chosen") }
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4)!
        let kind: (icon: String, style: String, words: String)
        switch overlay.content {
        case .text: kind = ("insert-text-symbolic", "text", tr("Text “%s”, %s to %s"))
        case .picture: kind = ("image-x-generic-symbolic", "picture", tr("Picture “%s”, %s to %s"))
        case .video: kind = ("video-x-generic-symbolic", "video", tr("Video “%s”, %s to %s"))
        }
        gtk_widget_add_css_class(button, kind.style)
        gtk_box_append(cast(box), gtk_image_new_from_icon_name(kind.icon))
        let name = MovieOverlayPanel.name(of: overlay)
        let label = gtk_label_new(name)!
        gtk_label_set_ellipsize(cast(label), PANGO_ELLIPSIZE_END)
        gtk_label_set_max_width_chars(cast(label), 1)
        gtk_label_set_xalign(cast(label), 0)
        gtk_widget_set_hexpand(label, 1)
        gtk_box_append(cast(box), label)
        gtk_button_set_child(cast(button), box)
        gtk_widget_set_overflow(button, GTK_OVERFLOW_HIDDEN)
        let from = DurationText.format(Double(scheduled.start) / 1e9), to = DurationText.format(Double(scheduled.end) / 1e9)
        let described = CoreText.format(kind.words, [name, from, to])
        AccessibleLabel.set(button, described)
        gtk_widget_set_tooltip_text(button, described)
        let id = overlay.id
        Signals.connect(button, "clicked") { [weak self] in self?.onEvent?(.choose(id)) }
        return button
    }
}
