/// The pages of the main window's stack; the raw value is the stack
/// child's name (and the `window-page` trace event's).
public enum WindowPage: String, CaseIterable, Sendable {
    case feed
    case video
    case camera
    case movie

    /// Only the feed shows the window's header bar: the player, the camera
    /// and the movie maker have bars of their own.
    public var showsHeaderBar: Bool { self == .feed }

    /// The feed's type-to-search takes the window's keys only while it shows.
    public var takesTypedKeys: Bool { self == .feed }
}
