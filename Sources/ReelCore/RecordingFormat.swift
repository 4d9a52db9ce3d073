/// How a recording is encoded and stored: H.264 + AAC in MP4 where those
/// encoders are installed, else VP8 + Opus in WebM. Each choice is a list of
/// GStreamer element names in order of preference; the media layer asks
/// which exist. Settings are tuned for real time on a small machine: no
/// B-frames or look-ahead (they add latency and hold audio back in the
/// muxer), a keyframe every second: a fragment of the crash-safe MP4 can
/// only start on one, so this is what a crash may lose at most.
public struct RecordingFormat: Equatable, Sendable {
    public enum Container: String, Sendable {
        /// Fragmented while recording (a crash keeps every finished second),
        /// made a plain MP4 when the recording stops normally.
        case mp4
        /// Matroska needs no finishing: what was written plays.
        case webm
    }

    public let container: Container
    public let videoEncoder: String
    public let audioEncoder: String

    public init(container: Container, videoEncoder: String, audioEncoder: String) {
        self.container = container
        self.videoEncoder = videoEncoder
        self.audioEncoder = audioEncoder
    }

    public var fileExtension: String { container.rawValue }
    public var muxer: String { container == .mp4 ? "mp4mux" : "webmmux" }
    /// The parser between encoder and muxer, if one is needed.
    public var videoParser: String? { container == .mp4 ? "h264parse" : nil }
    public var audioParser: String? { container == .mp4 ? "aacparse" : nil }

    /// Hardware first (VA-API), then the software encoders.
    static let h264Encoders = ["vah264lpenc", "vah264enc", "vaapih264enc", "x264enc", "openh264enc"]
    static let aacEncoders = ["fdkaacenc", "avenc_aac", "voaacenc"]
    static let vp8Encoders = ["vp8enc", "vp9enc"]

    /// The best format the installed elements allow, or nil when no video
    /// encoder and container pair exists at all.
    public static func choose(isInstalled: (String) -> Bool) -> RecordingFormat? {
        choose(.mp4, isInstalled: isInstalled) ?? choose(.webm, isInstalled: isInstalled)
    }

    /// The best encoders for one container, or nil when it cannot be
    /// written here (the movie maker lets the user pick the container).
    public static func choose(_ container: Container, isInstalled: (String) -> Bool) -> RecordingFormat? {
        switch container {
        case .mp4:
            guard ["mp4mux", "h264parse", "aacparse"].allSatisfy(isInstalled),
                  let video = h264Encoders.first(where: isInstalled), let audio = aacEncoders.first(where: isInstalled)
            else { return nil }
            return RecordingFormat(container: .mp4, videoEncoder: video, audioEncoder: audio)
        case .webm:
            guard isInstalled("webmmux"), isInstalled("opusenc"), let video = vp8Encoders.first(where: isInstalled)
            else { return nil }
            return RecordingFormat(container: .webm, videoEncoder: video, audioEncoder: "opusenc")
        }
    }

    /// The video bit rate for a picture size and frame rate: about 0.18 bit
    /// per pixel, 5 Mbit/s at 720p30.
    public static func videoBitrate(width: Int, height: Int, framesPerSecond: Double) -> Int {
        let bits = Double(width * height) * max(framesPerSecond, 1) * 0.18
        return min(max(Int(bits), 500_000), 20_000_000)
    }

    /// The encoder's properties (gst-launch syntax) for real-time encoding.
    public func videoEncoderProperties(bitrate: Int, framesPerSecond: Double) -> [String: String] {
        let kbit = String(bitrate / 1000)
        let keyInterval = String(max(Int(framesPerSecond.rounded()), 1))
        switch videoEncoder {
        case "x264enc":
            return ["tune": "zerolatency", "speed-preset": "ultrafast", "bitrate": kbit, "key-int-max": keyInterval]
        case "openh264enc":
            return ["complexity": "low", "rate-control": "bitrate", "bitrate": String(bitrate), "gop-size": keyInterval]
        case "vp8enc", "vp9enc":
            return ["deadline": "1", "cpu-used": "8", "end-usage": "cbr", "target-bitrate": String(bitrate),
                    "keyframe-max-dist": keyInterval, "threads": "2"]
        case "vaapih264enc":
            return ["rate-control": "cbr", "bitrate": kbit, "keyframe-period": keyInterval]
        default:
            // vah264enc / vah264lpenc
            return ["rate-control": "cbr", "bitrate": kbit, "key-int-max": keyInterval, "b-frames": "0"]
        }
    }

    public var audioEncoderProperties: [String: String] {
        audioEncoder == "opusenc" ? ["bitrate": "96000"] : ["bitrate": "128000"]
    }
}
