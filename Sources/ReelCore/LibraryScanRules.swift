/// What the Videos folder scan takes and where it goes. Content types come
/// from GIO's sniffing (the file's bytes), so a video named ".bin" counts and
/// a text file named ".mp4" does not.
public enum LibraryScanRules {
    /// Deep enough for any sane folder layout, and a stop for symlink loops.
    public static let maximumDepth = 12

    public static func isVideo(mimeType: String) -> Bool {
        // Playlists are text; they belong in catalogs, not folder scans.
        mimeType.hasPrefix("video/") && mimeType != "video/x-ms-asx"
    }

    /// Containers that hold video as often as not, which content sniffing
    /// names without the word "video": the bytes of a Matroska file read as
    /// application/x-matroska whatever its name.
    public static let videoContainers: Set<String> = [
        "application/x-matroska", "application/mp4", "application/ogg", "application/vnd.ms-asf", "application/mxf",
    ]

    /// GIO's content type weighs the file name against the bytes, so a text
    /// file named ".mp4" still reads as video/mp4. When sniffing the bytes
    /// alone is certain, the bytes decide (a container that may hold video
    /// counts unless its name says sound: "song.mka", "song.ogg");
    /// otherwise GIO's answer stands.
    public static func isVideo(sniffedMimeType: String?, sniffUncertain: Bool, reportedMimeType: String?) -> Bool {
        if let sniffed = sniffedMimeType, !sniffUncertain {
            if videoContainers.contains(sniffed) { return !(reportedMimeType?.hasPrefix("audio/") ?? false) }
            return isVideo(mimeType: sniffed)
        }
        return reportedMimeType.map { isVideo(mimeType: $0) || videoContainers.contains($0) } ?? false
    }

    /// Hidden folders (".cache", ".thumbnails") and backup files are skipped.
    public static func shouldVisit(name: String, isHidden: Bool) -> Bool {
        !isHidden && !name.hasPrefix(".") && !name.hasSuffix("~")
    }

    /// The subtitle of a folder video: the folder it is in, relative to the
    /// Videos folder, or the folder's own name at the top.
    public static func subtitle(relativeFolder: String, rootName: String) -> String {
        DisplayText.clean(relativeFolder.isEmpty ? rootName : relativeFolder)
    }

    /// The title of a folder video: its file name without the extension.
    public static func title(fileName: String) -> String {
        let name = DisplayText.clean(fileName)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}
