/// What a file says about itself in its tags: a song's title and artist,
/// and its cover (an encoded image, PNG or JPEG, as the file holds it). The
/// player shows them for sound without a picture.
public struct MediaTags: Equatable, Sendable {
    public var title: String?
    public var artist: String?
    public var cover: [UInt8]?

    public init(title: String? = nil, artist: String? = nil, cover: [UInt8]? = nil) {
        self.title = title
        self.artist = artist
        self.cover = cover
    }

    /// `other`'s tags where it has them, these elsewhere: tags come in
    /// several messages (the container's, then each stream's).
    public func merged(with other: MediaTags) -> MediaTags {
        MediaTags(title: other.title ?? title, artist: other.artist ?? artist, cover: other.cover ?? cover)
    }

    /// The player's title for the file: its title tag, else the name it was
    /// opened under.
    public func title(or name: String) -> String {
        guard let title, !title.allSatisfy(\.isWhitespace) else { return name }
        return title
    }
}
