import CGLib
import CGtk
import Foundation
import GLibKit
import ReelCore

/// The timeline's clips: a button per clip, as long as the clip lasts in
/// the movie, its thumbnail along it (a title card: its words on its
/// colour) over its name and length; the chosen one outlined, with a grip
/// at each end. Dragging a grip trims that end on the clip's own frames,
/// as the keys do (the preview shows the frame under it while it
/// shortens the clip), and letting go is one edit. Moving the focus along
/// the clips chooses, and a clip dragged along them moves (each button is
/// a drag source whose value is the button itself: only this timeline
/// takes it, and a clip let go elsewhere opens nothing).
final class MovieClipStrip {
    enum Event {
        case choose(MovieClip.ID)
        /// A clip was dropped so that it goes to `index`.
        case move(MovieClip.ID, to: Int)
        /// A grip is being dragged: the preview shows this time of the movie.
        case showFrame(Int64)
        /// A grip was let go: the clip's new trim points.
        case trim(MovieClip.ID, MovieTrimHandle, start: Int64, end: Int64)
    }

    /// What a clip shows besides its length.
    struct Look {
        let name: String
        /// Its thumbnail's path, when the cache has one.
        let thumbnail: String?
        let isMissing: Bool
        /// A title card's words and background colour: it has no file, so
        /// no thumbnail; it shows as its words on its colour instead.
        var title: (text: String, colour: MovieColor)? = nil
    }

    var onEvent: ((Event) -> Void)?
    private let fixed: UnsafeMutablePointer<GtkWidget>
    private let scroller: UnsafeMutablePointer<GtkWidget>
    private var buttons: [(id: MovieClip.ID, button: UnsafeMutablePointer<GtkWidget>)] = []
    private var placements: [MoviePlan.Placement] = []
    private var frameDuration: Int64 = 0
    private var chosen: MovieClip.ID?
    private var grips: [(handle: MovieTrimHandle, widget: UnsafeMutablePointer<GtkWidget>)] = []
    /// Where the clips were last laid out: the scale, the left edge of the
    /// movie's start, and the clips' top and height.
    private var frame = (scale: TimelineScale(), left: 0.0, top: 0.0, height: 0.0)
    static let gripWidth = 6.0

    init(fixed: UnsafeMutablePointer<GtkWidget>, scroller: UnsafeMutablePointer<GtkWidget>) {
        self.fixed = fixed
        self.scroller = scroller
        for handle in MovieTrimHandle.allCases {
            let words = handle == .start ? tr("Drag to trim the start") : tr("Drag to trim the end")
            grips.append((handle, MovieClipStrip.grip(words, in: fixed)))
        }
        acceptDrags()
    }

    /// A grip at an end of the chosen item (a clip here, an overlay on its
    /// lane), put in the timeline; `words` say what dragging it does (its
    /// tooltip and name: the keys , . < > and the panel's rows do the same).
    static func grip(_ words: String, in fixed: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        let grip = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_add_css_class(grip, "reel-trim-grip")
        gtk_widget_set_cursor_from_name(grip, "col-resize")
        gtk_widget_set_tooltip_text(grip, words)
        AccessibleLabel.set(grip, words)
        gtk_fixed_put(cast(fixed), grip, 0, 0)
        return grip
    }

    func button(for id: MovieClip.ID?) -> UnsafeMutablePointer<GtkWidget>? {
        buttons.first { $0.id == id }?.button
    }

    var firstButton: UnsafeMutablePointer<GtkWidget>? { buttons.first?.button }

    /// Makes the clips' buttons anew (`layOut` places them); `plan` is
    /// the edit's.
    func show(_ edit: MovieEdit, plan: MoviePlan, chosen: MovieClip.ID?, look: (MovieClip) -> Look) {
        for entry in buttons { gtk_fixed_remove(cast(fixed), entry.button) }
        buttons = []
        self.chosen = chosen
        placements = plan.placements
        frameDuration = edit.frameRate.frameDuration
        for (index, clip) in edit.clips.enumerated() {
            let button = makeButton(clip, look: look(clip), index: index, of: edit.clips.count, length: placements[index].duration)
            gtk_fixed_put(cast(fixed), button, 0, 0)
            buttons.append((clip.id, button))
        }
        // Over the buttons.
        for grip in grips { gtk_widget_insert_before(grip.widget, fixed, nil) }
    }

    /// Places each clip from its start to the next one's (a crossfade
    /// overlaps them), and the chosen clip's grips on its ends.
    func layOut(_ scale: TimelineScale, left: Double, top: Double, height: Double) {
        frame = (scale, left, top, height)
        for (index, entry) in buttons.enumerated() where index < placements.count {
            let start = scale.x(of: placements[index].start)
            let end = index + 1 < placements.count ? scale.x(of: placements[index + 1].start) : scale.x(of: placements[index].end)
            gtk_widget_set_size_request(entry.button, Int32(max(end - start - 2, 4).rounded()), Int32(height))
            gtk_fixed_move(cast(fixed), entry.button, left + start + 1, top)
        }
        placeGrips(trimmed: nil)
    }

    /// The grips at the chosen clip's ends, or at `trimmed` while one is
    /// dragged; hidden when no clip is chosen.
    private func placeGrips(trimmed: (start: Int64, end: Int64)?) {
        let index = buttons.firstIndex { $0.id == chosen }
        for grip in grips {
            guard let index, index < placements.count else {
                gtk_widget_set_visible(grip.widget, 0)
                continue
            }
            let placement = placements[index]
            let clip = placement.clip
            let points = trimmed ?? (clip.trimIn, clip.trimOut)
            let time = placement.start + clip.movieOffset(ofSourceOffset: (grip.handle == .start ? points.start : points.end) - clip.trimIn)
            let x = frame.left + frame.scale.x(of: time) - (grip.handle == .start ? 0 : MovieClipStrip.gripWidth)
            gtk_widget_set_size_request(grip.widget, Int32(MovieClipStrip.gripWidth), Int32(frame.height))
            gtk_fixed_move(cast(fixed), grip.widget, x, frame.top)
            gtk_widget_set_visible(grip.widget, 1)
        }
    }

    /// Marks the chosen clip without making the buttons anew.
    func mark(chosen id: MovieClip.ID) {
        chosen = id
        for entry in buttons { StyleClass.set("chosen", on: entry.id == id, for: entry.button) }
        placeGrips(trimmed: nil)
    }

    // MARK: Trimming by a grip (MovieTimelineView's drag, on the timeline
    // itself: the grip moves under the pointer, so its own coordinates would)

    private var trimming: (handle: MovieTrimHandle, from: MoviePlan.Placement, to: (start: Int64, end: Int64)?)?

    /// A press on `widget`: true when it is a grip of the chosen clip,
    /// whose drag then trims.
    func beginTrim(at widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard let grip = grips.first(where: { $0.widget == widget }),
              let index = buttons.firstIndex(where: { $0.id == chosen }), index < placements.count else { return false }
        trimming = (grip.handle, placements[index], nil)
        return true
    }

    /// The grip dragged by `offset` pixels: it follows on the clip's own
    /// frames, and the preview shows the frame under it.
    func trim(by offset: Double) {
        guard let current = trimming else { return }
        let placement = current.from, clip = placement.clip
        let points = current.handle.dragged(clip, by: frame.scale.duration(ofWidth: offset))
        trimming?.to = points
        placeGrips(trimmed: points)
        // The frame under the grip, where the clip as it is has it.
        let time = current.handle == .start ? placement.start + clip.movieOffset(ofSourceOffset: points.start - clip.trimIn)
            : placement.start + clip.movieOffset(ofSourceOffset: points.end - clip.trimIn) - frameDuration
        onEvent?(.showFrame(min(max(time, placement.start), max(placement.end - frameDuration, placement.start))))
    }

    /// Letting go: one edit, when the trim changed.
    func endTrim() {
        guard let finished = trimming else { return }
        trimming = nil
        let clip = finished.from.clip
        guard let points = finished.to, points != (clip.trimIn, clip.trimOut) else { return placeGrips(trimmed: nil) }
        // After the gesture is done with: the edit makes the buttons anew.
        MainContext.soon { [weak self] in self?.onEvent?(.trim(clip.id, finished.handle, start: points.start, end: points.end)) }
    }

    private func makeButton(_ clip: MovieClip, look: Look, index: Int, of count: Int, length: Int64) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_button_new()!
        gtk_widget_add_css_class(button, "reel-movie-clip")
        gtk_widget_add_css_class(button, "flat")
        if clip.id == chosen { gtk_widget_add_css_class(button, "chosen") }
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        let picture: UnsafeMutablePointer<GtkWidget>
        if let title = look.title {
            picture = MovieClipStrip.titleCard(title.text, on: title.colour)
        } else if !look.isMissing, let path = look.thumbnail {
            picture = ThumbnailTiles(path: path, clip: clip).widget
        } else {
            // No picture yet, or the file is gone: an icon that says which.
            picture = gtk_image_new_from_icon_name(look.isMissing ? "dialog-warning-symbolic" : "video-x-generic-symbolic")
            gtk_image_set_pixel_size(cast(picture), 24)
            gtk_widget_add_css_class(picture, "dim-label")
            gtk_widget_add_css_class(picture, "thumbnail")
        }
        gtk_widget_set_vexpand(picture, 1)
        gtk_box_append(cast(box), picture)
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        let name = gtk_label_new(look.name)!
        gtk_label_set_ellipsize(cast(name), PANGO_ELLIPSIZE_END)
        // As short as the clip needs: the label shows what fits.
        gtk_label_set_max_width_chars(cast(name), 1)
        gtk_label_set_xalign(cast(name), 0)
        gtk_widget_set_hexpand(name, 1)
        gtk_box_append(cast(row), name)
        let duration = DurationText.format(Double(length) / 1e9)
        // A clip at another speed says so beside its length in the movie.
        let speedNote = clip.speed == 1 ? "" : PlaybackSpeed.label(clip.speed)
        let time = gtk_label_new(speedNote.isEmpty ? duration : "\(speedNote) \(duration)")!
        gtk_widget_add_css_class(time, "dim-label")
        gtk_widget_add_css_class(time, "numeric")
        gtk_box_append(cast(row), time)
        gtk_box_append(cast(box), row)
        gtk_button_set_child(cast(button), box)
        gtk_widget_set_overflow(button, GTK_OVERFLOW_HIDDEN)
        let missingNote = look.isMissing ? ", " + tr("missing") : ""
        // Translators: a clip's speed in the movie, after its length: "at 0.5×".
        let speedName = speedNote.isEmpty ? "" : ", " + CoreText.format(tr("at %s"), [speedNote])
        AccessibleLabel.set(button, CoreText.format(tr("Clip %s of %s: %s, %s"), [String(index + 1), String(count), look.name, duration])
                            + speedName + missingNote)
        gtk_widget_set_tooltip_text(button, "\(look.name), \(duration)")
        let id = clip.id
        Signals.connect(button, "clicked") { [weak self] in self?.onEvent?(.choose(id)) }
        // Moving the focus along the strip chooses the clip under it.
        let focus = gtk_event_controller_focus_new()!
        Signals.connect(UnsafeMutableRawPointer(focus), "enter") { [weak self] in
            guard let self, self.chosen != id else { return }
            self.onEvent?(.choose(id))
        }
        gtk_widget_add_controller(button, focus)
        gtk_widget_add_controller(button, dragSource(for: button))
        return button
    }

    /// A title card's words (the first text over it) and colour; nil for
    /// another clip. A blurred-still card has no colour of its own: dark grey.
    static func titleFace(_ clip: MovieClip, in edit: MovieEdit) -> (text: String, colour: MovieColor)? {
        guard case .title(let background) = clip.kind else { return nil }
        let text = edit.overlays.first { $0.anchor == .clip(clip.id) && $0.text != nil }?.text?.text ?? ""
        if case .colour(let colour) = background { return (text, colour) }
        return (text, MovieColor(red: 0x30, green: 0x30, blue: 0x30))
    }

    /// A title card's face: its words on its colour, white as in the movie.
    /// The colour is the card's own, so it is set on the label alone (a
    /// provider per label).
    private static func titleCard(_ text: String, on colour: MovieColor) -> UnsafeMutablePointer<GtkWidget> {
        let label = gtk_label_new(text)!
        gtk_label_set_wrap(cast(label), 1)
        gtk_label_set_lines(cast(label), 3)
        gtk_label_set_ellipsize(cast(label), PANGO_ELLIPSIZE_END)
        gtk_label_set_justify(cast(label), GTK_JUSTIFY_CENTER)
        gtk_label_set_max_width_chars(cast(label), 16)
        let style = gtk_css_provider_new()!
        let background = String(colour.hex.prefix(7))
        gtk_css_provider_load_from_data(style, "label { background-color: \(background); color: white; font-weight: bold; }", -1)
        gtk_style_context_add_provider(gtk_widget_get_style_context(label), cast(style),
                                       guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(UnsafeMutableRawPointer(style))
        return label
    }

    // MARK: Dragging

    private func acceptDrags() {
        let target = gtk_drop_target_new(gtk_widget_get_type(), GDK_ACTION_MOVE)!
        Signals.connect(target, .drop) { [weak self] drop in
            guard let self, let object = g_value_get_object(drop.value),
                  let id = self.buttons.first(where: { UnsafeMutableRawPointer($0.button) == object })?.id else {
                return false
            }
            self.markDrop(at: nil)
            self.drop(id, at: self.stripX(drop.point.x, drop.point.y))
            return true
        }
        // While a clip is dragged over the strip, a bar marks where it would land.
        Signals.connect(target, .dropMotion) { [weak self] point in
            guard let self else { return GdkDragAction(rawValue: 0) }
            self.markDrop(at: MovieDrop.gap(at: self.stripX(point.x, point.y), frames: self.clipFrames()))
            return GDK_ACTION_MOVE
        }
        Signals.connect(target, "leave") { [weak self] in self?.markDrop(at: nil) }
        gtk_widget_add_controller(scroller, target)
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

    /// A point on the scroller in the timeline's coordinates (it scrolls).
    private func stripX(_ x: Double, _ y: Double) -> Double {
        var stripX = 0.0, stripY = 0.0
        gtk_widget_translate_coordinates(scroller, fixed, x, y, &stripX, &stripY)
        return stripX
    }

    /// The clips' left edges and widths on the timeline, in order.
    private func clipFrames() -> [(start: Double, width: Double)] {
        buttons.map { entry in
            var left = 0.0, top = 0.0
            gtk_widget_translate_coordinates(entry.button, fixed, 0, 0, &left, &top)
            return (left, Double(gtk_widget_get_width(entry.button)))
        }
    }

    /// Marks the gap a dragged clip would land in: a bar before the clip
    /// at `gap`, or after the last; nil clears it.
    private func markDrop(at gap: Int?) {
        for (index, entry) in buttons.enumerated() {
            let before = gap == index, after = gap == buttons.count && index == buttons.count - 1
            for (style, on) in [("drop-before", before), ("drop-after", after)] {
                StyleClass.set(style, on: on, for: entry.button)
            }
        }
    }

    private func drop(_ id: MovieClip.ID, at x: Double) {
        guard let from = buttons.firstIndex(where: { $0.id == id }) else { return }
        onEvent?(.move(id, to: MovieDrop.index(moving: from, droppedAt: x, frames: clipFrames())))
    }
}
