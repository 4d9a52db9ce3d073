import CGLib
import CGst
import CPango
import CPixbuf
import Foundation
import GLibKit
import ReelCore

/// Draws what is over a movie at a time (`MoviePlan.drawing`) as an overlay
/// composition: one rectangle per still, text or picture, each drawn at the
/// movie's own pixels with cairo (text laid out by Pango, which shapes and
/// orders every script) into premultiplied BGRA, the layout GStreamer's
/// overlay blending takes. An item's opacity is the rectangle's global
/// alpha, and a slide only moves the rectangle, so a fading or sliding
/// caption is drawn once and blended many times; growing redraws it at
/// each size, so it stays sharp. Photos are decoded once, at the size
/// their closest framing needs. Called on the streaming thread
/// (`MovieOverlayBlender`); its caches are behind its lock.
final class MovieOverlayDrawer: MovieFrameDrawing, @unchecked Sendable {
    private let plan: MoviePlan
    private let lock = NSLock()
    private var rasters: [String: Raster] = [:]
    /// Photos as decoded, by URI (read by tests: the size a photo is
    /// decoded at).
    private(set) var photos: [String: Raster] = [:]

    /// The last photo framing cropped and scaled, with what it was made
    /// from: a still photo or a blurred background is the same every frame.
    private var lastCrop: (key: String, raster: Raster)?

    /// A drawn picture: a buffer of premultiplied BGRA with its video meta;
    /// `isOpaque` when every pixel is (nothing under it would show).
    final class Raster {
        let buffer: UnsafeMutablePointer<GstBuffer>
        let width: Int
        let height: Int
        let isOpaque: Bool

        init(buffer: UnsafeMutablePointer<GstBuffer>, width: Int, height: Int, isOpaque: Bool) {
            (self.buffer, self.width, self.height, self.isOpaque) = (buffer, width, height, isOpaque)
        }

        deinit { gst_buffer_unref(buffer) }
    }

    init(plan: MoviePlan) {
        self.plan = plan
    }

    /// Whether anything is ever drawn over the movie.
    static func needed(for plan: MoviePlan) -> Bool {
        plan.placements.contains { $0.clip.isStill }
            || plan.overlays.contains { if case .video = $0.overlay.content { false } else { true } }
    }

    /// What is over the composed picture at `time`: texts and pictures
    /// (the stills are drawn into their own clips' frames: `still`).
    func layers(at time: Int64) -> MovieFrameLayers? {
        let items = plan.drawing(at: time).filter { !$0.isStill }
        guard !items.isEmpty else { return nil }
        lock.lock()
        defer { lock.unlock() }
        return composition(items).map { MovieFrameLayers(backdrop: nil, composition: $0) }
    }

    /// The still at `index` in the plan's placements as it is at `time`,
    /// fully shown: the backdrop of its clip's frame when it is opaque
    /// (nothing of the black clip shows through), else blended onto it.
    func still(_ index: Int, at time: Int64) -> MovieFrameLayers? {
        guard let item = plan.still(index, at: time) else { return nil }
        lock.lock()
        defer { lock.unlock() }
        if let (raster, x, y, _) = draw(item), raster.isOpaque { return MovieFrameLayers(backdrop: (raster, x, y), composition: nil) }
        return composition([item]).map { MovieFrameLayers(backdrop: nil, composition: $0) }
    }

    /// `items` as one overlay composition, or nil when none is drawn.
    /// Called with the lock held.
    private func composition(_ items: [MovieDrawing]) -> OpaquePointer? {
        var composition: OpaquePointer?
        for item in items {
            guard let (raster, x, y, opacity) = draw(item) else { continue }
            let rectangle = gst_video_overlay_rectangle_new_raw(raster.buffer, Int32(x), Int32(y), guint(raster.width),
                                                                guint(raster.height),
                                                                GST_VIDEO_OVERLAY_FORMAT_FLAG_PREMULTIPLIED_ALPHA)!
            if opacity < 1 { gst_video_overlay_rectangle_set_global_alpha(rectangle, Float(opacity)) }
            if let composition {
                gst_video_overlay_composition_add_rectangle(composition, rectangle)
            } else {
                composition = gst_video_overlay_composition_new(rectangle)
            }
            gst_mini_object_unref(UnsafeMutablePointer<GstMiniObject>(rectangle))
        }
        return composition
    }

    /// One item's raster, where it goes and its opacity.
    private func draw(_ item: MovieDrawing) -> (Raster, Int, Int, Double)? {
        switch item {
        case .colour(let colour, let opacity):
            let raster = cached("colour \(colour.hex)") { fill(colour, width: plan.width, height: plan.height) }
            return raster.map { ($0, 0, 0, opacity) }
        case .text(let text, let state):
            let size = text.pixelSize(frameHeight: plan.height, scale: state.place.scale * state.growth)
            guard size >= 1 else { return nil }
            let shown = text.prefix(characters: state.characters(of: text.characterCount))
            let key = "text \(shown)|\(text.family)|\(text.weight)|\(Int(size * 4))|\(text.colour.hex)|"
                + "\(text.outline?.hex ?? "")|\(text.outlineWidth)|\(text.shadow?.hex ?? "")|\(text.alignment.rawValue)"
            guard let raster = cached(key, { MovieOverlayDrawer.text(shown, style: text, pixels: size) }) else { return nil }
            return place(raster, state)
        case .picture(let picture, let state):
            let width = Int((Double(plan.width) * state.place.scale * state.growth).rounded())
            guard width >= 1,
                  let raster = cached("picture \(picture.uri) \(width)", { MovieOverlayDrawer.picture(picture.uri, width: width) })
            else { return nil }
            return place(raster, state)
        case .photo(let uri, let size, let framing, let into, let opacity):
            guard let photo = photo(uri, size: size, framing: framing, into: into) else { return nil }
            return cropped(uri, photo, framing, into: into).map { ($0, into.x, into.y, opacity) }
        case .blurredStill(let uri, let time, let into, let opacity):
            // The blur is the picture or the video's frame decoded tiny and
            // drawn large; black when the file cannot be read.
            guard let small = MovieOverlayDrawer.still(uri, at: time) else {
                return cached("colour #000000ff") { fill(.black, width: plan.width, height: plan.height) }.map { ($0, 0, 0, opacity) }
            }
            return cropped("blur \(uri) \(time)", small, .whole, into: into).map { ($0, into.x, into.y, opacity) }
        }
    }

    /// A raster at its state's place: its centre where the state says for
    /// its size as shares of the frame.
    private func place(_ raster: Raster, _ state: OverlayState) -> (Raster, Int, Int, Double) {
        let size = (Double(raster.width) / Double(plan.width), Double(raster.height) / Double(plan.height))
        let centre = state.centre(size: size)
        return (raster, Int((centre.x * Double(plan.width) - Double(raster.width) / 2).rounded()),
                Int((centre.y * Double(plan.height) - Double(raster.height) / 2).rounded()), state.opacity)
    }

    private func cached(_ key: String, _ make: () -> Raster?) -> Raster? {
        if let raster = rasters[key] { return raster }
        guard let raster = make() else { return nil }
        // Grow draws a new size each frame: keep the cache from growing with it.
        if rasters.count > 64 { rasters.removeAll() }
        rasters[key] = raster
        return raster
    }

    /// Blurred backgrounds' pictures by file and time, kept across drawers
    /// (the preview's is made anew at each edit, and a video's frame costs
    /// a decode); a few kilobytes each. nil for one that could not be read,
    /// so it is not tried again at every frame.
    // Guarded by stillsLock.
    nonisolated(unsafe) private static var stills: [String: Raster?] = [:]
    private static let stillsLock = NSLock()

    /// A blurred background's picture: a photo's or a video's frame at
    /// `time`, 32 pixels wide.
    private static func still(_ uri: String, at time: Int64) -> Raster? {
        let key = "\(uri) \(time)"
        stillsLock.lock()
        defer { stillsLock.unlock() }
        if let known = stills[key] { return known }
        let still = picture(uri, width: 32) ?? VideoStills.pictures(of: uri, at: [time], width: 32, exact: true).first.flatMap { frame in
            raster(width: frame.width, height: frame.height, isOpaque: true) { target in
                frame.bgra.withUnsafeBufferPointer { _ = memcpy(target, $0.baseAddress!, $0.count) }
            }
        }
        stills[key] = .some(still)
        return still
    }

    /// A photo decoded once at the size its closest framing needs in the
    /// frame (never larger than the file), turned upright.
    private func photo(_ uri: String, size: MovieDrawing.Size, framing: PanZoom.Rect, into: MovieDrawing.Rect) -> Raster? {
        if let decoded = photos[uri] { return decoded }
        let closest = plan.placements.compactMap { $0.clip.uri == uri ? $0.clip.panZoom : nil }
            .flatMap { [$0.start, $0.end] } + [framing]
        let share = closest.map { min($0.width, $0.height) }.min() ?? 1
        let scale = min(Double(max(into.width, into.height)) / (Double(max(size.width, size.height)) * share), 1)
        let longest = Int((Double(max(size.width, size.height)) * scale).rounded(.up))
        guard let decoded = MovieOverlayDrawer.picture(uri, width: longest, height: longest) else { return nil }
        photos[uri] = decoded
        return decoded
    }

    /// `crop`, remembered for the next frame.
    private func cropped(_ name: String, _ source: Raster, _ framing: PanZoom.Rect, into: MovieDrawing.Rect) -> Raster? {
        let key = "\(name) \(framing) \(into)"
        if let lastCrop, lastCrop.key == key { return lastCrop.raster }
        let raster = MovieOverlayDrawer.crop(source, framing, into: into)
        lastCrop = raster.map { (key, $0) }
        return raster
    }

    /// The `framing` part of `source` scaled into a raster of `into`'s size.
    /// Bilinear: a framing is never shown much smaller than it was decoded
    /// (photos are decoded for their closest framing), and cairo's GOOD
    /// filter cost several times more per frame for no visible difference.
    private static func crop(_ source: Raster, _ framing: PanZoom.Rect, into: MovieDrawing.Rect) -> Raster? {
        guard into.width > 0, into.height > 0 else { return nil }
        return drawn(width: into.width, height: into.height, isOpaque: source.isOpaque) { cairo in
            var map = GstMapInfo()
            guard gst_buffer_map(source.buffer, &map, GST_MAP_READ) != 0 else { return }
            defer { gst_buffer_unmap(source.buffer, &map) }
            let surface = cairo_image_surface_create_for_data(map.data, CAIRO_FORMAT_ARGB32, Int32(source.width),
                                                              Int32(source.height), Int32(source.width * 4))
            defer { cairo_surface_destroy(surface) }
            let shown = (width: framing.width * Double(source.width), height: framing.height * Double(source.height))
            cairo_scale(cairo, Double(into.width) / shown.width, Double(into.height) / shown.height)
            cairo_set_source_surface(cairo, surface, -framing.x * Double(source.width), -framing.y * Double(source.height))
            cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_BILINEAR)
            cairo_pattern_set_extend(cairo_get_source(cairo), CAIRO_EXTEND_PAD)
            cairo_paint(cairo)
        }
    }

    private func fill(_ colour: MovieColor, width: Int, height: Int) -> Raster? {
        MovieOverlayDrawer.drawn(width: width, height: height, isOpaque: colour.alpha == 255) { cairo in
            MovieOverlayDrawer.setColour(cairo, colour)
            cairo_paint(cairo)
        }
    }

    /// Words laid out by Pango in `style`'s font at `pixels`, with their
    /// shadow and outline, on a transparent raster just large enough.
    static func text(_ words: String, style: MovieText, pixels: Double) -> Raster? {
        guard !words.isEmpty else { return nil }
        let measuring = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
        defer { cairo_surface_destroy(measuring) }
        let context = cairo_create(measuring)!
        defer { cairo_destroy(context) }
        guard let layout = layout(words, style: style, pixels: pixels, on: context) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_pixel_extents(layout, &ink, &logical)
        let outline = style.outline == nil ? 0 : style.outlineWidth * pixels
        let shadow = style.shadow == nil ? 0 : max(pixels / 20, 1)
        let pad = Int(outline.rounded(.up)) + 2
        let left = min(ink.x, logical.x) - Int32(pad), top = min(ink.y, logical.y) - Int32(pad)
        let right = max(ink.x + ink.width, logical.x + logical.width) + Int32(pad + Int(shadow.rounded(.up)))
        let bottom = max(ink.y + ink.height, logical.y + logical.height) + Int32(pad + Int(shadow.rounded(.up)))
        return drawn(width: Int(right - left), height: Int(bottom - top)) { cairo in
            guard let layout = MovieOverlayDrawer.layout(words, style: style, pixels: pixels, on: cairo) else { return }
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            let origin = (Double(-left), Double(-top))
            if let colour = style.shadow {
                cairo_move_to(cairo, origin.0 + shadow, origin.1 + shadow)
                setColour(cairo, colour)
                pango_cairo_show_layout(cairo, layout)
            }
            if let colour = style.outline, outline > 0 {
                cairo_move_to(cairo, origin.0, origin.1)
                pango_cairo_layout_path(cairo, layout)
                setColour(cairo, colour)
                cairo_set_line_width(cairo, outline * 2)
                cairo_set_line_join(cairo, CAIRO_LINE_JOIN_ROUND)
                cairo_stroke(cairo)
            }
            cairo_move_to(cairo, origin.0, origin.1)
            setColour(cairo, style.colour)
            pango_cairo_show_layout(cairo, layout)
        }
    }

    /// The words' Pango layout on `cairo`: family, weight and size in
    /// pixels, aligned, the base direction found from the text.
    static func layout(_ words: String, style: MovieText, pixels: Double,
                       on cairo: OpaquePointer) -> OpaquePointer? {
        guard let layout = pango_cairo_create_layout(cairo) else { return nil }
        let font = pango_font_description_new()!
        defer { pango_font_description_free(font) }
        pango_font_description_set_family(font, style.family)
        pango_font_description_set_weight(font, PangoWeight(rawValue: UInt32(style.weight)))
        pango_font_description_set_absolute_size(font, pixels * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, font)
        let alignment: PangoAlignment
        switch style.alignment {
        case .left: alignment = PANGO_ALIGN_LEFT
        case .centre: alignment = PANGO_ALIGN_CENTER
        case .right: alignment = PANGO_ALIGN_RIGHT
        }
        pango_layout_set_alignment(layout, alignment)
        pango_layout_set_text(layout, words, -1)
        return layout
    }

    /// A PNG, SVG or JPEG at `width` pixels wide (its shape kept), or
    /// within `width`×`height`, turned upright by its EXIF orientation.
    static func picture(_ uri: String, width: Int, height: Int = -1) -> Raster? {
        guard let path = g_filename_from_uri(uri, nil, nil) else { return nil }
        defer { g_free(path) }
        var error: UnsafeMutablePointer<GError>?
        let loaded = gdk_pixbuf_new_from_file_at_scale(path, Int32(width), Int32(height), 1, &error)
        if let error { g_error_free(error) }
        guard let loaded else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(loaded)) }
        guard let upright = gdk_pixbuf_apply_embedded_orientation(loaded) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(upright)) }
        let (w, h) = (Int(gdk_pixbuf_get_width(upright)), Int(gdk_pixbuf_get_height(upright)))
        let stride = Int(gdk_pixbuf_get_rowstride(upright)), channels = Int(gdk_pixbuf_get_n_channels(upright))
        let pixels = gdk_pixbuf_read_pixels(upright)!
        let isOpaque = gdk_pixbuf_get_has_alpha(upright) == 0
        return raster(width: w, height: h, isOpaque: isOpaque) { target in
            // Straight RGB(A) to premultiplied BGRA.
            for y in 0..<h {
                for x in 0..<w {
                    let from = pixels + y * stride + x * channels, to = target + (y * w + x) * 4
                    let alpha = channels == 4 ? Int(from[3]) : 255
                    to[0] = UInt8((Int(from[2]) * alpha + 127) / 255)
                    to[1] = UInt8((Int(from[1]) * alpha + 127) / 255)
                    to[2] = UInt8((Int(from[0]) * alpha + 127) / 255)
                    to[3] = UInt8(alpha)
                }
            }
        }
    }

    private static func setColour(_ cairo: OpaquePointer, _ colour: MovieColor) {
        cairo_set_source_rgba(cairo, Double(colour.red) / 255, Double(colour.green) / 255, Double(colour.blue) / 255,
                              Double(colour.alpha) / 255)
    }

    /// A raster drawn with cairo (ARGB32 is premultiplied BGRA in memory on
    /// little-endian machines, the overlay's own layout).
    private static func drawn(width: Int, height: Int, isOpaque: Bool = false, _ body: (OpaquePointer) -> Void) -> Raster? {
        guard width > 0, height > 0 else { return nil }
        return raster(width: width, height: height, isOpaque: isOpaque) { target in
            let surface = cairo_image_surface_create_for_data(target, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height),
                                                              Int32(width * 4))
            defer { cairo_surface_destroy(surface) }
            let cairo = cairo_create(surface)!
            defer { cairo_destroy(cairo) }
            body(cairo)
            cairo_surface_flush(surface)
        }
    }

    /// A zeroed raster `width`×`height` filled by `body`.
    private static func raster(width: Int, height: Int, isOpaque: Bool, _ body: (UnsafeMutablePointer<UInt8>) -> Void) -> Raster? {
        guard let buffer = gst_buffer_new_allocate(nil, gsize(width * height * 4), nil) else { return nil }
        var map = GstMapInfo()
        guard gst_buffer_map(buffer, &map, GST_MAP_WRITE) != 0 else {
            gst_buffer_unref(buffer)
            return nil
        }
        memset(map.data, 0, Int(map.size))
        body(map.data)
        gst_buffer_unmap(buffer, &map)
        // GST_VIDEO_OVERLAY_COMPOSITION_FORMAT_RGB, a macro: BGRA on a
        // little-endian machine, as cairo's ARGB32 is.
        _ = gst_buffer_add_video_meta(buffer, GST_VIDEO_FRAME_FLAG_NONE, GST_VIDEO_FORMAT_BGRA, guint(width), guint(height))
        return Raster(buffer: buffer, width: width, height: height, isOpaque: isOpaque)
    }
}
