/// What the person (or the desktop, or a page) asks of the main window:
/// the inputs of `Navigator`.
public enum NavigationIntent: Equatable, Sendable {
    /// The feed: Back, Escape, Search, a catalog added, a page that closed
    /// itself. Whatever played stops.
    case showFeed
    /// Play the video at `address`: in the full player, or with
    /// `inMiniWindow` straight in the mini window. `stepping`: Previous or
    /// Next, which keep the video where it plays.
    case openVideo(address: String, inMiniWindow: Bool, stepping: Bool)
    /// The camera, in a mode or as it was left.
    case showCamera(CaptureMode?)
    /// The movie maker (the page is given its movie first).
    case showMovie
    /// The player's Picture in Picture button or key: into the mini window,
    /// or back.
    case togglePictureInPicture
    /// Back from the mini window into the full player (its Return button, or
    /// a failure the mini window cannot show).
    case returnFromMiniWindow
    /// The mini window's close button: playback stops.
    case closeMiniWindow
    /// The main window's close button.
    case closeMainWindow
    /// The app quits.
    case quit
}
