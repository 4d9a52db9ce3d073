import CGLib
import CGtk
import CShims
import GLibKit
import ReelCore
import ReelMedia

/// A GdkPaintable that shows the newest VideoFrame: its intrinsic size and
/// aspect ratio are the video's (pixel aspect and rotation applied), so a
/// new frame only redraws, and only a new shape re-lays out. Fit, fill and
/// stretch happen here, when drawing. Main thread only.
///
/// The GObject side is a small subclass registered at run time; its vfuncs
/// find this Swift object through qdata, which deinit clears, so a GTK
/// widget that outlives us draws nothing rather than touching freed memory.
final class VideoPaintable {
    let object: UnsafeMutablePointer<GObject>
    private var texture: OpaquePointer?
    /// The frame as a cairo surface over its own pixels (the cairo renderer).
    private var surface: OpaquePointer?
    private var frame: VideoFrame?
    /// Counts frames shown; the last one reported as presented. (Not the
    /// frame's identity: a freed frame's address comes back for a later one.)
    private var serial = 0
    private var presentedSerial = -1
    private var firstFramePresented = false
    var contentMode: ContentMode = .fit { didSet { invalidateContents() } }
    /// Whether the video's size is the paintable's intrinsic size (so the
    /// picture asks for room in the video's shape). A banner of a fixed
    /// height (the preview strip) turns it off and fills what it gets.
    var hasIntrinsicSize = true { didSet { gdk_paintable_invalidate_size(paintable) } }
    /// Device pixels per logical pixel of the widget showing it.
    var scaleFactor = 1
    /// The size in device pixels the picture was last drawn at, and the
    /// part of it in view.
    var onDrawn: ((Int, Int, PictureCrop) -> Void)?
    /// A frame reached the screen (its PTS, stream time and running time
    /// are on it).
    var onPresented: ((VideoFrame) -> Void)?

    /// GTK 4.8's cairo renderer converts every texture pixel through floats
    /// before painting it (a third of playback CPU in the bench); an opaque
    /// cairo image over the frame's own memory paints with a plain copy.
    /// With the GL renderer a texture is the fast path.
    static let drawsWithCairo = getenv("GSK_RENDERER").map { String(cString: $0) == "cairo" } ?? false

    init() {
        object = g_object_new_with_properties(VideoPaintable.type, 0, nil, nil)!
        g_object_set_qdata(object, VideoPaintable.quark, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        g_object_set_qdata(object, VideoPaintable.quark, nil)
        dropPicture()
        dropSubtitle()
        g_object_unref(object)
    }

    var paintable: OpaquePointer { OpaquePointer(object) }
    var hasFrame: Bool { frame != nil }
    /// A picture subtitle (PGS, DVB, DVD) drawn with the frame, on its
    /// canvas: as a texture, or a cairo surface for the cairo renderer,
    /// which would convert a texture's every pixel again with each frame.
    private var subtitle: SubtitleBitmap?
    private var subtitleTexture: OpaquePointer?
    private var subtitleSurface: OpaquePointer?

    /// The frame whose size is the paintable's, if it has one.
    private var intrinsic: VideoFrame? { hasIntrinsicSize ? frame : nil }

    /// The frame on screen, to carry over to another view.
    var currentFrame: VideoFrame? { frame }

    /// Shows `frame` from the next paint on.
    func show(_ frame: VideoFrame) {
        let previous = self.frame
        dropPicture()
        if VideoPaintable.drawsWithCairo {
            surface = VideoPaintable.cairoSurface(for: frame)
        } else {
            texture = VideoPaintable.texture(for: frame)
        }
        self.frame = frame
        serial += 1
        if previous?.displayWidth != frame.displayWidth || previous?.displayHeight != frame.displayHeight {
            gdk_paintable_invalidate_size(paintable)
        }
        invalidateContents()
    }

    /// Draws `bitmap` over the picture from the next paint on (nil: none).
    func showSubtitle(_ bitmap: SubtitleBitmap?) {
        guard bitmap != subtitle else { return }
        subtitle = bitmap
        dropSubtitle()
        if let bitmap, VideoPaintable.drawsWithCairo {
            subtitleSurface = VideoPaintable.cairoSurface(for: bitmap)
        } else if let bitmap {
            let bytes = bitmap.rgba.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count))! }
            defer { g_bytes_unref(bytes) }
            subtitleTexture = gdk_memory_texture_new(Int32(bitmap.width), Int32(bitmap.height), GDK_MEMORY_R8G8B8A8,
                                                     bytes, gsize(bitmap.width * 4))
        }
        invalidateContents()
    }

    private func dropSubtitle() {
        if let subtitleTexture { g_object_unref(UnsafeMutableRawPointer(subtitleTexture)) }
        if let subtitleSurface { cairo_surface_destroy(subtitleSurface) }
        subtitleTexture = nil
        subtitleSurface = nil
    }

    /// The bitmap as cairo's premultiplied native-endian ARGB.
    private static func cairoSurface(for bitmap: SubtitleBitmap) -> OpaquePointer? {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(bitmap.width), Int32(bitmap.height)) else { return nil }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        for row in 0..<bitmap.height {
            let line = UnsafeMutableRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
            for column in 0..<bitmap.width {
                let at = (row * bitmap.width + column) * 4
                let alpha = UInt32(bitmap.rgba[at + 3])
                func premultiplied(_ value: UInt8) -> UInt32 { (UInt32(value) * alpha + 127) / 255 }
                line[column] = alpha << 24 | premultiplied(bitmap.rgba[at]) << 16
                    | premultiplied(bitmap.rgba[at + 1]) << 8 | premultiplied(bitmap.rgba[at + 2])
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }

    /// Drops the picture (the view shows black).
    func clear() {
        dropPicture()
        frame = nil
        firstFramePresented = false
        invalidateContents()
    }

    private func invalidateContents() { gdk_paintable_invalidate_contents(paintable) }

    private func dropPicture() {
        if let texture { g_object_unref(UnsafeMutableRawPointer(texture)) }
        if let surface { cairo_surface_destroy(surface) }
        texture = nil
        surface = nil
    }

    private static func texture(for frame: VideoFrame) -> OpaquePointer {
        gdk_memory_texture_new(Int32(frame.width), Int32(frame.height),
                               GDK_MEMORY_B8G8R8A8_PREMULTIPLIED, frame.bytes, gsize(frame.stride))
    }

    /// An RGB24 surface on the frame's memory; it keeps the frame alive for
    /// as long as cairo holds it (a render node may outlive our reference).
    private static func cairoSurface(for frame: VideoFrame) -> OpaquePointer {
        var size: gsize = 0
        let data = UnsafeMutableRawPointer(mutating: g_bytes_get_data(frame.bytes, &size)!).assumingMemoryBound(to: UInt8.self)
        let surface = cairo_image_surface_create_for_data(data, CAIRO_FORMAT_RGB24, Int32(frame.width),
                                                          Int32(frame.height), Int32(frame.stride))!
        cairo_surface_set_user_data(surface, &frameKey, Unmanaged.passRetained(frame).toOpaque()) {
            Unmanaged<VideoFrame>.fromOpaque($0!).release()
        }
        return surface
    }

    // Only its address is used (cairo's key for the frame a surface wraps).
    nonisolated(unsafe) private static var frameKey = cairo_user_data_key_t()

    /// A cairo node over `drawn`, or only over its visible part: GTK
    /// allocates and composites a surface as big as the node, and in fill
    /// mode most of the picture may lie outside the view.
    private func cairoNode(_ snapshot: OpaquePointer, drawn: graphene_rect_t, clippedTo bounds: graphene_rect_t?) -> OpaquePointer? {
        var rect = drawn
        if var bounds {
            var visible = graphene_rect_t()
            withUnsafePointer(to: &bounds) { b in _ = graphene_rect_intersection(&rect, b, &visible) }
            rect = visible
        }
        return gtk_snapshot_append_cairo(snapshot, &rect)
    }

    private func snapshot(_ snapshot: OpaquePointer, width: Double, height: Double) {
        var full = graphene_rect_t(origin: graphene_point_t(x: 0, y: 0), size: graphene_size_t(width: Float(width), height: Float(height)))
        var black = GdkRGBA(red: 0, green: 0, blue: 0, alpha: 1)
        guard let frame else {
            gtk_snapshot_append_color(snapshot, &black, &full)
            return
        }
        let place = contentMode.placement(aspect: frame.aspectRatio, width: width, height: height)
        // A frame may hold only the part of the picture that shows.
        let held = frame.crop.place(in: place)
        var drawn = held
        // A picture converted at (about) the size it is drawn goes on whole
        // pixels at 1:1, which pixman does as a copy; any scale or
        // half-pixel offset sends every pixel through its bilinear filter.
        let oneToOne = surface != nil && abs(held.width / Double(frame.width) - 1) < 0.03
            && abs(held.height / Double(frame.height) - 1) < 0.03
        if oneToOne {
            drawn = ContentMode.Rect(x: (held.x + (held.width - Double(frame.width)) / 2).rounded(),
                                     y: (held.y + (held.height - Double(frame.height)) / 2).rounded(),
                                     width: Double(frame.width), height: Double(frame.height))
        }
        // Black only where the picture is not (the view has no background
        // of its own): filling the whole view first would write every pixel
        // twice.
        for bar in ContentMode.bars(around: drawn, width: width, height: height) {
            var rect = graphene_rect_t(origin: graphene_point_t(x: Float(bar.x), y: Float(bar.y)),
                                       size: graphene_size_t(width: Float(bar.width), height: Float(bar.height)))
            gtk_snapshot_append_color(snapshot, &black, &rect)
        }
        var rect = graphene_rect_t(origin: graphene_point_t(x: Float(drawn.x), y: Float(drawn.y)),
                                   size: graphene_size_t(width: Float(drawn.width), height: Float(drawn.height)))
        let clips = contentMode == .fill
        if clips { gtk_snapshot_push_clip(snapshot, &full) }
        if let texture {
            gtk_snapshot_append_texture(snapshot, texture, &rect)
        } else if let surface, let cr = cairoNode(snapshot, drawn: rect, clippedTo: clips ? full : nil) {
            cairo_translate(cr, drawn.x, drawn.y)
            if !oneToOne { cairo_scale(cr, drawn.width / Double(frame.width), drawn.height / Double(frame.height)) }
            cairo_set_source_surface(cr, surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
            cairo_paint(cr)
            cairo_destroy(cr)
        }
        if let subtitle {
            let at = subtitle.place(in: place)
            var rect = graphene_rect_t(origin: graphene_point_t(x: Float(at.x), y: Float(at.y)),
                                       size: graphene_size_t(width: Float(at.width), height: Float(at.height)))
            if let subtitleTexture {
                gtk_snapshot_append_texture(snapshot, subtitleTexture, &rect)
            } else if let subtitleSurface, let cr = cairoNode(snapshot, drawn: rect, clippedTo: clips ? full : nil) {
                cairo_translate(cr, at.x, at.y)
                cairo_scale(cr, at.width / Double(subtitle.width), at.height / Double(subtitle.height))
                cairo_set_source_surface(cr, subtitleSurface, 0, 0)
                cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
                cairo_paint(cr)
                cairo_destroy(cr)
            }
        }
        if clips { gtk_snapshot_pop(snapshot) }
        let visible = contentMode == .fill ? PictureCrop.visible(place, width: width, height: height) ?? .whole : .whole
        onDrawn?(Int(place.width.rounded()) * scaleFactor, Int(place.height.rounded()) * scaleFactor, visible)
        if serial != presentedSerial {
            presentedSerial = serial
            onPresented?(frame)
        }
    }

    // MARK: GObject plumbing

    private static let quark = g_quark_from_static_string("reel-video-paintable")

    private static func from(_ instance: OpaquePointer?) -> VideoPaintable? {
        guard let instance, let data = g_object_get_qdata(UnsafeMutablePointer(instance), quark) else { return nil }
        return Unmanaged<VideoPaintable>.fromOpaque(data).takeUnretainedValue()
    }

    private static let type: GType = {
        var info = GTypeInfo()
        info.class_size = guint16(MemoryLayout<GObjectClass>.size)
        info.instance_size = guint16(MemoryLayout<GObject>.size)
        let type = g_type_register_static(reel_type_object(), "ReelVideoPaintable", &info, GTypeFlags(0))
        var interface = GInterfaceInfo()
        interface.interface_init = { iface, _ in
            let vtable = iface!.assumingMemoryBound(to: GdkPaintableInterface.self)
            vtable.pointee.snapshot = { paintable, snapshot, width, height in
                VideoPaintable.from(paintable)?.snapshot(snapshot!, width: width, height: height)
            }
            vtable.pointee.get_intrinsic_width = { VideoPaintable.from($0)?.intrinsic.map { Int32($0.displayWidth) } ?? 0 }
            vtable.pointee.get_intrinsic_height = { VideoPaintable.from($0)?.intrinsic.map { Int32($0.displayHeight) } ?? 0 }
            vtable.pointee.get_intrinsic_aspect_ratio = { VideoPaintable.from($0)?.intrinsic?.aspectRatio ?? 0 }
            vtable.pointee.get_current_image = { paintable in
                if let frame = VideoPaintable.from(paintable)?.frame { return VideoPaintable.texture(for: frame) }
                return gdk_paintable_new_empty(0, 0)
            }
        }
        g_type_add_interface_static(type, gdk_paintable_get_type(), &interface)
        return type
    }()
}
