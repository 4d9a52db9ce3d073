/// What the main window does to carry a navigation step out, in order: the
/// outputs of `Navigator`.
public enum NavigationEffect: Equatable, Sendable {
    /// Keep the control that has the focus on the feed now.
    case rememberFocusedControl
    /// The camera stops (a recording is finished and kept).
    case closeCamera
    /// The movie maker's preview stops; an export goes on.
    case closeMovie
    /// The player stops and remembers where a long video was left.
    case stopPlayer
    /// The mini window goes; its video (if still playing) is shown by the
    /// player page again.
    case dismissMiniWindow
    /// Open `address` in the player page.
    case openVideo(address: String)
    /// A mini window is made for the playing video, which moves into it.
    case showMiniWindow
    /// The new mini window comes to the front.
    case presentMiniWindow
    /// The strip may play or must pause.
    case stripMayPlay(Bool)
    /// The stack shows `page`, with its header bar, style and keys.
    case showPage(WindowPage)
    /// The main window enters or leaves full screen.
    case fullscreen(Bool)
    /// The feed gets back the focus it had.
    case restoreFeedFocus(FeedFocus, played: String?)
    /// The camera page opens, in a mode or as it was.
    case openCamera(CaptureMode?)
    /// The page shown puts the focus on its first control.
    case focusPage
    /// The main window comes to the front.
    case presentMainWindow
    /// The main window hides; the app lives on in the mini window.
    case hideMainWindow
    /// The desktop's media controls are told what changed (when idle).
    case refreshMPRIS
    /// The same at once: the app is quitting.
    case refreshMPRISNow
    /// The app's state is saved and its players stopped: the app ends.
    case shutDown
    /// The main window goes (after `shutDown`, with the mini window closed).
    case destroyMainWindow
}
