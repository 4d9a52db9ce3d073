/// One audio or text stream of a video, as the pipeline lists it: its place
/// among the streams of its kind and what its tags say.
public struct MediaTrack: Equatable, Sendable {
    /// Its place among the video's streams of the same kind (playbin's
    /// `current-audio` / `current-text`).
    public let index: Int
    /// The language as the tags give it ("en", "eng", "ger"), nil when unsaid.
    public let language: String?
    /// The stream's own title ("Commentary", "Director's cut").
    public let title: String?
    /// Sound channels, for audio (2, 6…), when known.
    public let channels: Int?
    /// The file flags the stream as forced (Matroska's FlagForced): only
    /// the lines meant for everyone (signs, a foreign language spoken).
    public let forced: Bool

    public init(index: Int, language: String? = nil, title: String? = nil, channels: Int? = nil, forced: Bool = false) {
        self.index = index
        self.language = language
        self.title = title
        self.channels = channels
        self.forced = forced
    }
}
