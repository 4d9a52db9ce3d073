import CGLib

/// GLib's structured log (g_log_structured is a variadic macro Swift cannot
/// call): messages go where GLib sends them, to the journal or to stderr and
/// stdout, and `G_MESSAGES_DEBUG=DOMAIN` shows a domain's debug messages.
public enum Log {
    public enum Level: Sendable {
        case debug
        case warning
        /// A broken precondition: a bug, never bad input.
        case critical

        var flags: GLogLevelFlags {
            switch self {
            case .debug: G_LOG_LEVEL_DEBUG
            case .warning: G_LOG_LEVEL_WARNING
            case .critical: G_LOG_LEVEL_CRITICAL
            }
        }

        /// syslog's priority, which the journal and GLib's writers read.
        var priority: String {
            switch self {
            case .debug: "7"
            case .warning: "4"
            case .critical: "3"
            }
        }
    }

    /// Logs `message` under `domain`, with `fields` as extra structured
    /// fields (upper-case names, as the journal wants). The message is only
    /// built when GLib's writer would show it: most debug messages are
    /// dropped, and cost nothing then.
    public static func write(_ level: Level, domain: String, _ message: @autoclosure () -> String,
                             fields: [String: String] = [:]) {
        guard g_log_writer_default_would_drop(level.flags, domain) == 0 else { return }
        let all = [("GLIB_DOMAIN", domain), ("PRIORITY", level.priority), ("MESSAGE", message())]
            + fields.sorted { $0.key < $1.key }
        // Keys and values as C strings that live through the call.
        let strings = all.map { (strdup($0.0)!, strdup($0.1)!) }
        defer { strings.forEach { free($0.0); free($0.1) } }
        var logFields = strings.map { GLogField(key: $0.0, value: $0.1, length: -1) }
        g_log_structured_array(level.flags, &logFields, gsize(logFields.count))
    }
}
