/// One file format Reel writes, with everything the recorder, the recovery
/// after a crash, the movie renderer and the movie page need to know of it.
/// A new container is one row of `all` (and its tests): nothing else tests
/// which container it is.
public struct ContainerSpec: Equatable, Sendable {
    public let container: RecordingFormat.Container
    /// What the movie page's Format menu says (marked for translation).
    public let label: String
    public let fileExtension: String
    public let muxer: String
    /// The container's caps for encodebin's profile.
    public let caps: String
    /// The parsers between encoders and muxer, if needed.
    public let videoParser: String?
    public let audioParser: String?
    /// The video and audio encoders it takes, best first (hardware first).
    public let videoEncoders: [String]
    public let audioEncoders: [String]
    /// The muxer's settings while the camera records into it.
    public let recordingMuxerProperties: String
    /// Written fragmented while recording (a crash keeps every finished
    /// second), so the file is made a plain one when the recording stops
    /// or when a crash cut it short.
    public let needsFinishing: Bool
    /// Its sound's encoder priming is written into the file by Reel (MP4's
    /// edit list: mp4mux in GStreamer 1.22 leaves it out); Opus carries its
    /// own pre-skip.
    public let marksPriming: Bool

    /// Hardware first (VA-API), then the software encoders.
    static let h264Encoders = ["vah264lpenc", "vah264enc", "vaapih264enc", "x264enc", "openh264enc"]
    static let aacEncoders = ["fdkaacenc", "avenc_aac", "voaacenc"]
    static let vp8Encoders = ["vp8enc", "vp9enc"]

    /// In order of preference: the camera records in the first one that can
    /// be written here, the movie page lists them all.
    public static let all: [ContainerSpec] = [
        ContainerSpec(container: .mp4, label: N_("MP4 (H.264, AAC)"), fileExtension: "mp4", muxer: "mp4mux",
                      caps: "video/quicktime,variant=iso", videoParser: "h264parse", audioParser: "aacparse",
                      videoEncoders: h264Encoders, audioEncoders: aacEncoders,
                      recordingMuxerProperties: "fragment-duration=1000", needsFinishing: true, marksPriming: true),
        ContainerSpec(container: .webm, label: N_("WebM (VP8, Opus)"), fileExtension: "webm", muxer: "webmmux",
                      caps: "video/webm", videoParser: nil, audioParser: nil,
                      videoEncoders: vp8Encoders, audioEncoders: ["opusenc"],
                      recordingMuxerProperties: "", needsFinishing: false, marksPriming: false),
        // H.264 for every player and Opus, whose header says its own
        // priming (Matroska has no edit list for AAC's).
        ContainerSpec(container: .mkv, label: N_("Matroska (H.264, Opus)"), fileExtension: "mkv", muxer: "matroskamux",
                      caps: "video/x-matroska", videoParser: "h264parse", audioParser: nil,
                      videoEncoders: h264Encoders, audioEncoders: ["opusenc"],
                      recordingMuxerProperties: "", needsFinishing: false, marksPriming: false),
    ]

    public static func spec(for container: RecordingFormat.Container) -> ContainerSpec {
        // Every container has its row (ContainerSpecTests).
        all.first { $0.container == container } ?? all[0]
    }

    /// The row whose files end in `name`'s extension, if any.
    public static func spec(forFileNamed name: String) -> ContainerSpec? {
        all.first { name.hasSuffix("." + $0.fileExtension) }
    }

    /// Every element this container needs besides its encoders.
    public var elements: [String] { [muxer] + [videoParser, audioParser].compactMap { $0 } }
}
