/// The shape of a movie's frame: its first clip's, or one of the shapes
/// movies take where they are watched (wide for a screen, vertical for a
/// phone's stories, square and 4:5 for feeds). Clips of another shape are
/// fitted inside it with bars, or fill it (`ClipFraming.fill`).
public enum MovieShape: String, CaseIterable, Equatable, Sendable {
    case asFirstClip
    case wide
    case vertical
    case square
    case portrait

    /// What the movie page's Shape menu says (translated).
    public var label: String {
        switch self {
        case .asFirstClip: return N_("As the First Clip")
        case .wide: return N_("Wide (16:9)")
        case .vertical: return N_("Vertical (9:16)")
        case .square: return N_("Square (1:1)")
        case .portrait: return N_("Portrait (4:5)")
        }
    }

    /// Width to height; nil for the first clip's own.
    public var ratio: (width: Int, height: Int)? {
        switch self {
        case .asFirstClip: return nil
        case .wide: return (16, 9)
        case .vertical: return (9, 16)
        case .square: return (1, 1)
        case .portrait: return (4, 5)
        }
    }
}
