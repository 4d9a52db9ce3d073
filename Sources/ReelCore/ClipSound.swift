/// What happens to the clips' own sound in a movie.
public enum ClipSound: String, CaseIterable, Equatable, Sendable {
    /// As recorded.
    case keep
    /// Lowered while music plays, so voices stay audible under it.
    case lower
    /// Silent: only the music is heard.
    case mute

    /// What the movie page's Clips' Sound menu says (marked for
    /// translation), in `allCases` order.
    public var label: String {
        switch self {
        case .keep: return N_("Keep")
        case .lower: return N_("Lower under the Music")
        case .mute: return N_("Mute")
        }
    }

    /// The clips' volume (1 is as recorded). Lowering needs music: without
    /// it there is nothing to make room for.
    public func gain(withMusic: Bool) -> Double {
        switch self {
        case .keep: return 1
        case .lower: return withMusic ? 0.3 : 1
        case .mute: return 0
        }
    }
}
