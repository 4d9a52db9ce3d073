import CGLib
import CGtk
import GLibKit

/// A thumbnail repeated along a width: how the timeline shows a clip's
/// picture across its length. Each tile is the thumbnail's shape at the
/// area's height, drawn with cairo from the cache's PNG; the last is cut
/// where the clip ends.
final class ThumbnailTiles {
    let widget = gtk_drawing_area_new()!
    private let surface: OpaquePointer?

    init(path: String) {
        let image = cairo_image_surface_create_from_png(path)
        if let image, cairo_surface_status(image) != CAIRO_STATUS_SUCCESS {
            cairo_surface_destroy(image)
            surface = nil
        } else {
            surface = image
        }
        gtk_widget_set_hexpand(widget, 1)
        gtk_widget_set_vexpand(widget, 1)
        gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN)
        gtk_widget_add_css_class(widget, "thumbnail")
        let draw: GtkDrawingAreaDrawFunc = { _, cairo, width, height, data in
            guard let data, let cairo else { return }
            Unmanaged<ThumbnailTiles>.fromOpaque(data).takeUnretainedValue().draw(cairo, width: width, height: height)
        }
        // The area keeps this alive as long as it lives.
        gtk_drawing_area_set_draw_func(cast(widget), draw, Unmanaged.passRetained(self).toOpaque()) { data in
            guard let data else { return }
            Unmanaged<ThumbnailTiles>.fromOpaque(data).release()
        }
    }

    deinit {
        if let surface { cairo_surface_destroy(surface) }
    }

    private func draw(_ cairo: OpaquePointer, width: Int32, height: Int32) {
        guard let surface, height > 0 else { return }
        let imageWidth = Double(cairo_image_surface_get_width(surface))
        let imageHeight = Double(cairo_image_surface_get_height(surface))
        guard imageWidth > 0, imageHeight > 0 else { return }
        let factor = Double(height) / imageHeight
        let tile = imageWidth * factor
        var x = 0.0
        while x < Double(width) {
            cairo_save(cairo)
            cairo_translate(cairo, x, 0)
            cairo_scale(cairo, factor, factor)
            cairo_set_source_surface(cairo, surface, 0, 0)
            cairo_paint(cairo)
            cairo_restore(cairo)
            x += tile
        }
    }
}
