import CGLib
import GLibKit
import ReelCore
import ReelMedia

/// The save folders as the settings choose them (Preferences › Saving):
/// one key per kind, empty for Reel's folder in Pictures or Videos.
public enum ChosenFolders {
    /// (Screenshots go with the photos: SaveFolders.)
    public static let keys: [(kind: CaptureKind, key: SettingKey)] = [
        (.photo, .photosFolder), (.recording, .recordingsFolder), (.movie, .moviesFolder),
    ]

    public static func current(_ settings: Settings?) -> SaveFolders {
        var chosen: [CaptureKind: String] = [:]
        for (kind, key) in keys {
            if let path = settings?.string(key), !path.isEmpty { chosen[kind] = path }
        }
        return CaptureFile.folders(chosen: chosen)
    }

    /// Where a photo, recording or screenshot was saved, in the person's
    /// words: the standard folder by its place, a chosen one by its path.
    public static func savedText(_ kind: CaptureKind, _ settings: Settings?) -> String {
        let folders = current(settings)
        guard folders.isChosen(kind) else {
            switch kind {
            case .photo: return tr("Photo saved in Pictures › Reel")
            case .screenshot: return tr("Screenshot saved in Pictures › Reel")
            case .recording, .movie, .part: return tr("Recording saved in Videos › Reel")
            }
        }
        let place = displayPath(folders.folder(for: kind))
        switch kind {
        case .photo: return CoreText.format(tr("Photo saved in %s"), [place])
        case .screenshot: return CoreText.format(tr("Screenshot saved in %s"), [place])
        case .recording, .movie, .part: return CoreText.format(tr("Recording saved in %s"), [place])
        }
    }

    /// A folder as the person reads it: the home folder as "~".
    public static func displayPath(_ folder: String) -> String {
        SaveFolders.displayPath(folder, home: String(cString: g_get_home_dir()))
    }
}
