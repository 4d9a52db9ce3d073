/// Hardware video decoding (VA-API, NVDEC and the like): GStreamer's
/// hardware decoders go ahead of the software ones while the setting is on,
/// and out of the choosing when it is off. A hardware decoder that fails on
/// a video is left out from then on, and the video is opened again with
/// software decoding.
public enum HardwareDecoding {
    /// GST_RANK_PRIMARY: the rank of the decoders playbin prefers.
    public static let primaryRank = 256

    /// A factory's class ("Codec/Decoder/Video/Hardware") says it decodes
    /// video in hardware.
    public static func isHardwareVideoDecoder(klass: String) -> Bool {
        let parts = Set(klass.split(separator: "/").map(String.init))
        return parts.isSuperset(of: ["Codec", "Decoder", "Video", "Hardware"])
    }

    /// The rank a hardware decoder gets: above every software decoder while
    /// on (its own if that is higher), none while off (rank 0 is never
    /// chosen) or once it failed.
    public static func rank(original: Int, enabled: Bool, failed: Bool = false) -> Int {
        enabled && !failed ? max(original, primaryRank + 1) : 0
    }
}
