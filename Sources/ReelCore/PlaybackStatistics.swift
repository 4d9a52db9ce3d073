/// What the statistics view (Ctrl+I) shows; nil where the stream does not say.
public struct PlaybackStatistics: Equatable, Sendable {
    public var videoCodec: String?
    public var audioCodec: String?
    public var width: Int?
    public var height: Int?
    public var frameRate: Double?
    /// Bits per second, from the stream's tags.
    public var bitrate: Int?
    public var droppedFrames: Int
    /// Percent of the network buffer filled; nil for local files.
    public var bufferLevel: Int?
    public var hasAudioOutput: Bool
    /// An adaptive stream's variant playing ("720p, 2.3 Mbit/s" parts) and
    /// the download bandwidth its demuxer measures (bits per second).
    public var variant: StreamManifest.Variant?
    public var bandwidth: Int?
    /// The decoder's pixel format and the one libyuv converts.
    public var pixels: PixelPath?
    /// The video's frames are interlaced (nil: not known yet).
    public var interlaced: Bool?
    /// Interlaced frames that are telecined film, shown as the film's own
    /// 24 frames a second (inverse telecine).
    public var telecined: Bool
    /// HDR video's transfer ("PQ", "HLG"); nil for SDR.
    public var hdr: String?

    /// How the decoder's pictures reach the screen.
    public struct PixelPath: Equatable, Sendable {
        public var decoded: String
        public var converted: String

        public init(decoded: String, converted: String) {
            self.decoded = decoded
            self.converted = converted
        }

        /// "I420_10LE, libyuv", or "GRAY8 → videoconvert → I420, libyuv"
        /// when GStreamer converts first (a format libyuv cannot take).
        public var description: String {
            decoded == converted ? "\(decoded), libyuv" : "\(decoded) → videoconvert → \(converted), libyuv"
        }
    }

    public init(videoCodec: String?, audioCodec: String?, width: Int?, height: Int?, frameRate: Double?,
                bitrate: Int?, droppedFrames: Int, bufferLevel: Int?, hasAudioOutput: Bool,
                variant: StreamManifest.Variant? = nil, bandwidth: Int? = nil, pixels: PixelPath? = nil,
                interlaced: Bool? = nil, telecined: Bool = false, hdr: String? = nil) {
        self.videoCodec = videoCodec
        self.audioCodec = audioCodec
        self.width = width
        self.height = height
        self.frameRate = frameRate
        self.bitrate = bitrate
        self.droppedFrames = droppedFrames
        self.bufferLevel = bufferLevel
        self.hasAudioOutput = hasAudioOutput
        self.variant = variant
        self.bandwidth = bandwidth
        self.pixels = pixels
        self.interlaced = interlaced
        self.telecined = telecined
        self.hdr = hdr
    }
}
