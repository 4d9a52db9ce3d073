/// What the player does with a long video's remembered position (the
/// `resume` setting; which positions are remembered is `ResumePolicy`'s).
public enum ResumeChoice: String, CaseIterable, Sendable {
    /// A toast offers to go back there; the video starts from the beginning.
    case ask
    /// The video starts where it was left.
    case always
    /// The video always starts from the beginning.
    case never

    /// Untranslated words for the Preferences row; the UI passes them
    /// through gettext.
    public var title: String {
        switch self {
        case .ask: return N_("Ask")
        case .always: return N_("Always")
        case .never: return N_("Never")
        }
    }

    public enum Start: Equatable, Sendable {
        case fromBeginning
        case offer(Double)
        case resume(Double)
    }

    /// How a video opens, given the position remembered for it (if any).
    public func start(saved: Double?) -> Start {
        guard let saved else { return .fromBeginning }
        switch self {
        case .ask: return .offer(saved)
        case .always: return .resume(saved)
        case .never: return .fromBeginning
        }
    }
}
