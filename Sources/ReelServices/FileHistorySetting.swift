import GLibKit

/// GNOME's Privacy › File History switch (`remember-recent-files` of
/// `org.gnome.desktop.privacy`): off, Reel keeps no history of what was
/// watched. Followed as it changes. Without the desktop's schema (another
/// desktop, a bare system) nothing says no, so history is kept; the schema
/// is looked up first (`Settings`), never opened blind, which would abort.
public final class FileHistorySetting {
    public static let schemaID = "org.gnome.desktop.privacy"
    public static let key = "remember-recent-files"

    private let settings: Settings?
    private var connection: SignalConnection?
    /// Called after the switch changes.
    public var onChange: (() -> Void)?

    public init(settings: Settings? = Settings(schemaID: FileHistorySetting.schemaID)) {
        self.settings = settings
        connection = settings?.onChange(otherKey: FileHistorySetting.key) { [weak self] in self?.onChange?() }
        // Some backends report changes only of keys read once.
        _ = isOn
    }

    deinit {
        if let connection { settings?.disconnect(connection) }
    }

    /// Whether what is watched may be kept.
    public var isOn: Bool { settings?.bool(otherKey: FileHistorySetting.key) ?? true }
}
