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

    public init(videoCodec: String?, audioCodec: String?, width: Int?, height: Int?, frameRate: Double?,
                bitrate: Int?, droppedFrames: Int, bufferLevel: Int?, hasAudioOutput: Bool,
                variant: StreamManifest.Variant? = nil, bandwidth: Int? = nil) {
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
    }
}
