/// One accepted entry of a catalog, with its addresses made absolute.
public struct CatalogEntry: Equatable, Sendable {
    public let title: String
    public let subtitle: String
    /// Absolute, normalised URI: `file://` for `local`, `http(s)://` for `remote`.
    public let uri: String
    public let kind: MediaLocator.Kind
    /// Absolute URI of the thumbnail the catalog names, if any.
    public let thumbnailURI: String?
    /// The entry's `sample` object (scalars only), read by the sample
    /// generator; nil when the entry has none.
    public let sample: [String: CatalogValue]?

    public init(title: String, subtitle: String = "", uri: String, kind: MediaLocator.Kind,
                thumbnailURI: String? = nil, sample: [String: CatalogValue]? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.uri = uri
        self.kind = kind
        self.thumbnailURI = thumbnailURI
        self.sample = sample
    }

    /// The feed item for this entry, found in the catalog at `catalogURI`.
    public func videoItem(catalogURI: String) -> VideoItem {
        videoItem(origin: .catalog(catalogURI))
    }

    public func videoItem(origin: VideoOrigin) -> VideoItem {
        VideoItem(uri: uri, kind: kind, title: title, subtitle: subtitle, thumbnailURI: thumbnailURI, origin: origin)
    }
}
