import CGLib
import CGtk
import GLibKit
import ReelCore
import ReelMedia

/// Dragging the chosen text or picture on the movie page's preview: it
/// follows the pointer (keeping where on it the press was), snapped to the
/// frame's centre lines and title-safe margins; while it moves, its
/// outline and the guides it sits on are drawn over the preview. Letting
/// go is one edit (one Undo), and the preview then shows it there.
final class MovieOverlayDragger {
    /// The preview with the guides over it, for the page to put in place.
    let widget = gtk_overlay_new()!
    private let guides = gtk_drawing_area_new()!
    private let view: VideoView
    /// The overlay to move, and the edit it is in.
    var chosen: () -> MovieOverlay? = { nil }
    var edit: () -> MovieEdit? = { nil }
    var onMove: ((MovieOverlay.ID, OverlayPlace) -> Void)?
    private struct Drag {
        let overlay: MovieOverlay
        let from: OverlayPlace
        /// Its width and height as shares of the frame.
        let size: (width: Double, height: Double)
        var place: OverlayPlace
    }
    private var drag: Drag?

    init(view: VideoView) {
        self.view = view
        gtk_overlay_set_child(cast(widget), view.widget)
        AccessibleLabel.set(view.widget, tr("Movie Preview"))
        AccessibleLabel.describe(view.widget, tr("Drag the chosen text or picture to move it"))
        gtk_widget_set_can_target(guides, 0)
        gtk_overlay_add_overlay(cast(widget), guides)
        let draw: GtkDrawingAreaDrawFunc = { _, cairo, width, height, data in
            guard let data, let cairo else { return }
            Unmanaged<MovieOverlayDragger>.fromOpaque(data).takeUnretainedValue().draw(cairo, width: width, height: height)
        }
        gtk_drawing_area_set_draw_func(cast(guides), draw, Unmanaged.passUnretained(self).toOpaque(), nil)
        let gesture = gtk_gesture_drag_new()!
        gtk_widget_add_controller(view.widget, gesture)
        Signals.connect(gesture, .dragBegin) { [weak self] _ in self?.begin() }
        Signals.connect(gesture, .dragUpdate) { [weak self] offset in self?.move(dx: offset.x, dy: offset.y) }
        Signals.connect(gesture, .dragEnd) { [weak self] _ in self?.end() }
    }

    /// The part of the view the movie's frame shows in.
    private func frameRect(_ plan: MoviePlan) -> ContentMode.Rect {
        let width = Double(gtk_widget_get_width(view.widget)), height = Double(gtk_widget_get_height(view.widget))
        return view.contentMode.placement(aspect: Double(plan.width) / Double(max(plan.height, 1)), width: width, height: height)
    }

    private func begin() {
        guard let overlay = chosen(), let plan = edit()?.plan else { return }
        let frame = (width: plan.width, height: plan.height)
        let size: (width: Double, height: Double)
        switch overlay.content {
        case .text(let text):
            size = MovieTextExtent.share(of: text, frame: frame, scale: overlay.place.scale)
        case .picture(let picture):
            size = MovieOverlayDragger.share(of: (picture.width, picture.height), scale: overlay.place.scale, frame: frame)
        case .video(let video):
            size = MovieOverlayDragger.share(of: (video.width, video.height), scale: overlay.place.scale, frame: frame)
        }
        drag = Drag(overlay: overlay, from: overlay.place, size: size, place: overlay.place)
        gtk_widget_queue_draw(guides)
    }

    /// A picture `scale` of the frame's width, its height by its shape.
    private static func share(of shape: (width: Int, height: Int), scale: Double,
                              frame: (width: Int, height: Int)) -> (width: Double, height: Double) {
        let height = scale * Double(frame.width) * Double(max(shape.height, 1)) / Double(max(shape.width, 1))
        return (scale, height / Double(max(frame.height, 1)))
    }

    private func move(dx: Double, dy: Double) {
        guard var current = drag, let plan = edit()?.plan else { return }
        let rect = frameRect(plan)
        guard rect.width > 0, rect.height > 0 else { return }
        current.place = OverlayPlace(x: current.from.x + dx / rect.width, y: current.from.y + dy / rect.height,
                                     scale: current.from.scale).snapped(size: current.size)
        drag = current
        gtk_widget_queue_draw(guides)
    }

    private func end() {
        guard let finished = drag else { return }
        drag = nil
        gtk_widget_queue_draw(guides)
        if finished.place != finished.from { onMove?(finished.overlay.id, finished.place) }
    }

    /// The dragged item's outline, and a guide on each line it snapped to.
    private func draw(_ cairo: OpaquePointer, width: Int32, height: Int32) {
        guard let current = drag, let plan = edit()?.plan else { return }
        let rect = frameRect(plan)
        let place = current.place
        let box = (x: rect.x + (place.x - current.size.width / 2) * rect.width,
                   y: rect.y + (place.y - current.size.height / 2) * rect.height,
                   width: current.size.width * rect.width, height: current.size.height * rect.height)
        cairo_set_line_width(cairo, 1)
        // GNOME's accent blue, solid for the item, dashed for the guides.
        cairo_set_source_rgba(cairo, 0.21, 0.52, 0.89, 1)
        cairo_rectangle(cairo, box.x.rounded() + 0.5, box.y.rounded() + 0.5, box.width.rounded(), box.height.rounded())
        cairo_stroke(cairo)
        var dash = [4.0, 4.0]
        cairo_set_dash(cairo, &dash, 2, 0)
        let margin = OverlayPlace.safeMargin
        let half = (current.size.width / 2, current.size.height / 2)
        for (share, isVertical) in [(0.5, true), (margin + half.0, true), (1 - margin - half.0, true),
                                    (0.5, false), (margin + half.1, false), (1 - margin - half.1, false)] {
            let guide = isVertical ? place.x : place.y
            guard abs(guide - share) < 1e-9 else { continue }
            if isVertical {
                // The line the item's centre or edge sits on.
                let x = rect.x + (share == 0.5 ? 0.5 : share < 0.5 ? margin : 1 - margin) * rect.width
                cairo_move_to(cairo, x.rounded() + 0.5, rect.y)
                cairo_line_to(cairo, x.rounded() + 0.5, rect.y + rect.height)
            } else {
                let y = rect.y + (share == 0.5 ? 0.5 : share < 0.5 ? margin : 1 - margin) * rect.height
                cairo_move_to(cairo, rect.x, y.rounded() + 0.5)
                cairo_line_to(cairo, rect.x + rect.width, y.rounded() + 0.5)
            }
            cairo_stroke(cairo)
        }
    }
}
