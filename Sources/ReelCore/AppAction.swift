/// The application's actions (`app.`), there in every window.
public enum AppAction: String, ScopedAction {
    case about
    case open
    case openURL = "open-url"
    case preferences
    case quit
    case shortcuts

    public static let scope = ActionScope.app
}
