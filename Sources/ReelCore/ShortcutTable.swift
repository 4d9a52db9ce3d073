/// The shortcuts window's pages: the app's own keys, the player's, the
/// player's sound and subtitles, the mini window's, the camera's and the
/// movie maker's.
/// Each page's two columns hold its keys, and the window opens on the page
/// of what the user is doing.
public enum ShortcutPage: String, CaseIterable, Sendable {
    case app
    case player
    /// The player's sound and subtitle keys: more than its page holds.
    case soundAndSubtitles = "sound-and-subtitles"
    case pictureInPicture = "picture-in-picture"
    case camera
    case movie

    /// Untranslated title; the UI passes it through gettext.
    public var title: String {
        switch self {
        case .app: return N_("Feed")
        case .player: return N_("Player")
        case .soundAndSubtitles: return N_("Sound and Subtitles")
        case .pictureInPicture: return N_("Picture in Picture")
        case .camera: return N_("Camera")
        case .movie: return N_("Movie")
        }
    }
}

/// Where a shortcut is listed in the shortcuts window. In this order, each
/// page's groups fill its two columns (GTK never splits a group).
public enum ShortcutSection: String, CaseIterable, Sendable {
    case general
    case window
    case selection
    case strip
    case playback
    case sound
    case subtitles
    case seeking
    case pictureInPicture
    case camera
    case movieClips
    case movieTrim
    case movieEdit

    public var page: ShortcutPage {
        switch self {
        case .general, .window, .selection, .strip: return .app
        case .playback, .seeking: return .player
        case .sound, .subtitles: return .soundAndSubtitles
        case .pictureInPicture: return .pictureInPicture
        case .camera: return .camera
        case .movieClips, .movieTrim, .movieEdit: return .movie
        }
    }

    /// Untranslated title; the UI passes it through gettext.
    public var title: String {
        switch self {
        case .general: return N_("General")
        case .window: return N_("Window")
        case .playback: return N_("Playback")
        case .seeking: return N_("Moving Around")
        case .sound: return N_("Sound")
        case .subtitles: return N_("Subtitles")
        case .strip: return N_("Preview Strip")
        case .pictureInPicture: return N_("Picture in Picture")
        case .camera: return N_("Camera")
        case .selection: return N_("Choosing Videos")
        case .movieClips: return N_("Clips")
        case .movieTrim: return N_("Trimming")
        case .movieEdit: return N_("Editing")
        }
    }
}

/// One keyboard shortcut: a GAction (`app.`, `win.` or `player.` prefixed),
/// the accelerators that trigger it (GTK syntax), and how the shortcuts
/// window names it. `app.` and `win.` keys work everywhere; `player.` keys
/// only while the player has the window (Space must still type a space in
/// the search field), `strip.` keys while the preview strip has the focus,
/// `pip.` keys while the picture-in-picture window has it, `camera.` keys
/// while the camera page shows, `feed.` keys while the feed has the focus
/// (after the search entry, which keeps its own Ctrl+A), `movie.` keys
/// while the movie page shows.
public struct Shortcut: Equatable, Sendable {
    public let action: String
    public let accelerators: [String]
    public let title: String
    public let section: ShortcutSection
    /// An integer passed to the action, one per accelerator (0–9 jump to
    /// 0–90 %); nil for actions without a parameter.
    public let arguments: [Int]?

    public init(action: String, accelerators: [String], title: String, section: ShortcutSection,
                arguments: [Int]? = nil) {
        self.action = action
        self.accelerators = accelerators
        self.title = title
        self.section = section
        self.arguments = arguments
    }

    /// What the shortcuts window shows: a run of keys with arguments is one
    /// range ("0...9" in GtkShortcutLabel's syntax).
    public var displayAccelerator: String {
        if arguments != nil, let first = accelerators.first, let last = accelerators.last {
            return "\(first)...\(last)"
        }
        return accelerators.joined(separator: " ")
    }

    /// The action's name without its `app.` / `win.` scope.
    public var actionName: String { String(action.split(separator: ".", maxSplits: 1).last ?? "") }
    public var scope: String { String(action.split(separator: ".", maxSplits: 1).first ?? "") }
}

/// Every action with a key, in the order the shortcuts window lists them.
/// The UI registers a GAction for each entry and builds the shortcuts window
/// from this table, so a key cannot exist without being documented.
public enum ShortcutTable {
    public static let all: [Shortcut] = [
        Shortcut(action: "app.open", accelerators: ["<Control>o"], title: N_("Open Video"), section: .general),
        Shortcut(action: "app.open-url", accelerators: ["<Control>l"], title: N_("Open URL"), section: .general),
        Shortcut(action: "win.search", accelerators: ["<Control>f"], title: N_("Search"), section: .general),
        Shortcut(action: "win.camera", accelerators: ["<Control>t"], title: N_("Camera"), section: .general),
        Shortcut(action: "app.preferences", accelerators: ["<Control>comma"], title: N_("Preferences"), section: .general),
        Shortcut(action: "app.shortcuts", accelerators: ["<Control>question"], title: N_("Keyboard Shortcuts"), section: .general),
        Shortcut(action: "app.quit", accelerators: ["<Control>q"], title: N_("Quit"), section: .general),
        Shortcut(action: "win.close", accelerators: ["<Control>w"], title: N_("Close Window"), section: .window),
        Shortcut(action: "player.play-pause", accelerators: ["space", "k"], title: N_("Play or Pause"), section: .playback),
        Shortcut(action: "player.previous", accelerators: ["<Shift>p", "less"], title: N_("Previous Video"), section: .playback),
        Shortcut(action: "player.next", accelerators: ["<Shift>n", "greater"], title: N_("Next Video"), section: .playback),
        Shortcut(action: "player.previous-chapter", accelerators: ["Page_Up"], title: N_("Previous Chapter"), section: .playback),
        Shortcut(action: "player.next-chapter", accelerators: ["Page_Down"], title: N_("Next Chapter"), section: .playback),
        Shortcut(action: "player.seek-backward", accelerators: ["Left"], title: N_("Back 5 Seconds"), section: .seeking),
        Shortcut(action: "player.seek-forward", accelerators: ["Right"], title: N_("Forward 5 Seconds"), section: .seeking),
        Shortcut(action: "player.jump-backward", accelerators: ["j"], title: N_("Back 15 Seconds"), section: .seeking),
        Shortcut(action: "player.jump-forward", accelerators: ["l"], title: N_("Forward 15 Seconds"), section: .seeking),
        Shortcut(action: "player.seek-start", accelerators: ["Home"], title: N_("Go to the Start"), section: .seeking),
        Shortcut(action: "player.seek-end", accelerators: ["End"], title: N_("Go to the End"), section: .seeking),
        Shortcut(action: "player.seek-percent", accelerators: (0...9).map(String.init), title: N_("Jump to 0–90 %"),
                 section: .seeking, arguments: (0...9).map { $0 * 10 }),
        Shortcut(action: "player.frame-backward", accelerators: ["comma"], title: N_("Previous Frame (Paused)"), section: .seeking),
        Shortcut(action: "player.frame-forward", accelerators: ["period"], title: N_("Next Frame (Paused)"), section: .seeking),
        Shortcut(action: "player.volume-up", accelerators: ["Up"], title: N_("Volume Up"), section: .sound),
        Shortcut(action: "player.volume-down", accelerators: ["Down"], title: N_("Volume Down"), section: .sound),
        Shortcut(action: "player.mute", accelerators: ["m"], title: N_("Mute"), section: .sound),
    ] + subtitleKeys("player", .subtitles) + [
        Shortcut(action: "player.slower", accelerators: ["bracketleft"], title: N_("Slower"), section: .playback),
        Shortcut(action: "player.faster", accelerators: ["bracketright"], title: N_("Faster"), section: .playback),
        Shortcut(action: "player.normal-speed", accelerators: ["BackSpace"], title: N_("Normal Speed"), section: .playback),
        Shortcut(action: "player.aspect", accelerators: ["a"], title: N_("Next Aspect Mode"), section: .playback),
        Shortcut(action: "player.fullscreen", accelerators: ["f", "F11"], title: N_("Full Screen"), section: .playback),
        // Listed with the mini window's own keys: the player page's two
        // columns are full (ShortcutTableTests).
        Shortcut(action: "player.picture-in-picture", accelerators: ["p"], title: N_("Picture in Picture"), section: .pictureInPicture),
        Shortcut(action: "player.screenshot", accelerators: ["<Control><Alt>s"], title: N_("Save a Screenshot of the Video"), section: .playback),
        Shortcut(action: "player.statistics", accelerators: ["<Control>i"], title: N_("Statistics"), section: .playback),
        Shortcut(action: "player.back", accelerators: ["Escape"], title: N_("Leave Full Screen, then Close"), section: .playback),
        Shortcut(action: "strip.toggle-sound", accelerators: ["Return", "space"], title: N_("Sound On or Off"), section: .strip),
        Shortcut(action: "strip.toggle-speed", accelerators: ["2"], title: N_("Normal or Double Speed"), section: .strip),
        Shortcut(action: "pip.play-pause", accelerators: ["space", "k"], title: N_("Play or Pause"), section: .pictureInPicture),
        Shortcut(action: "pip.seek-backward", accelerators: ["Left"], title: N_("Back 5 Seconds"), section: .pictureInPicture),
        Shortcut(action: "pip.seek-forward", accelerators: ["Right"], title: N_("Forward 5 Seconds"), section: .pictureInPicture),
        Shortcut(action: "pip.mute", accelerators: ["m"], title: N_("Mute"), section: .pictureInPicture),
    ] + subtitleKeys("pip", .pictureInPicture) + [
        Shortcut(action: "pip.back-to-player", accelerators: ["Escape", "p"], title: N_("Back to the Player"), section: .pictureInPicture),
        Shortcut(action: "pip.close", accelerators: ["<Control>w"], title: N_("Close"), section: .pictureInPicture),
        Shortcut(action: "camera.shutter", accelerators: ["space"], title: N_("Take Photo, Start or Stop Recording"), section: .camera),
        Shortcut(action: "camera.toggle-mode", accelerators: ["m"], title: N_("Photo or Video"), section: .camera),
        Shortcut(action: "camera.close", accelerators: ["Escape"], title: N_("Back to the Feed"), section: .camera),
        Shortcut(action: "feed.select-all", accelerators: ["<Control>a"], title: N_("Select All"), section: .selection),
        Shortcut(action: "movie.play-pause", accelerators: ["space"], title: N_("Play or Pause the Preview"), section: .movieClips),
        Shortcut(action: "movie.move-earlier", accelerators: ["<Alt>Left"], title: N_("Move Clip Earlier"), section: .movieClips),
        Shortcut(action: "movie.move-later", accelerators: ["<Alt>Right"], title: N_("Move Clip Later"), section: .movieClips),
        Shortcut(action: "movie.remove", accelerators: ["Delete"], title: N_("Remove Clip"), section: .movieClips),
        Shortcut(action: "movie.trim-start", accelerators: ["i"], title: N_("Trim the Start"), section: .movieTrim),
        Shortcut(action: "movie.trim-end", accelerators: ["o"], title: N_("Trim the End"), section: .movieTrim),
        Shortcut(action: "movie.frame-earlier", accelerators: ["comma"], title: N_("One Frame Earlier"), section: .movieTrim),
        Shortcut(action: "movie.frame-later", accelerators: ["period"], title: N_("One Frame Later"), section: .movieTrim),
        Shortcut(action: "movie.second-earlier", accelerators: ["less"], title: N_("One Second Earlier"), section: .movieTrim),
        Shortcut(action: "movie.second-later", accelerators: ["greater"], title: N_("One Second Later"), section: .movieTrim),
        Shortcut(action: "movie.undo", accelerators: ["<Control>z"], title: N_("Undo"), section: .movieEdit),
        Shortcut(action: "movie.redo", accelerators: ["<Shift><Control>z"], title: N_("Redo"), section: .movieEdit),
        Shortcut(action: "movie.export", accelerators: ["<Control>e"], title: N_("Export"), section: .movieEdit),
        Shortcut(action: "movie.back", accelerators: ["Escape"], title: N_("Back to the Feed"), section: .movieEdit),
    ]

    /// The subtitle keys: the player's, and the mini window's alike.
    private static func subtitleKeys(_ scope: String, _ section: ShortcutSection) -> [Shortcut] {
        [
            Shortcut(action: "\(scope).subtitle-earlier", accelerators: ["z"], title: N_("Subtitles 0.1 s Earlier"), section: section),
            Shortcut(action: "\(scope).subtitle-later", accelerators: ["x"], title: N_("Subtitles 0.1 s Later"), section: section),
            Shortcut(action: "\(scope).subtitle-bigger", accelerators: ["<Control>plus", "<Control>equal", "<Control>KP_Add"],
                     title: N_("Bigger Subtitles"), section: section),
            Shortcut(action: "\(scope).subtitle-smaller", accelerators: ["<Control>minus", "<Control>KP_Subtract"],
                     title: N_("Smaller Subtitles"), section: section),
        ]
    }

    public static func shortcut(for action: String) -> Shortcut? {
        all.first { $0.action == action }
    }

    /// Sections that have at least one shortcut, in display order.
    public static var sections: [ShortcutSection] {
        ShortcutSection.allCases.filter { section in all.contains { $0.section == section } }
    }
}
