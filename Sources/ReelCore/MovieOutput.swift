/// How a movie is exported: the container (and so the codecs), the shape
/// and the size; or, with `gif`, an animated GIF (no sound, its own width
/// and frame rate; container, size and limit then unused).
/// The encoders come from `RecordingFormat`: the movie is encoded like the
/// camera's recordings, so the same installed elements serve both.
public struct MovieOutput: Equatable, Sendable {
    public var container: RecordingFormat.Container
    public var shape: MovieShape
    public var size: MovieSize
    /// The file's largest size, or nil for none.
    public var sizeLimit: MovieSizeLimit?
    /// An animated GIF instead of a video, or nil.
    public var gif: MovieGIF?

    public init(container: RecordingFormat.Container = .mp4, shape: MovieShape = .asFirstClip,
                size: MovieSize = .asFirstClip, sizeLimit: MovieSizeLimit? = nil, gif: MovieGIF? = nil) {
        self.container = container
        self.shape = shape
        self.size = size
        self.sizeLimit = sizeLimit
        self.gif = gif
    }

    /// The frame for a movie whose first clip is `first` (as framed).
    public func frame(first: (width: Int, height: Int)) -> (width: Int, height: Int) {
        size.frame(first: first, shape: shape)
    }

    /// The video bit rate an export of a movie of `frame` at `framesPerSecond`,
    /// `duration` long, in `format` uses: the usual one for its size, or
    /// what fills the size limit; nil when the movie is too long for it.
    public func videoBitrate(format: RecordingFormat, frame: (width: Int, height: Int), framesPerSecond: Double,
                             duration: Int64) -> Int? {
        let usual = RecordingFormat.videoBitrate(width: frame.width, height: frame.height, framesPerSecond: framesPerSecond)
        guard let sizeLimit else { return usual }
        return sizeLimit.videoBitrate(duration: duration, audioBitrate: format.audioBitrate,
                                      highest: RecordingFormat.highestVideoBitrate)
    }

    /// The encoders for this container among those installed, or nil.
    public func format(isInstalled: (String) -> Bool) -> RecordingFormat? {
        RecordingFormat.choose(container, isInstalled: isInstalled)
    }

    /// The containers that can be written here, in `ContainerSpec.all`'s order.
    public static func availableContainers(isInstalled: (String) -> Bool) -> [RecordingFormat.Container] {
        ContainerSpec.all.map(\.container).filter { RecordingFormat.choose($0, isInstalled: isInstalled) != nil }
    }
}
