import CGst

/// What goes on one frame of a movie: an opaque picture that replaces the
/// frame's pixels where it is (a photo or a title card's background:
/// nothing under it shows, so it is converted in rather than blended), then
/// a composition blended over that. Either may be missing. Owns its
/// composition's reference.
final class MovieFrameLayers {
    let backdrop: (raster: MovieOverlayDrawer.Raster, x: Int, y: Int)?
    let composition: OpaquePointer?

    init(backdrop: (raster: MovieOverlayDrawer.Raster, x: Int, y: Int)?, composition: OpaquePointer?) {
        (self.backdrop, self.composition) = (backdrop, composition)
    }

    deinit {
        if let composition { gst_mini_object_unref(UnsafeMutablePointer<GstMiniObject>(composition)) }
    }
}
