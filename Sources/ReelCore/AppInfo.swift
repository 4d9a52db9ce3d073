/// Names and numbers that identify Reel everywhere (D-Bus, GSettings, gettext).
public enum AppInfo {
    public static let id = "io.github.reelapp.Reel"
    public static let name = "Reel"
    public static let binary = "reel"
    public static let version = "0.1.0"
    public static let gettextDomain = "reel"
    /// GLib's log domain: `G_MESSAGES_DEBUG=Reel reel` shows the trace events.
    public static let logDomain = "Reel"
    /// GResource base path; libadwaita loads `style.css` from here.
    public static let resourceBase = "/io/github/reelapp/Reel"
    public static let website = "https://github.com/reelapp/reel"
    public static let issueTracker = "https://github.com/reelapp/reel/issues"
}
