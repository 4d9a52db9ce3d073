/// How a text or picture over the movie comes in (its entrance) or goes
/// (its exit): the kind, how long it takes and its easing. An exit is the
/// entrance played backwards: a slide from the left leaves to the left.
public struct OverlayAnimation: Equatable, Sendable {
    public enum Kind: Equatable, Hashable, Sendable {
        /// There at once.
        case none
        /// From transparent to its opacity.
        case fade
        /// From beyond an edge of the frame to its place.
        case slide(Edge)
        /// From nothing to its size, about its centre.
        case scale
        /// Text only: letter by letter (a picture fades instead).
        case typing
    }

    public enum Edge: String, CaseIterable, Equatable, Hashable, Sendable {
        case left, right, top, bottom
    }

    public var kind: Kind
    /// Nanoseconds.
    public var duration: Int64
    public var easing: Easing

    public static let defaultDuration: Int64 = 500_000_000
    public static let longest: Int64 = 10_000_000_000
    public static let none = OverlayAnimation(kind: .none)

    public init(kind: Kind, duration: Int64 = OverlayAnimation.defaultDuration, easing: Easing = .easeOut) {
        self.kind = kind
        self.duration = kind == .none ? 0 : min(max(duration, 0), OverlayAnimation.longest)
        self.easing = easing
    }

    /// What the Entrance and Exit menus offer, in their order.
    public static let kinds: [Kind] = [.none, .fade, .slide(.left), .slide(.right), .slide(.top), .slide(.bottom), .scale, .typing]

    /// A name for the document and the actions' targets.
    public var kindName: String { OverlayAnimation.name(of: kind) }

    public static func name(of kind: Kind) -> String {
        switch kind {
        case .none: return "none"
        case .fade: return "fade"
        case .slide(let edge): return "slide-\(edge.rawValue)"
        case .scale: return "scale"
        case .typing: return "typing"
        }
    }

    public static func kind(named name: String) -> Kind? {
        kinds.first { OverlayAnimation.name(of: $0) == name }
    }

    public static func label(of kind: Kind) -> String {
        switch kind {
        case .none: return N_("None")
        case .fade: return N_("Fade")
        case .slide(.left): return N_("Slide from the Left")
        case .slide(.right): return N_("Slide from the Right")
        case .slide(.top): return N_("Slide from the Top")
        case .slide(.bottom): return N_("Slide from the Bottom")
        case .scale: return N_("Grow")
        case .typing: return N_("Typing")
        }
    }
}
