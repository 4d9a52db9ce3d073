import CGLib

/// The user's XDG folders, as GLib resolves them (user-dirs.dirs, XDG_*).
public enum UserDirectories {
    /// The Videos folder, or nil when the user has none configured.
    public static var videos: String? {
        g_get_user_special_dir(G_USER_DIRECTORY_VIDEOS).map { String(cString: $0) }
    }

    public static var state: String { String(cString: g_get_user_state_dir()) }
    public static var cache: String { String(cString: g_get_user_cache_dir()) }
    public static var config: String { String(cString: g_get_user_config_dir()) }
    public static var data: String { String(cString: g_get_user_data_dir()) }
}
