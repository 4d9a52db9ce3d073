/// The sound and subtitles a person chose for one video, remembered with
/// its resume position so the film opens the way it was left.
public struct TrackChoice: Equatable, Sendable, Codable {
    /// What shows as subtitles.
    public enum Subtitle: Equatable, Sendable, Codable, Hashable {
        case off
        /// An embedded text stream, by its place among them.
        case embedded(Int)
        /// A subtitle file, by its address (file:// URI).
        case file(String)
    }

    /// The audio stream's place among the audio streams; nil: the video's own default.
    public var audio: Int?
    /// nil: never chosen (the defaults decide).
    public var subtitle: Subtitle?
    /// A file's text encoding the person chose from the Encoding menu.
    public var encoding: String?

    public init(audio: Int? = nil, subtitle: Subtitle? = nil, encoding: String? = nil) {
        self.audio = audio
        self.subtitle = subtitle
        self.encoding = encoding
    }

    public var isEmpty: Bool { audio == nil && subtitle == nil && encoding == nil }
}
