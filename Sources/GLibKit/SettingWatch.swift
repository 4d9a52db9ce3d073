/// Follows keys of `Settings` for as long as its owner keeps it: the
/// handlers are disconnected when it goes, so a closed window's page stops
/// listening to the app-wide settings.
public final class SettingWatch {
    private let settings: Settings?
    private var connections: [SignalConnection] = []

    public init(_ settings: Settings?) { self.settings = settings }

    /// Calls `handler` after each change of `key` (from a Preferences row,
    /// a menu, or another program such as gsettings).
    public func on(_ key: SettingKey, _ handler: @escaping () -> Void) {
        guard let settings else { return }
        connections.append(settings.onChange(key, handler))
    }

    deinit { connections.forEach { settings?.disconnect($0) } }
}
