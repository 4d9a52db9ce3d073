/// What the main window knows at the moment of an intent and the navigation
/// model cannot: it is read from GTK each time, never kept.
public struct WindowFacts: Equatable, Sendable {
    /// The main window is full screen.
    public var isFullscreen: Bool
    /// The main window is on screen (not closed behind the mini window).
    public var isMainWindowShown: Bool
    /// The feed's focus, when the feed shows.
    public var feedFocus: FeedFocus
    /// The video in the player can move to the mini window: it is open and
    /// has not failed.
    public var videoCanMove: Bool

    public init(isFullscreen: Bool = false, isMainWindowShown: Bool = true, feedFocus: FeedFocus = .nothing,
                videoCanMove: Bool = true) {
        self.isFullscreen = isFullscreen
        self.isMainWindowShown = isMainWindowShown
        self.feedFocus = feedFocus
        self.videoCanMove = videoCanMove
    }
}
