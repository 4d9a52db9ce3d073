import CGLib
import CGtk
import Foundation
import GLibKit
import ReelCore
import ReelMedia

/// The player's Audio and Subtitles menus: the video's sound streams, and
/// Off, its text streams, the subtitle files found beside it, an Encoding
/// submenu for a file and Add Subtitle File…. TrackMenu (ReelCore) names
/// the entries and TrackSelection decides what plays, what is remembered
/// and when the video opens again; this carries its decisions out on the
/// player and the menus.
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
    private let languages: LanguageTable
    private let words = TrackMenu.Words(translate: { tr($0) }, language: { TrackMenus.languageName($0) })

    private weak var player: Player?
    private var selection: TrackSelection
    private var chooser: FileChooser?

    init(audioButton: UnsafeMutablePointer<GtkWidget>, subtitleButton: UnsafeMutablePointer<GtkWidget>, host: Host) {
        self.audioButton = audioButton
        self.subtitleButton = subtitleButton
        self.host = host
        languages = LanguageTable.system()
        selection = TrackSelection(languages: languages, userLanguage: TrackMenus.userLanguage)
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
            self.carryOut(self.selection.handle(.chooseAudio(index)))
            return true
        }
        subtitleAction = map.add(.subtitle, state: "off") { [weak self] value in
            guard let self, let subtitle = TrackMenus.subtitle(from: value) else { return false }
            return self.chooseSubtitle(subtitle)
        }
        encodingAction = map.add(.subtitleEncoding, state: "") { [weak self] value in
            guard let self, let encoding = SubtitleEncoding(rawValue: value) else { return false }
            self.carryOut(self.selection.handle(.chooseEncoding(encoding, loadedFile: self.player?.subtitleURI)))
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
        player = nil
        var files: [SubtitleFiles.Found] = []
        if let url = URL(string: uri), url.isFileURL { files = TrackMenus.findFiles(beside: url, languages: languages) }
        let opening = selection.open(uri, remembered: host.remembered(uri), files: files, guessEncoding: TrackMenus.guessEncoding)
        gtk_widget_set_visible(audioButton, 0)
        gtk_widget_set_visible(subtitleButton, 0)
        return (opening.subtitleURI, opening.encoding?.rawValue)
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
        carryOut(selection.handle(.tracksChanged(.init(
            audio: audio, text: text, fileTrack: fileTrack, loadedFile: player.subtitleURI, currentAudio: player.currentAudio,
            isPlaying: player.state == .playing, isOpening: player.state == .opening,
            textTracksKnown: player.textTracksKnown))))
        rebuild(audio: audio, text: text)
    }

    /// Does what the selection decided.
    private func carryOut(_ decisions: [TrackSelection.Decision]) {
        for decision in decisions {
            switch decision {
            case .selectAudio(let index): player?.selectAudio(index)
            case .showText(let index, let entry):
                guard let player else { continue }
                player.selectText(index)
                if let subtitleAction { ActionState.set(subtitleAction, TrackMenus.value(of: player.showsText ? entry : .off)) }
            case .remember(let choice, let video): host.remember(choice, video)
            case .reopen(let file, let encoding): host.reopen(file, (encoding ?? TrackMenus.guessEncoding(of: file)).rawValue)
            }
        }
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

        let entries = TrackMenu.subtitleEntries(embedded: text, files: selection.files(loaded: player?.subtitleURI),
                                                fileURI: selection.fileURI, languages: languages, words: words)
        if entries != shownSubtitles {
            shownSubtitles = entries
            g_menu_remove_all(subtitleTracks)
            for entry in entries { append(subtitleTracks, entry.label, PlayerAction.subtitle.detailedName, TrackMenus.value(of: entry.choice)) }
        }
        if let encodingAction {
            ActionState.set(encodingAction, selection.encoding?.rawValue ?? "")
            g_simple_action_set_enabled(encodingAction, player?.subtitleURI == nil ? 0 : 1)
        }
        // Local videos can take a file; a stream with text streams lists them.
        gtk_widget_set_visible(subtitleButton, selection.folder != nil || entries.count > 1 ? 1 : 0)
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

    /// False when the choice needs the video opened again (another file):
    /// the state follows once it is.
    private func chooseSubtitle(_ subtitle: TrackChoice.Subtitle) -> Bool {
        let decisions = selection.handle(.chooseSubtitle(subtitle, loadedFile: player?.subtitleURI,
                                                         fileTrack: player?.subtitleFileTrack))
        carryOut(decisions)
        return !decisions.contains { if case .reopen = $0 { return true } else { return false } }
    }

    private func addFile() {
        guard let window = host.window() else { return }
        chooser = FileChooser(parent: window, title: tr("Add Subtitle File"), accept: tr("_Add"), kinds: [.subtitles],
                              folder: selection.folder?.absoluteString) { [weak self] uris in
            self?.chooser = nil
            if let uri = uris.first { self?.load(uri) }
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
            .filter { SmallFileReader.isReadable(folder + "/" + $0.path) }
    }

    /// The encoding of a local file, from its first 64 KB.
    static func guessEncoding(of uri: String) -> SubtitleEncoding {
        guard let url = URL(string: uri), url.isFileURL else { return .utf8 }
        return SubtitleEncoding.guess(Array(SmallFileReader.head(of: url.path, count: 65536)), userLanguage: userLanguage)
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
