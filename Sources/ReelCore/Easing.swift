/// How an animation moves between its start and its end: the share of the
/// way done at a share of the time (both 0…1). Cubic curves, as CSS's and
/// GNOME Shell's easing names them.
public enum Easing: String, CaseIterable, Equatable, Sendable {
    case linear
    case easeIn
    case easeOut
    case easeInOut

    /// The share of the way done when `progress` of the time has passed;
    /// 0 before the start, 1 after the end.
    public func callAsFunction(_ progress: Double) -> Double {
        let t = min(max(progress, 0), 1)
        switch self {
        case .linear: return t
        case .easeIn: return t * t * t
        case .easeOut: return 1 - (1 - t) * (1 - t) * (1 - t)
        case .easeInOut: return t < 0.5 ? 4 * t * t * t : 1 - (2 - 2 * t) * (2 - 2 * t) * (2 - 2 * t) / 2
        }
    }

    public var label: String {
        switch self {
        case .linear: return N_("Steady")
        case .easeIn: return N_("Speed Up")
        case .easeOut: return N_("Slow Down")
        case .easeInOut: return N_("Smooth")
        }
    }
}
