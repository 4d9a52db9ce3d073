/// How many threads a libav video decoder gets. libav decodes H.264 and its
/// lighter kin with frame threads: each thread works on a frame of its own,
/// so every thread costs a decoding context and frames in flight (at 1080p,
/// 17 MB of Reel's peak in bench/playback.sh) and a frame of latency. Up to
/// 1080p at 30 frames a second one thread keeps up with room to spare (about
/// a sixth of one core on the bench machine) and uses no more CPU. HEVC
/// too: 30 s of 1080p30 Main 10 decode on one thread in 8.4 s with the
/// same CPU time as two threads and a 16 MB lower peak. Above that rate, or
/// for VP9 and AV1, or when the stream does not say its size and rate,
/// libav picks as it would (one per core).
public enum DecoderThreading {
    /// libav's own choice (`max-threads` 0).
    public static let automatic = 0
    /// Pixels a second one thread is given: 1920×1080 at 30 frames a second.
    public static let singleThreadPixelRate = 1920 * 1080 * 30

    /// Decoders (GStreamer factory names) cheap enough for one thread.
    public static let lightDecoders: Set<String> = [
        "avdec_h264", "avdec_h265", "avdec_mpeg2video", "avdec_mpeg4", "avdec_h263", "avdec_vp8", "avdec_mjpeg",
        "avdec_theora",
    ]

    /// `max-threads` for `decoder` on a stream of `width`×`height` at
    /// `framesPerSecond` (0 or less: unknown or variable).
    public static func maxThreads(decoder: String, width: Int, height: Int, framesPerSecond: Double) -> Int {
        guard lightDecoders.contains(decoder), width > 0, height > 0, framesPerSecond > 0 else { return automatic }
        return Double(width * height) * framesPerSecond <= Double(singleThreadPixelRate) ? 1 : automatic
    }
}
