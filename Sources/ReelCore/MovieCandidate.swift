/// Whether a feed item can go into a movie, and if not, why, in words the
/// feed shows. A movie is made from files on this computer that play: a
/// web video would have to be downloaded first, which Reel does not do, so
/// it is refused with that reason. Messages are untranslated (N_); `%s`
/// stands for the item's title.
public enum MovieCandidate: Equatable, Sendable {
    case accepted
    case remote
    case broken

    public init(_ item: VideoItem) {
        if item.kind != .file {
            self = .remote
        } else if item.problem != nil {
            self = .broken
        } else {
            self = .accepted
        }
    }

    public var refusal: String? {
        switch self {
        case .accepted: return nil
        case .remote: return N_("“%s” is on the web. Only videos on this computer can go into a movie.")
        case .broken: return N_("“%s” cannot be played, so it cannot go into a movie.")
        }
    }

    /// Splits items into those a movie takes and the first refused one
    /// (the one the toast names; the others are refused for the same kinds
    /// of reasons and counted).
    public static func sort(_ items: [VideoItem]) -> (accepted: [VideoItem], refused: [(VideoItem, MovieCandidate)]) {
        var accepted: [VideoItem] = []
        var refused: [(VideoItem, MovieCandidate)] = []
        for item in items {
            let verdict = MovieCandidate(item)
            if verdict == .accepted { accepted.append(item) } else { refused.append((item, verdict)) }
        }
        return (accepted, refused)
    }
}
