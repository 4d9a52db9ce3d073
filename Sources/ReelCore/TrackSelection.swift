import Foundation

/// Which sound and subtitles a video plays, apart from GStreamer and GTK:
/// the choice remembered for the video (`TrackChoice`), the streams the
/// player reports as they come, and the person's picks in the Audio and
/// Subtitles menus go in as events; what to switch, show, remember or open
/// again comes out as decisions, which `ReelUI.TrackMenus` carries out on
/// the player (whose `StreamSwitches` then makes the switch). The choice is
/// made once per opening of the video: the sound when its streams are
/// listed, the subtitles once the sound's language is known, and shown once
/// the stream it names is there (ARCHITECTURE: Sound streams and subtitles).
public struct TrackSelection: Sendable {
    /// What the player says of its streams, each time they change.
    public struct Streams: Equatable, Sendable {
        public var audio: [MediaTrack]
        /// The text streams, the loaded file's left out (the menu lists it
        /// as a file).
        public var text: [MediaTrack]
        /// Which text stream is the loaded file's; nil while playbin has not
        /// added it (it comes before or after the video's own).
        public var fileTrack: Int?
        /// The subtitle file opened with the video (playbin's `suburi`).
        public var loadedFile: String?
        /// The audio stream playing (-1: none yet).
        public var currentAudio: Int
        /// The video plays: every stream it has is listed.
        public var isPlaying: Bool
        /// Still opening: a stream switch asked for now is made once it has
        /// (`StreamSwitches`), so the sound playing stays the one it is.
        public var isOpening: Bool
        /// All text streams are known (an HLS or DASH stream's once its
        /// manifest was read or failed).
        public var textTracksKnown: Bool

        public init(audio: [MediaTrack] = [], text: [MediaTrack] = [], fileTrack: Int? = nil, loadedFile: String? = nil,
                    currentAudio: Int = -1, isPlaying: Bool = false, isOpening: Bool = false, textTracksKnown: Bool = true) {
            self.audio = audio
            self.text = text
            self.fileTrack = fileTrack
            self.loadedFile = loadedFile
            self.currentAudio = currentAudio
            self.isPlaying = isPlaying
            self.isOpening = isOpening
            self.textTracksKnown = textTracksKnown
        }
    }

    /// What happens to the streams the player has now (the loaded file, its
    /// stream) is said with the event.
    public enum Event: Equatable, Sendable {
        /// The streams came, went, were named, or the video began to play.
        case tracksChanged(Streams)
        /// The Audio menu's stream.
        case chooseAudio(Int)
        /// The Subtitles menu's entry, a file from the chooser or a drop.
        case chooseSubtitle(TrackChoice.Subtitle, loadedFile: String?, fileTrack: Int?)
        /// The Encoding submenu's entry.
        case chooseEncoding(SubtitleEncoding, loadedFile: String?)
    }

    public enum Decision: Equatable, Sendable {
        /// Switch to this audio stream.
        case selectAudio(Int)
        /// Show this text stream (nil: none); the Subtitles menu then marks
        /// `entry`, or Off when the player shows none.
        case showText(Int?, entry: TrackChoice.Subtitle)
        /// Keep the choice for `video` in the state file.
        case remember(TrackChoice, video: String)
        /// Open the video again with this file (playbin reads one only when
        /// it opens), in `encoding`; nil: the one its bytes suggest.
        case reopen(subtitleURI: String, encoding: SubtitleEncoding?)
    }

    /// The file to open the video with, and its encoding.
    public struct Opening: Equatable, Sendable {
        public var subtitleURI: String?
        public var encoding: SubtitleEncoding?

        public init(subtitleURI: String?, encoding: SubtitleEncoding?) {
            self.subtitleURI = subtitleURI
            self.encoding = encoding
        }
    }

    /// The video being opened.
    public private(set) var video = ""
    /// What the person chose for it, so far.
    public private(set) var choice = TrackChoice()
    /// The subtitle files found beside it (paths relative to `folder`).
    public private(set) var files: [SubtitleFiles.Found] = []
    /// The folder of a local video; nil for a stream (which takes no file).
    public private(set) var folder: URL?
    /// The encoding the loaded file is read in (remembered or guessed).
    public private(set) var encoding: SubtitleEncoding?
    /// The sound's choice was made for this opening.
    public private(set) var audioSettled = false
    /// The subtitles' choice was made for this opening.
    public private(set) var subtitleSettled = false
    /// The subtitles chosen, waiting for their stream (a file's stream may
    /// come after the video's own).
    public private(set) var pending: TrackChoice.Subtitle?
    private let languages: LanguageTable
    private let userLanguage: String?

    public init(languages: LanguageTable, userLanguage: String?) {
        self.languages = languages
        self.userLanguage = userLanguage
    }

    /// Before the player opens `video`: nothing is settled, the remembered
    /// choice stands, and the file to open it with is the remembered one or
    /// the one the defaults would show (`TrackMenu.fileToLoad`), in the
    /// remembered encoding, else `guessEncoding`'s.
    public mutating func open(_ video: String, remembered: TrackChoice?, files found: [SubtitleFiles.Found],
                              guessEncoding: (String) -> SubtitleEncoding) -> Opening {
        self.video = video
        audioSettled = false
        subtitleSettled = false
        pending = nil
        choice = remembered ?? TrackChoice()
        folder = URL(string: video).flatMap { $0.isFileURL ? $0.deletingLastPathComponent() : nil }
        files = folder == nil ? [] : found
        let file = TrackMenu.fileToLoad(remembered: choice, files: files, fileURI: fileURI,
                                        userLanguage: userLanguage, languages: languages)
        encoding = file.map { uri in choice.encoding.flatMap(SubtitleEncoding.init) ?? guessEncoding(uri) }
        return Opening(subtitleURI: file, encoding: encoding)
    }

    public mutating func handle(_ event: Event) -> [Decision] {
        switch event {
        case .tracksChanged(let streams):
            return tracksChanged(streams)
        case .chooseAudio(let index):
            choice.audio = index
            return [.selectAudio(index), .remember(choice, video: video)]
        case .chooseSubtitle(let subtitle, let loadedFile, let fileTrack):
            choice.subtitle = subtitle
            if case .file(let file) = subtitle, file != loadedFile {
                choice.encoding = nil
                return [.remember(choice, video: video), .reopen(subtitleURI: file, encoding: nil)]
            }
            return [.remember(choice, video: video), show(subtitle, loadedFile: loadedFile, fileTrack: fileTrack)]
        case .chooseEncoding(let chosen, let loadedFile):
            guard let file = loadedFile, chosen != encoding else { return [] }
            choice.subtitle = .file(file)
            choice.encoding = chosen.rawValue
            return [.remember(choice, video: video), .reopen(subtitleURI: file, encoding: chosen)]
        }
    }

    /// The sound and the text streams are listed in any order: the sound
    /// is chosen once its remembered stream is listed (or all are), the
    /// subtitles once the sound's language is known (a foreign film gets
    /// them) or a video without sound plays, and once a stream's manifest
    /// has said which renditions it has (a remembered one may be one
    /// GStreamer does not play).
    private mutating func tracksChanged(_ streams: Streams) -> [Decision] {
        var decisions: [Decision] = []
        var playingAudio = max(streams.currentAudio, 0)
        if !audioSettled, !streams.audio.isEmpty,
           TrackMenu.audioChoiceIsDue(remembered: choice, count: streams.audio.count, allListed: streams.isPlaying) {
            audioSettled = true
            if let index = TrackMenu.audio(remembered: choice, count: streams.audio.count) {
                decisions.append(.selectAudio(index))
                if !streams.isOpening { playingAudio = index }
            }
        }
        if !subtitleSettled, !streams.text.isEmpty || streams.loadedFile != nil, audioSettled || streams.isPlaying,
           streams.textTracksKnown {
            subtitleSettled = true
            let audioLanguage = streams.audio.first { $0.index == playingAudio }?.language
            pending = TrackMenu.subtitle(remembered: choice, embedded: streams.text, files: files(loaded: streams.loadedFile),
                                         fileURI: fileURI, audioLanguage: audioLanguage, userLanguage: userLanguage,
                                         languages: languages)
        }
        if let subtitle = pending {
            if case .file = subtitle, streams.fileTrack == nil, streams.loadedFile != nil { return decisions }
            pending = nil
            decisions.append(show(subtitle, loadedFile: streams.loadedFile, fileTrack: streams.fileTrack))
        }
        return decisions
    }

    /// `subtitle` on the streams the player has: a file other than the
    /// loaded one, or whose stream is not there, shows nothing.
    private func show(_ subtitle: TrackChoice.Subtitle, loadedFile: String?, fileTrack: Int?) -> Decision {
        switch subtitle {
        case .off: return .showText(nil, entry: .off)
        case .embedded(let index): return .showText(index, entry: subtitle)
        case .file(let file): return .showText(file == loadedFile ? fileTrack : nil, entry: subtitle)
        }
    }

    // MARK: The menus

    /// The found files, and a file added by hand that is loaded.
    public func files(loaded: String?) -> [SubtitleFiles.Found] {
        guard let loaded, !files.contains(where: { fileURI($0.path) == loaded }) else { return files }
        return files + [SubtitleFiles.Found(path: URL(string: loaded)?.path ?? loaded, language: nil)]
    }

    /// A found file's address.
    public func fileURI(_ path: String) -> String {
        if path.hasPrefix("/") { return URL(fileURLWithPath: path).absoluteString }
        return folder.map { $0.appendingPathComponent(path).absoluteString } ?? path
    }
}
