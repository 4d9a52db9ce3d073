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

    /// GStreamer's deinterlacing method, chosen by measurement
    /// (bench/RESULTS.md › Deinterlacing): vfir comes within 2 dB of the
    /// best on still detail (46 against greedyh's 47 on a still zone
    /// plate), beats it on moving detail (45 against 43), and costs a
    /// tenth as much (0.24 ms a 576i frame against 2.7).
    public static let method = "vfir"
}
