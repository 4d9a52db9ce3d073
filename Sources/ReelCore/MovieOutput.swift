/// How a movie is exported: the container (and so the codecs), the shape
/// and the size.
/// The encoders come from `RecordingFormat`: the movie is encoded like the
/// camera's recordings, so the same installed elements serve both.
public struct MovieOutput: Equatable, Sendable {
    public var container: RecordingFormat.Container
    public var shape: MovieShape
    public var size: MovieSize

    public init(container: RecordingFormat.Container = .mp4, shape: MovieShape = .asFirstClip,
                size: MovieSize = .asFirstClip) {
        self.container = container
        self.shape = shape
        self.size = size
    }

    /// The frame for a movie whose first clip is `first` (as framed).
    public func frame(first: (width: Int, height: Int)) -> (width: Int, height: Int) {
        size.frame(first: first, shape: shape)
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
