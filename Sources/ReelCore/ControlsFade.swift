/// When the player's bars may fade, and what Tab does while they are gone.
///
/// They fade after a while without a pointer move while the video plays,
/// except while a menu is open or while the keyboard is on them: a person
/// who reached a control with Tab must see where the focus is (and a hidden
/// control cannot keep the focus: it would go to the video). The focus
/// Reel put on Play/Pause when the video opened, or one a click left on a
/// button, does not hold them: that is not someone moving through the bar.
///
/// A hidden bar takes no focus (GTK only moves the focus to what is on
/// screen), so a Tab while the bars are gone shows them and moves the focus
/// once they are back: to the control after the video, as it would with
/// the bars shown.
public struct ControlsFade: Equatable, Sendable {
    public enum TabAnswer: Equatable, Sendable {
        /// Show the bars, and move the focus once they are on screen.
        case showThenMove
        /// The bars show: only start their wait again.
        case keepShowing
    }

    /// Tab or Shift+Tab moved the focus since the pointer was last pressed
    /// or the video opened.
    public private(set) var keyboardMovesFocus = false

    public init() {}

    /// A video opened (the page puts the focus on Play/Pause itself).
    public mutating func opened() {
        keyboardMovesFocus = false
    }

    /// A button or the video was pressed with the pointer.
    public mutating func pointerPressed() {
        keyboardMovesFocus = false
    }

    /// Tab or Shift+Tab, before GTK moves the focus. `barsShown`: on
    /// screen, where GTK can move the focus to them.
    public mutating func tab(barsShown: Bool) -> TabAnswer {
        keyboardMovesFocus = true
        return barsShown ? .keepShowing : .showThenMove
    }

    /// The wait after the last move is over: whether the bars go now.
    public func mayHide(playing: Bool, menuOpen: Bool, focusOnBars: Bool) -> Bool {
        playing && !menuOpen && !(focusOnBars && keyboardMovesFocus)
    }
}
