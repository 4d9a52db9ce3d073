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

    /// GIO's content type weighs the file name against the bytes, so a text
    /// file named ".mp4" still reads as video/mp4. When sniffing the bytes
    /// alone is certain, the bytes decide; otherwise GIO's answer stands.
    public static func isVideo(sniffedMimeType: String?, sniffUncertain: Bool, reportedMimeType: String?) -> Bool {
        if let sniffed = sniffedMimeType, !sniffUncertain { return isVideo(mimeType: sniffed) }
        return reportedMimeType.map(isVideo(mimeType:)) ?? false
    }

    /// Hidden folders (".cache", ".thumbnails") and backup files are skipped.
    public static func shouldVisit(name: String, isHidden: Bool) -> Bool {
        !isHidden && !name.hasPrefix(".") && !name.hasSuffix("~")
    }

    /// The subtitle of a folder video: the folder it is in, relative to the
    /// Videos folder, or the folder's own name at the top.
    public static func subtitle(relativeFolder: String, rootName: String) -> String {
        relativeFolder.isEmpty ? rootName : relativeFolder
    }

    /// The title of a folder video: its file name without the extension.
    public static func title(fileName: String) -> String {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return fileName }
        return String(fileName[..<dot])
    }
}
