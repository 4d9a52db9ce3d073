/// The GAction scopes Reel registers actions in: the application, the main
/// window, and the action groups its pages insert on their widgets. The raw
/// value is the prefix GTK resolves (`player.mute`).
public enum ActionScope: String, CaseIterable, Sendable {
    case app
    case win
    case player
    case strip
    case pip
    case camera
    case feed
    case movie

    /// The enum naming this scope's actions, whose cases are all the
    /// actions registered in it.
    public var actionNames: [String] {
        switch self {
        case .app: return AppAction.allCases.map(\.rawValue)
        case .win: return WindowAction.allCases.map(\.rawValue)
        case .player: return PlayerAction.allCases.map(\.rawValue)
        case .strip: return StripAction.allCases.map(\.rawValue)
        case .pip: return MiniWindowAction.allCases.map(\.rawValue)
        case .camera: return CameraAction.allCases.map(\.rawValue)
        case .feed: return FeedAction.allCases.map(\.rawValue)
        case .movie: return MovieAction.allCases.map(\.rawValue)
        }
    }
}

/// An action of one scope: a case of that scope's enum, whose raw value is
/// the GAction's name. Names are spelled only there; the shortcut table, the
/// registration and the `.ui` files' `action-name`s all name these cases
/// (ActionNamesTests reads the `.ui` files).
public protocol ScopedAction: RawRepresentable, CaseIterable, Hashable, Sendable where RawValue == String {
    static var scope: ActionScope { get }
}

extension ScopedAction {
    /// The name with its scope, as GTK's `action-name` takes it.
    public var detailedName: String { "\(Self.scope.rawValue).\(rawValue)" }
}
