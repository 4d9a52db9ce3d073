/// Where Reel saves what it makes: photos (and the player's screenshots),
/// recordings and movies. Each has a folder the person may choose in
/// Preferences; none chosen (the default) means Reel's folder inside
/// Pictures or Videos.
public struct SaveFolders: Equatable, Sendable {
    /// The chosen folders by kind (an absolute path; anything else counts
    /// as none chosen).
    public var chosen: [CaptureKind: String]
    /// The standard folders: Pictures/Reel and Videos/Reel.
    public let pictures: String
    public let videos: String

    public init(chosen: [CaptureKind: String] = [:], pictures: String, videos: String) {
        self.chosen = chosen
        self.pictures = pictures
        self.videos = videos
    }

    /// Where a new file of `kind` goes. The player's screenshots go with
    /// the photos.
    public func folder(for kind: CaptureKind) -> String {
        if let path = chosen[kind.chosenWith], SaveFolders.isUsable(path) {
            return SaveFolders.normalized(path)
        }
        return standard(for: kind)
    }

    public func standard(for kind: CaptureKind) -> String {
        kind.isPicture ? pictures : videos
    }

    /// Whether `kind` goes to a folder the person chose.
    public func isChosen(_ kind: CaptureKind) -> Bool {
        folder(for: kind) != standard(for: kind)
    }

    /// The folders of recordings and movies the feed must watch besides
    /// the Videos folder `videosRoot` (which it scans whole): those outside
    /// it, each once, none inside another.
    public func videoFoldersOutside(_ videosRoot: String?) -> [String] {
        var folders: [String] = []
        for kind in [CaptureKind.recording, .movie] {
            let path = folder(for: kind)
            if let videosRoot, SaveFolders.isInside(path, videosRoot) { continue }
            if folders.contains(where: { SaveFolders.isInside(path, $0) }) { continue }
            folders.removeAll { SaveFolders.isInside($0, path) }
            folders.append(path)
        }
        return folders
    }

    /// A folder as the person reads it: the home folder as "~".
    public static func displayPath(_ path: String, home: String) -> String {
        let home = normalized(home)
        if path == home { return "~" }
        if isInside(path, home) { return "~" + path.dropFirst(home.count) }
        return path
    }

    static func isUsable(_ path: String) -> Bool {
        path.hasPrefix("/") && normalized(path) != "/"
    }

    static func normalized(_ path: String) -> String {
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// `path` is `folder` or below it (by whole names: /a/bc is not in /a/b).
    static func isInside(_ path: String, _ folder: String) -> Bool {
        let path = normalized(path), folder = normalized(folder)
        return path == folder || path.hasPrefix(folder == "/" ? "/" : folder + "/")
    }
}
