/// Which subtitle files go with a video, found the way people keep them:
/// beside it with the same name (`Film.srt`), with a language before the
/// extension (`Film.en.srt`, `Film.pt-BR.forced.vtt`), or in a `Subs` or
/// `Subtitles` folder beside it (named after the video, or, in a folder made
/// for this one video, by language alone: `Subs/2_English.srt`). Names are
/// compared without regard to case, as a user would.
public enum SubtitleFiles {
    /// Text subtitle formats GStreamer's subparse and assrender read.
    public static let extensions: Set<String> = ["srt", "vtt", "ass", "ssa", "sub"]
    /// Whether an address or name is a subtitle file, by its extension.
    public static func isSubtitle(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: ".") else { return false }
        return extensions.contains(name[name.index(after: dot)...].lowercased())
    }

    /// Folders beside a video that hold its subtitles.
    public static let folders = ["subs", "subtitles"]

    public struct Found: Equatable, Sendable {
        /// Relative to the video's folder ("Film.en.srt", "Subs/English.srt").
        public let path: String
        /// Three-letter ISO 639-2 code, when the name says one.
        public let language: String?
        /// Said in the name: "forced", "sdh", "cc" (hearing impaired).
        public let forced: Bool
        public let hearingImpaired: Bool

        public init(path: String, language: String?, forced: Bool = false, hearingImpaired: Bool = false) {
            self.path = path
            self.language = language
            self.forced = forced
            self.hearingImpaired = hearingImpaired
        }
    }

    /// - Parameters:
    ///   - video: the video's file name ("Film.mkv").
    ///   - beside: the names in its folder.
    ///   - inFolders: the names in each subtitle folder beside it, by the
    ///     folder's name as it is on disk ("Subs").
    ///   - languages: to read languages from names.
    /// - Returns: beside the video first, then the folders; in each, the
    ///   plain name first, then by name.
    public static func find(for video: String, beside: [String], inFolders: [String: [String]] = [:],
                            languages: LanguageTable) -> [Found] {
        let base = stem(video).lowercased()
        var found = ordered(beside.compactMap { match($0, base: base, folder: nil, languages: languages, loose: false) })
        for folder in inFolders.keys.sorted() where folders.contains(folder.lowercased()) {
            let names = inFolders[folder, default: []].sorted()
            let named = names.compactMap { match($0, base: base, folder: folder, languages: languages, loose: false) }
            // A folder with no file named after this video is taken as this
            // video's own (one film per folder), its files named by language.
            found += ordered(named.isEmpty
                ? names.compactMap { match($0, base: base, folder: folder, languages: languages, loose: true) }
                : named)
        }
        return found
    }

    private static func match(_ name: String, base: String, folder: String?, languages: LanguageTable,
                              loose: Bool) -> Found? {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2, let ext = parts.last?.lowercased(), extensions.contains(ext) else { return nil }
        let path = folder.map { "\($0)/\(name)" } ?? name
        var words: [String]
        if loose {
            words = Array(parts.dropLast())
        } else {
            // The video's name, then words before the extension.
            let lower = name.lowercased()
            guard lower.hasPrefix(base + ".") else { return nil }
            words = Array(String(name.dropFirst(base.count + 1)).split(separator: ".", omittingEmptySubsequences: false)
                .map(String.init).dropLast())
        }
        var language: String?
        var forced = false, impaired = false
        for word in words {
            let lower = word.lowercased()
            if lower == "forced" { forced = true; continue }
            if ["sdh", "cc"].contains(lower) { impaired = true; continue }
            // "2_English": a number to order them by, then the language.
            let bare = lower.drop { $0.isNumber || $0 == "_" || $0 == "-" || $0 == " " }
            if language == nil, let code = languages.code(of: String(bare)) { language = code }
        }
        return Found(path: path, language: language, forced: forced, hearingImpaired: impaired)
    }

    /// The plain name first (no language or note in it), then by name.
    private static func ordered(_ found: [Found]) -> [Found] {
        found.sorted { a, b in
            let plainA = a.language == nil && !a.forced && !a.hearingImpaired
            let plainB = b.language == nil && !b.forced && !b.hearingImpaired
            return plainA != plainB ? plainA : a.path < b.path
        }
    }

    /// A file name without its last extension.
    private static func stem(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}
