/// The feed's actions (`feed.`), while the grid has the focus.
public enum FeedAction: String, ScopedAction {
    case selectAll = "select-all"

    public static let scope = ActionScope.feed
}
