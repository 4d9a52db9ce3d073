/// How a movie is exported: the container (and so the codecs) and the size.
/// The encoders come from `RecordingFormat`: the movie is encoded like the
/// camera's recordings, so the same installed elements serve both.
public struct MovieOutput: Equatable, Sendable {
    public var container: RecordingFormat.Container
    public var size: MovieSize

    public init(container: RecordingFormat.Container = .mp4, size: MovieSize = .asFirstClip) {
        self.container = container
        self.size = size
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
