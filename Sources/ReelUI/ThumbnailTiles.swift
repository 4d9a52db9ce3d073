import CGLib
import CGtk
import GLibKit

/// A picture repeated along a width: how the timeline shows a clip across
/// its length (a video's thumbnail from the cache, a photo itself). Each
/// tile is the picture's shape at the area's height; the last is cut where
/// the clip ends. Pictures are read once at the height tiles need, turned
/// upright, and kept for the timeline's next drawing (it is made anew at
/// each edit); main thread only.
final class ThumbnailTiles {
    let widget = gtk_drawing_area_new()!
    private let pixbuf: OpaquePointer?

    /// Twice the tiles' height, for a screen at twice the scale.
    private static let height: Int32 = 128
    /// The pictures read, by path.
    // Main thread only: timelines are made and drawn there.
    private nonisolated(unsafe) static var read: [String: OpaquePointer] = [:]

    init(path: String) {
        pixbuf = ThumbnailTiles.picture(path)
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

    /// The picture at `path`, read at the tiles' height (a 48-megapixel
    /// photo is scaled as it is decoded), or nil when it cannot be read.
    private static func picture(_ path: String) -> OpaquePointer? {
        if let known = read[path] { return known }
        var error: UnsafeMutablePointer<GError>?
        let loaded = gdk_pixbuf_new_from_file_at_scale(path, -1, height, 1, &error)
        if let error { g_error_free(error) }
        guard let loaded else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(loaded)) }
        guard let upright = gdk_pixbuf_apply_embedded_orientation(loaded) else { return nil }
        // A movie's clips, a few dozen at most: kept as long as the app runs
        // unless there are more.
        if read.count > 64 {
            for pixbuf in read.values { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
            read = [:]
        }
        read[path] = upright
        return upright
    }

    private func draw(_ cairo: OpaquePointer, width: Int32, height: Int32) {
        guard let pixbuf, height > 0 else { return }
        let picture = pixbuf
        let pictureWidth = Double(gdk_pixbuf_get_width(picture)), pictureHeight = Double(gdk_pixbuf_get_height(picture))
        guard pictureWidth > 0, pictureHeight > 0 else { return }
        let factor = Double(height) / pictureHeight
        let tile = pictureWidth * factor
        var x = 0.0
        while x < Double(width) {
            cairo_save(cairo)
            cairo_translate(cairo, x, 0)
            cairo_scale(cairo, factor, factor)
            gdk_cairo_set_source_pixbuf(cairo, picture, 0, 0)
            cairo_paint(cairo)
            cairo_restore(cairo)
            x += tile
        }
    }
}
