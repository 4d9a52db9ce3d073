/// One video in the feed, whatever it came from. Its `id` is the normalised
/// URI, so the same video from two sources is one item (sources merge).
public struct VideoItem: Equatable, Sendable, Identifiable {
    public let id: String
    public var title: String
    public var subtitle: String
    public let uri: String
    public let kind: MediaLocator.Kind
    public let format: StreamFormat
    /// A thumbnail the catalog names (URI); otherwise one is made.
    public var thumbnailURI: String?
    public var origins: Set<VideoOrigin>
    /// Filled in by discovery; nil until then.
    public var info: MediaInfo?
    /// Set when the video cannot be played; the card shows the reason.
    public var problem: VideoProblem?

    public init(uri: String, kind: MediaLocator.Kind, title: String, subtitle: String = "",
                thumbnailURI: String? = nil, origin: VideoOrigin) {
        self.id = uri
        self.uri = uri
        self.kind = kind
        self.format = StreamFormat(uri: uri)
        self.title = title
        self.subtitle = subtitle
        self.thumbnailURI = thumbnailURI
        self.origins = [origin]
    }
}

/// Where an item was found. An item found in several places has several.
public enum VideoOrigin: Hashable, Sendable {
    case videosFolder
    case catalog(String)   // the catalog's URI
    case samples
    case recent
}

/// How a remote video is delivered, from its address.
public enum StreamFormat: Equatable, Sendable {
    case file
    case hls
    case dash

    public init(uri: String) {
        let path = uri.split(separator: "?", maxSplits: 1).first.map(String.init)?.lowercased() ?? ""
        if path.hasSuffix(".m3u8") { self = .hls } else if path.hasSuffix(".mpd") { self = .dash } else { self = .file }
    }
}

/// What discovery learned about a video.
public struct MediaInfo: Equatable, Sendable, Codable {
    public var duration: Double?        // seconds; nil for live or unknown
    public var width: Int
    public var height: Int
    public var videoCodec: String?
    public var audioCodec: String?
    public var isLive: Bool
    public var isSeekable: Bool

    public init(duration: Double?, width: Int, height: Int, videoCodec: String?, audioCodec: String?,
                isLive: Bool = false, isSeekable: Bool = true) {
        self.duration = duration
        self.width = width
        self.height = height
        self.videoCodec = videoCodec
        self.audioCodec = audioCodec
        self.isLive = isLive
        self.isSeekable = isSeekable
    }
}

/// Why a video cannot be shown or played, in words for its error card.
public enum VideoProblem: Equatable, Sendable, Codable {
    case missing
    /// A symbolic link whose target is gone.
    case brokenLink
    /// A pipe, a socket, a device or a folder named like a video: never
    /// opened (a pipe would block whoever opens it).
    case notAFile(SpecialFile)
    case unreadable
    /// Reading it stopped Reel's media reader (a crash in a decoder or a
    /// source) more than once: never tried again.
    case stoppedTheReader
    case notAVideo
    case damaged
    case unsupportedCodec(String)
    /// An HTTP status or other network detail, quoted.
    case network(String)
    case connection(ConnectionFailure)

    /// Untranslated (N_); `%s` stands for `detail`.
    public var message: String {
        switch self {
        case .missing: return N_("The file does not exist.")
        case .brokenLink: return N_("This is a link to a file that does not exist any more.")
        case .notAFile(let kind): return kind.message
        case .unreadable: return N_("The file cannot be read.")
        case .stoppedTheReader: return N_("Reading this video made Reel’s video reader stop, so it is not tried again.")
        case .notAVideo: return N_("This file is not a video.")
        case .damaged: return N_("The file is damaged or incomplete.")
        case .unsupportedCodec: return N_("No decoder is installed for %s.")
        case .network: return N_("Network error: %s")
        case .connection(let failure): return failure.message
        }
    }

    public var detail: String {
        switch self {
        case .unsupportedCodec(let codec): return codec
        case .network(let reason): return reason
        default: return ""
        }
    }

    /// A stable name for logs and the trace.
    public var kind: String {
        switch self {
        case .missing: return "missing"
        case .brokenLink: return "broken-link"
        case .notAFile(let kind): return "not-a-file-\(kind.rawValue)"
        case .unreadable: return "unreadable"
        case .stoppedTheReader: return "stopped-the-reader"
        case .notAVideo: return "not-a-video"
        case .damaged: return "damaged"
        case .unsupportedCodec: return "unsupported-codec"
        case .network: return "network"
        case .connection(let failure): return "connection-\(failure.rawValue)"
        }
    }

    /// "H.264 (High Profile)" from GStreamer's missing-plugin description
    /// "H.264 (High Profile) decoder".
    public static func codecName(fromMissingPlugin description: String) -> String {
        for suffix in [" decoder", " demuxer"] where description.hasSuffix(suffix) {
            return String(description.dropLast(suffix.count))
        }
        return description
    }
}
