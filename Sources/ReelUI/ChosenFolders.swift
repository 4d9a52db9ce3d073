import GLibKit
import ReelCore
import ReelMedia

/// The save folders as the settings choose them (Preferences › Saving):
/// one key per kind, empty for Reel's folder in Pictures or Videos.
enum ChosenFolders {
    static let keys: [(kind: CaptureKind, key: SettingKey)] = [
        (.photo, .photosFolder), (.recording, .recordingsFolder), (.movie, .moviesFolder),
    ]

    static func current(_ settings: Settings?) -> SaveFolders {
        var chosen: [CaptureKind: String] = [:]
        for (kind, key) in keys {
            if let path = settings?.string(key), !path.isEmpty { chosen[kind] = path }
        }
        return CaptureFile.folders(chosen: chosen)
    }
}
