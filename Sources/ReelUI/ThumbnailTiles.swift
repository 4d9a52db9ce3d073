import CGLib
import CGtk
import Foundation
import GLibKit
import ReelCore
import ReelMedia

/// Pictures along a width: how the timeline shows a clip across its
/// length. A video shows its own frames, each tile the frame nearest the
/// moment of the trimmed clip it sits over; until those are read (a dozen
/// along the file, at keyframes, on a background thread, once per file),
/// and for a photo, one picture repeats (the video's thumbnail from the
/// cache, the photo itself). Each tile is the picture as the movie shows
/// it (a video turned, mirrored and cropped as its framing says) at the
/// area's height; the last is cut where the clip ends. Pictures are read once at
/// the height tiles need, turned upright, and kept for the timeline's next
/// drawing (it is made anew at each edit); main thread only.
final class ThumbnailTiles {
    let widget = gtk_drawing_area_new()!
    private let pixbuf: OpaquePointer?
    /// The video's file and the part of it the clip shows (nanoseconds).
    private let video: (uri: String, from: Int64, to: Int64)?
    /// How the clip's picture is turned and cut in the movie.
    private let framing: ClipFraming

    /// How many frames are read along a video.
    private static let framesAlong = 12
    /// Frames read along videos, as cairo surfaces with their times, by URI.
    // Main thread only: timelines are made and drawn there.
    private nonisolated(unsafe) static var frames: [String: [(time: Int64, surface: OpaquePointer)]] = [:]
    /// Tiles drawn before their video's frames came, redrawn when they do.
    // Main thread only: timelines are made and drawn there.
    private nonisolated(unsafe) static var waiting: [String: [Weak]] = [:]

    private final class Weak {
        weak var tiles: ThumbnailTiles?
        init(_ tiles: ThumbnailTiles) { self.tiles = tiles }
    }

    /// Twice the tiles' height, for a screen at twice the scale.
    private static let height: Int32 = 128
    /// The pictures read, by path.
    // Main thread only: timelines are made and drawn there.
    private nonisolated(unsafe) static var read: [String: OpaquePointer] = [:]

    /// `path`'s picture repeated; a video's frames (`clip`'s file between
    /// its trims) once read.
    init(path: String, clip: MovieClip? = nil) {
        pixbuf = ThumbnailTiles.picture(path)
        video = clip.flatMap { $0.isVideo ? ($0.uri, $0.trimIn, $0.trimOut) : nil }
        framing = clip?.framing ?? .original
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
        if let video, let duration = clip?.sourceDuration, duration > 0 { ThumbnailTiles.read(video.uri, duration: duration, for: self) }
    }

    /// Reads a dozen frames along the file at `uri`, once, and redraws the
    /// tiles that wait for them.
    private static func read(_ uri: String, duration: Int64, for tiles: ThumbnailTiles) {
        guard frames[uri] == nil else { return }
        let first = waiting[uri] == nil
        waiting[uri, default: []].append(Weak(tiles))
        guard first else { return }
        let times = (0..<framesAlong).map { duration * Int64(2 * $0 + 1) / Int64(2 * framesAlong) }
        VideoStills.load(uri, at: times, height: Int(height)) { pictures in ThumbnailTiles.arrived(uri, pictures) }
    }

    private static func arrived(_ uri: String, _ pictures: [VideoStills.Picture]) {
        // A movie's files, a few dozen at most (1.4 MB each): kept as long
        // as the app runs unless there are more.
        if frames.count > 32 {
            for along in frames.values { along.forEach { cairo_surface_destroy($0.surface) } }
            frames = [:]
        }
        frames[uri] = pictures.compactMap { picture in
            let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(picture.width), Int32(picture.height))!
            let stride = Int(cairo_image_surface_get_stride(surface))
            guard let data = cairo_image_surface_get_data(surface) else { return nil }
            picture.bgra.withUnsafeBufferPointer { bytes in
                for row in 0..<picture.height {
                    memcpy(data + row * stride, bytes.baseAddress! + row * picture.width * 4, picture.width * 4)
                }
            }
            cairo_surface_mark_dirty(surface)
            return (picture.time, surface)
        }
        for entry in waiting.removeValue(forKey: uri) ?? [] {
            if let tiles = entry.tiles { gtk_widget_queue_draw(tiles.widget) }
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
        if let video, let along = ThumbnailTiles.frames[video.uri], !along.isEmpty, height > 0 {
            return drawFrames(along, of: video, on: cairo, width: width, height: height)
        }
        guard let pixbuf, height > 0 else { return }
        let size = (Int(gdk_pixbuf_get_width(pixbuf)), Int(gdk_pixbuf_get_height(pixbuf)))
        var x = 0.0
        while x < Double(width) {
            let tile = paint(on: cairo, size: size, at: x, height: height) { gdk_cairo_set_source_pixbuf(cairo, pixbuf, 0, 0) }
            guard tile > 0 else { return }
            x += tile
        }
    }

    /// Paints one tile at `x`, `height` high: the picture (of `size`, made
    /// the source by `setSource`) turned, mirrored and cropped as the clip's
    /// framing says. Returns the tile's width (0 for an empty picture).
    private func paint(on cairo: OpaquePointer, size: (width: Int, height: Int), at x: Double, height: Int32,
                       setSource: () -> Void) -> Double {
        let kept = framing.kept(size), cut = framing.cropInsets(size)
        guard size.width > 0, size.height > 0, kept.width > 0, kept.height > 0 else { return 0 }
        let factor = Double(height) / Double(kept.height)
        cairo_save(cairo)
        cairo_translate(cairo, x, 0)
        cairo_scale(cairo, factor, factor)
        cairo_translate(cairo, -Double(cut.left), -Double(cut.top))
        cairo_rectangle(cairo, Double(cut.left), Double(cut.top), Double(kept.width), Double(kept.height))
        cairo_clip(cairo)
        let map = framing.turnedMap(size)
        var matrix = cairo_matrix_t()
        cairo_matrix_init(&matrix, map.xx, map.yx, map.xy, map.yy, map.x0, map.y0)
        cairo_transform(cairo, &matrix)
        setSource()
        cairo_paint(cairo)
        cairo_restore(cairo)
        return Double(kept.width) * factor
    }

    /// Each tile the frame nearest the moment of the clip under its middle.
    private func drawFrames(_ along: [(time: Int64, surface: OpaquePointer)], of video: (uri: String, from: Int64, to: Int64),
                            on cairo: OpaquePointer, width: Int32, height: Int32) {
        let first = along[0].surface
        let size = (Int(cairo_image_surface_get_width(first)), Int(cairo_image_surface_get_height(first)))
        let kept = framing.kept(size)
        guard kept.height > 0 else { return }
        let tile = Double(kept.width) * Double(height) / Double(kept.height)
        guard tile > 0 else { return }
        var x = 0.0
        while x < Double(width) {
            let share = min((x + tile / 2) / Double(width), 1)
            let time = video.from + Int64(Double(video.to - video.from) * share)
            let nearest = along.min { abs($0.time - time) < abs($1.time - time) }!
            _ = paint(on: cairo, size: size, at: x, height: height) { cairo_set_source_surface(cairo, nearest.surface, 0, 0) }
            x += tile
        }
    }
}
