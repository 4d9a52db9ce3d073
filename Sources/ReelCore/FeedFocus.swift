/// What had the keyboard focus on the feed when another page took the
/// window, so that it gets the focus back when the feed shows again.
public enum FeedFocus: Equatable, Sendable {
    /// Nothing the window can give the focus back to.
    case nothing
    /// A card, reached with the keyboard (focus visible) or clicked. Coming
    /// back, a keyboard's focus goes to the played video's card wherever it
    /// moved (scrolling to it); a click's comes back to the same place in
    /// the grid, and the feed stays scrolled where the person left it.
    case card(position: Int, byKeyboard: Bool)
    /// Another control (the Camera button, a header button): the window
    /// keeps it (`NavigationEffect.rememberFocusedControl`).
    case control
}
