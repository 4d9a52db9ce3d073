/// Whether interlaced video (TV recordings, DVDs, 1080i camcorders) is
/// deinterlaced (the `deinterlace` setting). Progressive video is never
/// touched either way.
public enum Deinterlacing: String, CaseIterable, Sendable {
    case automatic
    case off

    public var title: String {
        switch self {
        case .automatic: return N_("Automatic")
        case .off: return N_("Off")
        }
    }

    /// GStreamer's deinterlacing method for a picture `height` lines tall,
    /// chosen by measurement (bench/RESULTS.md › Deinterlacing): greedyh
    /// keeps still detail best (47 dB on a still zone plate against 38 for
    /// linear) at 2.7 ms a 576i frame; at HD sizes it would take most of a
    /// core, and vfir comes closest (46 dB) at a tenth of the cost.
    public static func method(forHeight height: Int) -> String {
        height <= 576 ? "greedyh" : "vfir"
    }
}
