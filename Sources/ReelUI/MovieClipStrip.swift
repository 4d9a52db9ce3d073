import CGLib
import CGtk
import Foundation
import GLibKit
import ReelCore

/// The movie page's filmstrip: a button per clip (its thumbnail, name and
/// length), the chosen one marked; moving the focus along it chooses, and
/// a clip dragged along it moves (each button is a drag source whose value
/// is the button itself: only this strip takes it, and a clip let go
/// elsewhere opens nothing).
final class MovieClipStrip {
    enum Event {
        case choose(MovieClip.ID)
        /// A clip was dropped so that it goes to `index`.
        case move(MovieClip.ID, to: Int)
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
    private let strip: UnsafeMutablePointer<GtkWidget>
    private let scroller: UnsafeMutablePointer<GtkWidget>
    private var buttons: [(id: MovieClip.ID, button: UnsafeMutablePointer<GtkWidget>)] = []
    private var chosen: MovieClip.ID?

    init(strip: UnsafeMutablePointer<GtkWidget>, scroller: UnsafeMutablePointer<GtkWidget>) {
        self.strip = strip
        self.scroller = scroller
        acceptDrags()
    }

    func button(for id: MovieClip.ID?) -> UnsafeMutablePointer<GtkWidget>? {
        buttons.first { $0.id == id }?.button
    }

    var firstButton: UnsafeMutablePointer<GtkWidget>? { buttons.first?.button }

    /// Draws the clips anew; true when the focus was in the strip (it has
    /// gone with the old buttons).
    func show(_ edit: MovieEdit, chosen: MovieClip.ID?, look: (MovieClip) -> Look) -> Bool {
        let focus = gtk_widget_get_root(strip).flatMap { gtk_root_get_focus($0) }
        let focusWasInStrip = focus.map { gtk_widget_is_ancestor($0, strip) != 0 } ?? false
        while let child = gtk_widget_get_first_child(strip) { gtk_box_remove(cast(strip), child) }
        buttons = []
        self.chosen = chosen
        let placements = edit.plan.placements
        for (index, clip) in edit.clips.enumerated() {
            let button = makeButton(clip, look: look(clip), index: index, of: edit.clips.count, length: placements[index].duration)
            gtk_box_append(cast(strip), button)
            buttons.append((clip.id, button))
        }
        return focusWasInStrip
    }

    /// Marks the chosen clip without drawing the strip anew.
    func mark(chosen id: MovieClip.ID) {
        chosen = id
        for entry in buttons { StyleClass.set("chosen", on: entry.id == id, for: entry.button) }
    }

    private func makeButton(_ clip: MovieClip, look: Look, index: Int, of count: Int, length: Int64) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_button_new()!
        gtk_widget_add_css_class(button, "reel-movie-clip")
        gtk_widget_add_css_class(button, "flat")
        if clip.id == chosen { gtk_widget_add_css_class(button, "chosen") }
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
        let picture: UnsafeMutablePointer<GtkWidget>
        if let title = look.title {
            picture = MovieClipStrip.titleCard(title.text, on: title.colour)
        } else if !look.isMissing, let path = look.thumbnail {
            picture = gtk_picture_new_for_filename(path)
            gtk_picture_set_content_fit(OpaquePointer(picture), GTK_CONTENT_FIT_COVER)
            gtk_picture_set_can_shrink(OpaquePointer(picture), 1)
        } else {
            // No picture yet, or the file is gone: an icon that says which.
            picture = gtk_image_new_from_icon_name(look.isMissing ? "dialog-warning-symbolic" : "video-x-generic-symbolic")
            gtk_image_set_pixel_size(cast(picture), 32)
            gtk_widget_add_css_class(picture, "dim-label")
        }
        gtk_widget_set_size_request(picture, 160, 90)
        gtk_widget_add_css_class(picture, "thumbnail")
        gtk_box_append(cast(box), picture)
        let name = gtk_label_new(look.name)!
        gtk_label_set_ellipsize(cast(name), PANGO_ELLIPSIZE_MIDDLE)
        gtk_label_set_max_width_chars(cast(name), 18)
        gtk_box_append(cast(box), name)
        let duration = DurationText.format(Double(length) / 1e9)
        let time = gtk_label_new(duration)!
        gtk_widget_add_css_class(time, "dim-label")
        gtk_widget_add_css_class(time, "numeric")
        gtk_box_append(cast(box), time)
        gtk_button_set_child(cast(button), box)
        let missingNote = look.isMissing ? ", " + tr("missing") : ""
        AccessibleLabel.set(button, CoreText.format(tr("Clip %s of %s: %s, %s"), [String(index + 1), String(count), look.name, duration])
                            + missingNote)
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

    /// A point on the scroller in the strip's coordinates (the strip scrolls).
    private func stripX(_ x: Double, _ y: Double) -> Double {
        var stripX = 0.0, stripY = 0.0
        gtk_widget_translate_coordinates(scroller, strip, x, y, &stripX, &stripY)
        return stripX
    }

    /// The clips' left edges and widths on the strip, in order.
    private func clipFrames() -> [(start: Double, width: Double)] {
        buttons.map { entry in
            var left = 0.0, top = 0.0
            gtk_widget_translate_coordinates(entry.button, strip, 0, 0, &left, &top)
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
