/// How a recording is encoded and stored: in the first container of
/// `ContainerSpec.all` (MP4 with H.264 + AAC, then WebM with VP8 + Opus)
/// whose elements are installed. Each choice is a list of GStreamer element
/// names in order of preference; the media layer asks which exist. Settings are tuned for real time on a small machine: no
/// B-frames or look-ahead (they add latency and hold audio back in the
/// muxer), a keyframe every second: a fragment of the crash-safe MP4 can
/// only start on one, so this is what a crash may lose at most.
public struct RecordingFormat: Equatable, Sendable {
    /// What each one is written with is its `ContainerSpec` row.
    public enum Container: String, CaseIterable, Sendable {
        case mp4
        case webm
        case mkv
    }

    public let container: Container
    public let videoEncoder: String
    public let audioEncoder: String

    public init(container: Container, videoEncoder: String, audioEncoder: String) {
        self.container = container
        self.videoEncoder = videoEncoder
        self.audioEncoder = audioEncoder
    }

    public var spec: ContainerSpec { ContainerSpec.spec(for: container) }
    public var fileExtension: String { spec.fileExtension }
    public var muxer: String { spec.muxer }
    /// The parser between encoder and muxer, if one is needed.
    public var videoParser: String? { spec.videoParser }
    public var audioParser: String? { spec.audioParser }

    /// The caps of what the video encoder makes (an encoding profile's
    /// stream): it follows the encoder, since WebM takes VP8 or VP9.
    public var videoCaps: String {
        switch videoEncoder {
        case "vp8enc": return "video/x-vp8"
        case "vp9enc": return "video/x-vp9"
        default: return "video/x-h264"
        }
    }

    public var audioCaps: String { audioEncoder == "opusenc" ? "audio/x-opus" : "audio/mpeg,mpegversion=4" }

    /// The best format the installed elements allow, or nil when no video
    /// encoder and container pair exists at all.
    public static func choose(isInstalled: (String) -> Bool) -> RecordingFormat? {
        for spec in ContainerSpec.all {
            if let format = choose(spec.container, isInstalled: isInstalled) { return format }
        }
        return nil
    }

    /// The best encoders for one container, or nil when it cannot be
    /// written here (the movie maker lets the user pick the container).
    public static func choose(_ container: Container, isInstalled: (String) -> Bool) -> RecordingFormat? {
        let spec = ContainerSpec.spec(for: container)
        guard spec.elements.allSatisfy(isInstalled), let video = spec.videoEncoders.first(where: isInstalled),
              let audio = spec.audioEncoders.first(where: isInstalled) else { return nil }
        return RecordingFormat(container: container, videoEncoder: video, audioEncoder: audio)
    }

    /// The video bit rate for a picture size and frame rate: about 0.18 bit
    /// per pixel, 5 Mbit/s at 720p30.
    public static func videoBitrate(width: Int, height: Int, framesPerSecond: Double) -> Int {
        let bits = Double(width * height) * max(framesPerSecond, 1) * 0.18
        return min(max(Int(bits), 500_000), highestVideoBitrate)
    }

    /// No picture here needs more (2160p60 at the rate above would).
    public static let highestVideoBitrate = 20_000_000

    /// The encoder's properties (gst-launch syntax) for real-time encoding.
    /// `padded`: the rate is held even where the picture needs less (x264's
    /// filler data), so a size-limited file is not far under its limit.
    public func videoEncoderProperties(bitrate: Int, framesPerSecond: Double, padded: Bool = false) -> [String: String] {
        let kbit = String(bitrate / 1000)
        let keyInterval = String(max(Int(framesPerSecond.rounded()), 1))
        switch videoEncoder {
        case "x264enc":
            var properties = ["tune": "zerolatency", "speed-preset": "ultrafast", "bitrate": kbit, "key-int-max": keyInterval]
            // x264's own option: GStreamer 1.22's element has no property for it.
            if padded { properties["option-string"] = "nal-hrd=cbr" }
            return properties
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

    /// The most any format's sound takes (AAC's).
    public static let highestAudioBitrate = 128_000

    /// The sound's bit rate (bits a second).
    public var audioBitrate: Int { audioEncoder == "opusenc" ? 96_000 : 128_000 }

    public var audioEncoderProperties: [String: String] { ["bitrate": String(audioBitrate)] }
}
