/// The Audio and Subtitles menus' entries, and which ones play when a video
/// opens: from the streams' tags, the subtitle files beside the video and
/// the choice remembered for it. The words go through `Words` so that the
/// UI can translate them (the tests read them in English).
public enum TrackMenu {
    /// How the menus' words are said: the app's own words (marked `N_`
    /// here) and language names (the `iso-codes` domain).
    public struct Words: Sendable {
        public let translate: @Sendable (String) -> String
        public let language: @Sendable (String) -> String

        public init(translate: @escaping @Sendable (String) -> String, language: @escaping @Sendable (String) -> String) {
            self.translate = translate
            self.language = language
        }

        /// English, as in the tables.
        public static let english = Words(translate: { $0 }, language: { $0 })
    }

    public struct Entry: Equatable, Sendable {
        public let label: String
        public let choice: TrackChoice.Subtitle
    }

    // MARK: Labels

    /// "English — Commentary (5.1)", "Stereo", "Track 2".
    public static func audioLabel(_ track: MediaTrack, languages: LanguageTable, words: Words) -> String {
        var label = baseLabel(language: track.language, title: track.title, languages: languages, words: words)
        if let layout = channelLayout(track.channels, words: words) {
            label = label.isEmpty ? layout : "\(label) (\(layout))"
        }
        return label.isEmpty ? numbered(track.index, words: words) : label
    }

    /// "Mono", "Stereo", "5.1", "7.1", "4 channels"; nil when unknown.
    public static func channelLayout(_ channels: Int?, words: Words) -> String? {
        switch channels {
        case nil, 0?: return nil
        case 1?: return words.translate(N_("Mono"))
        case 2?: return words.translate(N_("Stereo"))
        case 6?: return "5.1"
        case 8?: return "7.1"
        case let count?: return words.translate(N_("%d channels")).replacingOccurrences(of: "%d", with: "\(count)")
        }
    }

    /// An embedded text stream: "English — Signs", "English (Forced)", "Track 3".
    public static func textLabel(_ track: MediaTrack, languages: LanguageTable, words: Words) -> String {
        guard isForced(track) else {
            let label = baseLabel(language: track.language, title: track.title, languages: languages, words: words)
            return label.isEmpty ? numbered(track.index, words: words) : label
        }
        // The title's "Forced" is said by the note.
        let title = track.title?.replacingOccurrences(of: "forced", with: "", options: .caseInsensitive)
            .trimmingCharacters(in: .whitespaces.union(.punctuationCharacters))
        let label = baseLabel(language: track.language, title: title, languages: languages, words: words)
        let forced = words.translate(N_("Forced"))
        return label.isEmpty ? forced : "\(label) (\(forced))"
    }

    /// A forced stream: flagged so by the file, or titled so (as muxers
    /// name them where the format has no flag).
    public static func isForced(_ track: MediaTrack) -> Bool {
        track.forced || (track.title?.range(of: #"\bforced\b"#, options: [.regularExpression, .caseInsensitive]) != nil)
    }

    /// A file: "English (Forced) — Film.en.forced.srt", or its name alone.
    public static func fileLabel(_ file: SubtitleFiles.Found, languages: LanguageTable, words: Words) -> String {
        let name = file.path.split(separator: "/").last.map(String.init) ?? file.path
        var language = file.language.flatMap { languages.name(of: $0) }.map(words.language) ?? ""
        var notes: [String] = []
        if file.forced { notes.append(words.translate(N_("Forced"))) }
        if file.hearingImpaired { notes.append(words.translate(N_("SDH"))) }
        if !notes.isEmpty { language += language.isEmpty ? notes.joined(separator: ", ") : " (\(notes.joined(separator: ", ")))" }
        return language.isEmpty ? name : "\(language) — \(name)"
    }

    private static func baseLabel(language: String?, title: String?, languages: LanguageTable, words: Words) -> String {
        let name = language.flatMap { languages.name(of: $0) }
        let translated = name.map(words.language)
        var parts = translated.map { [$0] } ?? []
        // A title that only repeats the language ("English") or the kind of
        // stream (muxers write "Audio", "Subtitle") says nothing more.
        if let title = title?.trimmingCharacters(in: .whitespaces), !title.isEmpty,
           title.lowercased() != name?.lowercased(), title != translated, !genericTitles.contains(title.lowercased()) {
            parts.append(title)
        }
        return parts.joined(separator: " — ")
    }

    private static let genericTitles: Set<String> = ["audio", "sound", "video", "subtitle", "subtitles", "text"]

    private static func numbered(_ index: Int, words: Words) -> String {
        words.translate(N_("Track %d")).replacingOccurrences(of: "%d", with: "\(index + 1)")
    }

    /// Labels that would read the same get their track's number.
    private static func distinct(_ labels: [String]) -> [String] {
        labels.enumerated().map { index, label in
            labels.filter { $0 == label }.count > 1 ? "\(label) · \(index + 1)" : label
        }
    }

    // MARK: Menus

    /// One label per audio stream, in order.
    public static func audioLabels(_ tracks: [MediaTrack], languages: LanguageTable, words: Words) -> [String] {
        distinct(tracks.map { audioLabel($0, languages: languages, words: words) })
    }

    /// Off, the embedded text streams, then the files found beside the video.
    /// `fileURI` turns a found file's path into its address.
    public static func subtitleEntries(embedded: [MediaTrack], files: [SubtitleFiles.Found], fileURI: (String) -> String,
                                       languages: LanguageTable, words: Words) -> [Entry] {
        let streams = distinct(embedded.map { textLabel($0, languages: languages, words: words) })
        return [Entry(label: words.translate(N_("Off")), choice: .off)]
            + zip(embedded, streams).map { Entry(label: $1, choice: .embedded($0.index)) }
            + files.map { Entry(label: fileLabel($0, languages: languages, words: words), choice: .file(fileURI($0.path))) }
    }

    // MARK: What plays

    /// The audio stream to play: the remembered one while the video still
    /// has it, else nil (the video's own default, as its author flagged it).
    /// Whether the sound's choice is made now: a video's streams are
    /// listed one by one as they are found, so a remembered second stream
    /// waits until it is listed, or until all are (`allListed`: the video
    /// plays), rather than being given up when only the first is known.
    public static func audioChoiceIsDue(remembered: TrackChoice?, count: Int, allListed: Bool) -> Bool {
        guard let index = remembered?.audio, index >= 0 else { return true }
        return index < count || allListed
    }

    public static func audio(remembered: TrackChoice?, count: Int) -> Int? {
        guard let index = remembered?.audio, index >= 0, index < count else { return nil }
        return index
    }

    /// The subtitle file to load with the video (playbin reads one file
    /// beside the streams): the remembered one, else the one `subtitle`
    /// would pick among the files.
    public static func fileToLoad(remembered: TrackChoice?, files: [SubtitleFiles.Found], fileURI: (String) -> String,
                                  userLanguage: String?, languages: LanguageTable) -> String? {
        if case .file(let uri)? = remembered?.subtitle { return uri }
        if let plain = files.first(where: { $0.language == nil && !$0.forced }) { return fileURI(plain.path) }
        // Only a forced file in the user's language: loaded for the forced rule.
        return (bestInLanguage(files, userLanguage, languages) ?? forcedFile(files, userLanguage, languages))
            .map { fileURI($0.path) }
    }

    /// What shows when the video opens.
    ///
    /// - The remembered choice, while it is still there.
    /// - A file with no language in its name (`Film.srt`): someone put it
    ///   there for this video, as other players load it too.
    /// - Subtitles in the user's language (a file, else a stream) when the
    ///   sound is in another language: a foreign film. When the sound is in
    ///   the user's language, or unsaid, they stay in the menu, off:
    ///   nobody should get subtitles they did not ask for.
    /// - Otherwise off, a forced stream (signs and foreign lines only) in
    ///   the user's language, or a forced file (`Film.en.forced.srt`): when
    ///   the sound is in the user's language, these are the lines a person
    ///   would otherwise miss. (Playbin reads one file: with a full file in
    ///   that language beside it, the full one is loaded, for foreign
    ///   films, and its forced companion waits in the menu.)
    public static func subtitle(remembered: TrackChoice?, embedded: [MediaTrack], files: [SubtitleFiles.Found],
                                fileURI: (String) -> String, audioLanguage: String?, userLanguage: String?,
                                languages: LanguageTable) -> TrackChoice.Subtitle {
        if let choice = remembered?.subtitle {
            switch choice {
            case .off: return .off
            case .embedded(let index) where embedded.contains(where: { $0.index == index }): return choice
            case .file(let uri) where files.contains(where: { fileURI($0.path) == uri }): return choice
            default: break
            }
        }
        if let plain = files.first(where: { $0.language == nil && !$0.forced }) { return .file(fileURI(plain.path)) }
        let foreign = audioLanguage.map { !same($0, userLanguage, languages) } ?? false
        if foreign {
            if let file = bestInLanguage(files, userLanguage, languages) { return .file(fileURI(file.path)) }
            if let track = embedded.first(where: { same($0.language, userLanguage, languages) && !isForced($0) }) {
                return .embedded(track.index)
            }
        }
        if let forced = embedded.first(where: { isForced($0) && same($0.language, userLanguage, languages) }) {
            return .embedded(forced.index)
        }
        if let forced = forcedFile(files, userLanguage, languages) { return .file(fileURI(forced.path)) }
        return .off
    }

    private static func forcedFile(_ files: [SubtitleFiles.Found], _ userLanguage: String?,
                                   _ languages: LanguageTable) -> SubtitleFiles.Found? {
        files.first { $0.forced && same($0.language, userLanguage, languages) }
    }

    /// Files in the user's language, plain ones before forced or SDH ones.
    private static func bestInLanguage(_ files: [SubtitleFiles.Found], _ userLanguage: String?,
                                       _ languages: LanguageTable) -> SubtitleFiles.Found? {
        let matching = files.filter { same($0.language, userLanguage, languages) }
        return matching.first { !$0.forced && !$0.hearingImpaired } ?? matching.first { !$0.forced }
    }

    /// Two codes of one language ("en", "eng"; "zh", "chi", "zho").
    public static func same(_ a: String?, _ b: String?, _ languages: LanguageTable) -> Bool {
        guard let a, let b else { return false }
        if a.lowercased() == b.lowercased() { return true }
        guard let nameA = languages.name(of: a) else { return false }
        return nameA == languages.name(of: b)
    }
}
