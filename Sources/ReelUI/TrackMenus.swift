import CGLib
import CGtk
import Foundation
import GLibKit
import ReelCore
import ReelMedia

/// The player's Audio and Subtitles menus: the video's sound streams, and
/// Off, its text streams, the subtitle files found beside it, an Encoding
/// submenu for a file and Add Subtitle File…. TrackMenu (ReelCore) names
/// the entries and decides what plays at first; this carries it out on the
/// player and remembers each choice for the video.
final class TrackMenus {
    /// What the page does for the menus.
    struct Host {
        /// A subtitle file that is not the one loaded: the player opens the
        /// video again with it, where it is.
        let reopen: (_ subtitleURI: String, _ encoding: String?) -> Void
        let toast: (String) -> Void
        /// The window, for the file chooser.
        let window: () -> UnsafeMutablePointer<GtkWindow>?
        let remembered: (String) -> TrackChoice?
        let remember: (TrackChoice, String) -> Void
    }

    private let audioButton: UnsafeMutablePointer<GtkWidget>
    private let subtitleButton: UnsafeMutablePointer<GtkWidget>
    private let audioMenu = g_menu_new()!
    private let subtitleTracks = g_menu_new()!
    private let subtitleMenu: OpaquePointer
    private var shownAudio: [String] = []
    private var shownSubtitles: [TrackMenu.Entry] = []
    private var audioAction: OpaquePointer?
    private var subtitleAction: OpaquePointer?
    private var encodingAction: OpaquePointer?
    private let host: Host
    private let languages = LanguageTable.system()
    private let words = TrackMenu.Words(translate: { tr($0) }, language: { TrackMenus.languageName($0) })

    private weak var player: Player?
    private var uri = ""
    private var files: [SubtitleFiles.Found] = []
    private var folder: URL?
    private var choice = TrackChoice()
    /// The encoding the loaded file is read in (guessed or chosen).
    private var encoding: SubtitleEncoding?
    /// The defaults were applied to this player's streams.
    private var settled = false
    private var audioSettled = false
    /// The choice to show once its stream is there.
    private var pending: TrackChoice.Subtitle?
    private var chooser: SubtitleFileChooser?

    init(audioButton: UnsafeMutablePointer<GtkWidget>, subtitleButton: UnsafeMutablePointer<GtkWidget>, host: Host) {
        self.audioButton = audioButton
        self.subtitleButton = subtitleButton
        self.host = host
        subtitleMenu = TrackMenus.subtitleMenu(tracks: subtitleTracks)
        gtk_menu_button_set_menu_model(cast(audioButton), cast(audioMenu))
        gtk_menu_button_set_menu_model(cast(subtitleButton), cast(subtitleMenu))
        gtk_widget_set_visible(audioButton, 0)
        gtk_widget_set_visible(subtitleButton, 0)
        "iso_639-2".withCString { _ = bind_textdomain_codeset($0, "UTF-8") }
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(audioMenu))
        g_object_unref(UnsafeMutableRawPointer(subtitleMenu))
        g_object_unref(UnsafeMutableRawPointer(subtitleTracks))
    }

    /// The menus' actions, in the player's group.
    func addActions(to map: ActionGroup<PlayerAction>) {
        audioAction = map.add(.audioTrack, state: "") { [weak self] value in
            guard let self, let index = Int(value) else { return false }
            self.chooseAudio(index)
            return true
        }
        subtitleAction = map.add(.subtitle, state: "off") { [weak self] value in
            guard let self, let subtitle = TrackMenus.subtitle(from: value) else { return false }
            return self.chooseSubtitle(subtitle)
        }
        encodingAction = map.add(.subtitleEncoding, state: "") { [weak self] value in
            guard let self, let encoding = SubtitleEncoding(rawValue: value) else { return false }
            self.chooseEncoding(encoding)
            return true
        }
        map.add(.addSubtitleFile) { [weak self] in self?.addFile() }
        map.add(.subtitleLater) { [weak self] in self?.shiftSubtitles(by: 0.1) }
        map.add(.subtitleEarlier) { [weak self] in self?.shiftSubtitles(by: -0.1) }
    }

    // MARK: Opening

    /// Before the player opens `uri`: the subtitle file to load with it
    /// and its encoding.
    func prepare(for uri: String) -> (subtitleURI: String?, encoding: String?) {
        self.uri = uri
        player = nil
        settled = false
        audioSettled = false
        pending = nil
        choice = host.remembered(uri) ?? TrackChoice()
        files = []
        folder = nil
        if let url = URL(string: uri), url.isFileURL {
            folder = url.deletingLastPathComponent()
            files = TrackMenus.findFiles(beside: url, languages: languages)
        }
        let file = TrackMenu.fileToLoad(remembered: choice, files: files, fileURI: fileURI,
                                        userLanguage: TrackMenus.userLanguage, languages: languages)
        encoding = file.map { uri in choice.encoding.flatMap(SubtitleEncoding.init) ?? TrackMenus.guessEncoding(of: uri) }
        gtk_widget_set_visible(audioButton, 0)
        gtk_widget_set_visible(subtitleButton, 0)
        return (file, encoding?.rawValue)
    }

    func attach(_ player: Player) {
        self.player = player
    }

    /// The streams changed: the menus follow, and the first time the
    /// streams are known, the remembered or default choice applies.
    func tracksChanged() {
        guard let player else { return }
        let audio = player.audioTracks
        var text = player.textTracks
        // The loaded file is one of the text streams: the menu lists it as a file.
        let fileTrack = player.subtitleFileTrack
        text.removeAll { $0.index == fileTrack }
        // The sound streams and the text streams are listed in any order.
        if !audioSettled, !audio.isEmpty,
           TrackMenu.audioChoiceIsDue(remembered: choice, count: audio.count, allListed: player.state == .playing) {
            audioSettled = true
            if let index = TrackMenu.audio(remembered: choice, count: audio.count) { player.selectAudio(index) }
        }
        // Subtitles once the sound's language is known (a foreign film gets
        // them), or once a video without sound plays, and once a stream's
        // manifest has said which renditions it has (a remembered one may
        // be one GStreamer does not play).
        if !settled, !text.isEmpty || player.subtitleURI != nil, audioSettled || player.state == .playing,
           player.textTracksKnown {
            settled = true
            let audioLanguage = audio.first { $0.index == max(player.currentAudio, 0) }?.language
            let subtitle = TrackMenu.subtitle(remembered: choice, embedded: text, files: filesWithLoaded, fileURI: fileURI,
                                              audioLanguage: audioLanguage, userLanguage: TrackMenus.userLanguage,
                                              languages: languages)
            pending = subtitle
        }
        // The file's stream may come after the video's own.
        if let subtitle = pending, case .file = subtitle, fileTrack == nil, player.subtitleURI != nil {
            // Not yet.
        } else if let subtitle = pending {
            pending = nil
            apply(subtitle)
        }
        rebuild(audio: audio, text: text)
    }

    /// The found files, and a file added by hand that is loaded.
    private var filesWithLoaded: [SubtitleFiles.Found] {
        guard let loaded = player?.subtitleURI, !files.contains(where: { fileURI($0.path) == loaded }) else { return files }
        return files + [SubtitleFiles.Found(path: URL(string: loaded)?.path ?? loaded, language: nil)]
    }

    private func fileURI(_ path: String) -> String {
        if path.hasPrefix("/") { return URL(fileURLWithPath: path).absoluteString }
        return folder.map { $0.appendingPathComponent(path).absoluteString } ?? path
    }

    /// Rebuilds what changed: GTK's menu popover keeps a page per
    /// submenu, so the Encoding submenu is added once and kept.
    private func rebuild(audio: [MediaTrack], text: [MediaTrack]) {
        let audioLabels = TrackMenu.audioLabels(audio, languages: languages, words: words)
        if audioLabels != shownAudio {
            shownAudio = audioLabels
            g_menu_remove_all(audioMenu)
            for (track, label) in zip(audio, audioLabels) { append(audioMenu, label, PlayerAction.audioTrack.detailedName, "\(track.index)") }
        }
        gtk_widget_set_visible(audioButton, audio.count > 1 ? 1 : 0)
        if let audioAction, let player { ActionState.set(audioAction, "\(player.currentAudio)") }

        let entries = TrackMenu.subtitleEntries(embedded: text, files: filesWithLoaded, fileURI: fileURI,
                                                languages: languages, words: words)
        if entries != shownSubtitles {
            shownSubtitles = entries
            g_menu_remove_all(subtitleTracks)
            for entry in entries { append(subtitleTracks, entry.label, PlayerAction.subtitle.detailedName, TrackMenus.value(of: entry.choice)) }
        }
        if let encodingAction {
            ActionState.set(encodingAction, encoding?.rawValue ?? "")
            g_simple_action_set_enabled(encodingAction, player?.subtitleURI == nil ? 0 : 1)
        }
        // Local videos can take a file; a stream with text streams lists them.
        gtk_widget_set_visible(subtitleButton, folder != nil || entries.count > 1 ? 1 : 0)
    }

    /// Off, the streams and the files; the Encoding submenu; Add Subtitle File….
    private static func subtitleMenu(tracks: OpaquePointer) -> OpaquePointer {
        let menu = g_menu_new()!
        g_menu_append_section(menu, nil, cast(tracks))
        let encodings = g_menu_new()!
        for encoding in SubtitleEncoding.choices {
            let item = g_menu_item_new(tr(encoding.title), nil)!
            g_menu_item_set_action_and_target_value(item, PlayerAction.subtitleEncoding.detailedName, g_variant_new_string(encoding.rawValue))
            g_menu_append_item(encodings, item)
            g_object_unref(UnsafeMutableRawPointer(item))
        }
        let more = g_menu_new()!
        // The encoding applies to a subtitle file (its action is off without one).
        g_menu_append_submenu(more, tr("Encoding"), cast(encodings))
        g_menu_append(more, tr("Add Subtitle File…"), PlayerAction.addSubtitleFile.detailedName)
        g_menu_append_section(menu, nil, cast(more))
        g_object_unref(UnsafeMutableRawPointer(encodings))
        g_object_unref(UnsafeMutableRawPointer(more))
        return menu
    }

    private func append(_ menu: OpaquePointer, _ label: String, _ action: String, _ value: String) {
        let item = g_menu_item_new(label, nil)!
        g_menu_item_set_action_and_target_value(item, action, g_variant_new_string(value))
        g_menu_append_item(menu, item)
        g_object_unref(UnsafeMutableRawPointer(item))
    }

    // MARK: Choices

    private func chooseAudio(_ index: Int) {
        player?.selectAudio(index)
        choice.audio = index
        host.remember(choice, uri)
    }

    /// False when the choice needs the video opened again (another file):
    /// the state follows once it is.
    private func chooseSubtitle(_ subtitle: TrackChoice.Subtitle) -> Bool {
        choice.subtitle = subtitle
        if case .file(let file) = subtitle, file != player?.subtitleURI {
            choice.encoding = nil
            host.remember(choice, uri)
            host.reopen(file, TrackMenus.guessEncoding(of: file).rawValue)
            return false
        }
        host.remember(choice, uri)
        apply(subtitle)
        return true
    }

    /// Shows `subtitle` on the player as it is loaded.
    private func apply(_ subtitle: TrackChoice.Subtitle) {
        guard let player else { return }
        switch subtitle {
        case .off: player.selectText(nil)
        case .embedded(let index): player.selectText(index)
        case .file(let file):
            guard file == player.subtitleURI, let track = player.subtitleFileTrack else { return player.selectText(nil) }
            player.selectText(track)
        }
        if let subtitleAction { ActionState.set(subtitleAction, TrackMenus.value(of: player.showsText ? subtitle : .off)) }
    }

    private func chooseEncoding(_ chosen: SubtitleEncoding) {
        guard let file = player?.subtitleURI, chosen != encoding else { return }
        choice.subtitle = .file(file)
        choice.encoding = chosen.rawValue
        host.remember(choice, uri)
        host.reopen(file, chosen.rawValue)
    }

    private func addFile() {
        guard let window = host.window() else { return }
        chooser = SubtitleFileChooser(parent: window, folder: folder) { [weak self] uri in
            self?.chooser = nil
            if let uri { self?.load(uri) }
        }
        chooser?.show()
    }

    /// A file from the chooser or dropped on the player.
    func load(_ file: String) {
        _ = chooseSubtitle(.file(file))
    }

    /// z / x: subtitles 0.1 s earlier or later, said in a toast.
    private func shiftSubtitles(by seconds: Double) {
        guard let player else { return }
        let offset = ((player.textOffset + seconds) * 10).rounded() / 10
        player.textOffset = offset
        Trace.shared.event(.playerTextOffset, ["seconds": offset])
        host.toast(CoreText.format(tr("Subtitle delay %s"), [String(format: "%+.1f s", offset)]))
    }

    // MARK: Helpers

    static func value(of subtitle: TrackChoice.Subtitle) -> String {
        switch subtitle {
        case .off: return "off"
        case .embedded(let index): return "stream:\(index)"
        case .file(let uri): return "file:" + uri
        }
    }

    static func subtitle(from value: String) -> TrackChoice.Subtitle? {
        if value == "off" { return .off }
        if value.hasPrefix("stream:") { return Int(value.dropFirst(7)).map { .embedded($0) } }
        if value.hasPrefix("file:") { return .file(String(value.dropFirst(5))) }
        return nil
    }

    /// Subtitle files beside the video and in its Subs/Subtitles folders
    /// (regular files only: a pipe or a device so named is passed over).
    private static func findFiles(beside video: URL, languages: LanguageTable) -> [SubtitleFiles.Found] {
        let folder = video.deletingLastPathComponent().path
        let manager = FileManager.default
        let names = (try? manager.contentsOfDirectory(atPath: folder)) ?? []
        var inFolders: [String: [String]] = [:]
        for name in names where SubtitleFiles.folders.contains(name.lowercased()) {
            inFolders[name] = (try? manager.contentsOfDirectory(atPath: folder + "/" + name)) ?? []
        }
        return SubtitleFiles.find(for: video.lastPathComponent, beside: names, inFolders: inFolders, languages: languages)
            .filter { SubtitleFileReader.isReadable(folder + "/" + $0.path) }
    }

    /// The encoding of a local file, from its first 64 KB.
    static func guessEncoding(of uri: String) -> SubtitleEncoding {
        guard let url = URL(string: uri), url.isFileURL else { return .utf8 }
        return SubtitleEncoding.guess(Array(SubtitleFileReader.head(of: url.path, count: 65536)), userLanguage: userLanguage)
    }

    /// The user's language ("zh_CN"), from the locale gettext uses.
    static var userLanguage: String? {
        guard let names = g_get_language_names() else { return nil }
        var index = 0
        while let name = names[index] {
            let language = String(cString: name).split(whereSeparator: { $0 == "." || $0 == "@" }).first.map(String.init) ?? ""
            if !language.isEmpty, language != "C", language != "POSIX" { return language }
            index += 1
        }
        return nil
    }

    /// A language's English name in the user's language (iso-codes' own
    /// translations).
    static func languageName(_ english: String) -> String {
        LanguageTable.domain.withCString { domain in english.withCString { String(cString: g_dgettext(domain, $0)) } }
    }
}
