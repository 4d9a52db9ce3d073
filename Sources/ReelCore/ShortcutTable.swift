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
    case part
    case pictureInPicture
    case camera
    case movieClips
    case movieTrim
    case movieTimeline
    case movieEdit

    public var page: ShortcutPage {
        switch self {
        case .general, .window, .selection, .strip: return .app
        case .playback, .seeking, .part: return .player
        case .sound, .subtitles: return .soundAndSubtitles
        case .pictureInPicture: return .pictureInPicture
        case .camera: return .camera
        case .movieClips, .movieTrim, .movieTimeline, .movieEdit: return .movie
        }
    }

    /// Untranslated title; the UI passes it through gettext.
    public var title: String {
        switch self {
        case .general: return N_("General")
        case .window: return N_("Window")
        case .playback: return N_("Playback")
        case .seeking: return N_("Moving Around")
        case .part: return N_("A Part of the Video")
        case .sound: return N_("Sound")
        case .subtitles: return N_("Subtitles")
        case .strip: return N_("Preview Strip")
        case .pictureInPicture: return N_("Picture in Picture")
        case .camera: return N_("Camera")
        case .selection: return N_("Choosing Videos")
        case .movieClips: return N_("Clips")
        case .movieTrim: return N_("Trimming")
        case .movieTimeline: return N_("Timeline")
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
    /// The action with its scope (`player.mute`), from its enum's case.
    public let action: String
    public let scope: ActionScope
    /// The action's name without its scope.
    public let actionName: String
    public let accelerators: [String]
    public let title: String
    public let section: ShortcutSection
    /// An integer passed to the action, one per accelerator (0–9 jump to
    /// 0–90 %); nil for actions without a parameter.
    public let arguments: [Int]?

    public init<A: ScopedAction>(_ action: A, accelerators: [String], title: String, section: ShortcutSection,
                                 arguments: [Int]? = nil) {
        self.action = action.detailedName
        scope = A.scope
        actionName = action.rawValue
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
}

/// Every action with a key, in the order the shortcuts window lists them.
/// The UI registers a GAction for each entry and builds the shortcuts window
/// from this table, so a key cannot exist without being documented.
public enum ShortcutTable {
    public static let all: [Shortcut] = [
        Shortcut(AppAction.open, accelerators: ["<Control>o"], title: N_("Open Video"), section: .general),
        Shortcut(AppAction.openURL, accelerators: ["<Control>l"], title: N_("Open URL"), section: .general),
        Shortcut(WindowAction.search, accelerators: ["<Control>f"], title: N_("Search"), section: .general),
        Shortcut(WindowAction.camera, accelerators: ["<Control>t"], title: N_("Camera"), section: .general),
        Shortcut(AppAction.preferences, accelerators: ["<Control>comma"], title: N_("Preferences"), section: .general),
        Shortcut(AppAction.shortcuts, accelerators: ["<Control>question"], title: N_("Keyboard Shortcuts"), section: .general),
        Shortcut(AppAction.quit, accelerators: ["<Control>q"], title: N_("Quit"), section: .general),
        Shortcut(WindowAction.close, accelerators: ["<Control>w"], title: N_("Close Window"), section: .window),
        Shortcut(PlayerAction.playPause, accelerators: ["space", "k"], title: N_("Play or Pause"), section: .playback),
        Shortcut(PlayerAction.previous, accelerators: ["<Shift>p", "less"], title: N_("Previous Video"), section: .playback),
        Shortcut(PlayerAction.next, accelerators: ["<Shift>n", "greater"], title: N_("Next Video"), section: .playback),
        Shortcut(PlayerAction.previousChapter, accelerators: ["Page_Up"], title: N_("Previous Chapter"), section: .playback),
        Shortcut(PlayerAction.nextChapter, accelerators: ["Page_Down"], title: N_("Next Chapter"), section: .playback),
        Shortcut(PlayerAction.seekBackward, accelerators: ["Left"], title: N_("Back 5 Seconds"), section: .seeking),
        Shortcut(PlayerAction.seekForward, accelerators: ["Right"], title: N_("Forward 5 Seconds"), section: .seeking),
        Shortcut(PlayerAction.jumpBackward, accelerators: ["j"], title: N_("Back 15 Seconds"), section: .seeking),
        Shortcut(PlayerAction.jumpForward, accelerators: ["l"], title: N_("Forward 15 Seconds"), section: .seeking),
        Shortcut(PlayerAction.seekStart, accelerators: ["Home"], title: N_("Go to the Start"), section: .seeking),
        Shortcut(PlayerAction.seekEnd, accelerators: ["End"], title: N_("Go to the End"), section: .seeking),
        Shortcut(PlayerAction.seekPercent, accelerators: (0...9).map(String.init), title: N_("Jump to 0–90 %"),
                 section: .seeking, arguments: (0...9).map { $0 * 10 }),
        Shortcut(PlayerAction.frameBackward, accelerators: ["comma"], title: N_("Previous Frame (Paused)"), section: .seeking),
        Shortcut(PlayerAction.frameForward, accelerators: ["period"], title: N_("Next Frame (Paused)"), section: .seeking),
        // The keys the movie page trims with.
        Shortcut(PlayerAction.markStart, accelerators: ["i"], title: N_("Mark the Start"), section: .part),
        Shortcut(PlayerAction.markEnd, accelerators: ["o"], title: N_("Mark the End"), section: .part),
        Shortcut(PlayerAction.loopPart, accelerators: ["<Shift>l"], title: N_("Loop the Part"), section: .part),
        Shortcut(PlayerAction.volumeUp, accelerators: ["Up"], title: N_("Volume Up"), section: .sound),
        Shortcut(PlayerAction.volumeDown, accelerators: ["Down"], title: N_("Volume Down"), section: .sound),
        Shortcut(PlayerAction.mute, accelerators: ["m"], title: N_("Mute"), section: .sound),
    ] + subtitleKeys(PlayerAction.subtitleEarlier, PlayerAction.subtitleLater, PlayerAction.subtitleBigger,
                     PlayerAction.subtitleSmaller, .subtitles) + [
        Shortcut(PlayerAction.slower, accelerators: ["bracketleft"], title: N_("Slower"), section: .playback),
        Shortcut(PlayerAction.faster, accelerators: ["bracketright"], title: N_("Faster"), section: .playback),
        Shortcut(PlayerAction.normalSpeed, accelerators: ["BackSpace"], title: N_("Normal Speed"), section: .playback),
        Shortcut(PlayerAction.aspect, accelerators: ["a"], title: N_("Next Aspect Mode"), section: .playback),
        Shortcut(PlayerAction.fullscreen, accelerators: ["f", "F11"], title: N_("Full Screen"), section: .playback),
        // Listed with the mini window's own keys: the player page's two
        // columns are full (ShortcutTableTests).
        Shortcut(PlayerAction.pictureInPicture, accelerators: ["p"], title: N_("Picture in Picture"), section: .pictureInPicture),
        Shortcut(PlayerAction.screenshot, accelerators: ["<Control><Alt>s"], title: N_("Save a Screenshot of the Video"), section: .playback),
        Shortcut(PlayerAction.statistics, accelerators: ["<Control>i"], title: N_("Statistics"), section: .playback),
        Shortcut(PlayerAction.back, accelerators: ["Escape"], title: N_("Leave Full Screen, then Close"), section: .playback),
        Shortcut(StripAction.toggleSound, accelerators: ["Return", "space"], title: N_("Sound On or Off"), section: .strip),
        Shortcut(StripAction.toggleSpeed, accelerators: ["2"], title: N_("Normal or Double Speed"), section: .strip),
        Shortcut(MiniWindowAction.playPause, accelerators: ["space", "k"], title: N_("Play or Pause"), section: .pictureInPicture),
        Shortcut(MiniWindowAction.seekBackward, accelerators: ["Left"], title: N_("Back 5 Seconds"), section: .pictureInPicture),
        Shortcut(MiniWindowAction.seekForward, accelerators: ["Right"], title: N_("Forward 5 Seconds"), section: .pictureInPicture),
        Shortcut(MiniWindowAction.mute, accelerators: ["m"], title: N_("Mute"), section: .pictureInPicture),
        Shortcut(MiniWindowAction.markStart, accelerators: ["i"], title: N_("Mark the Start"), section: .pictureInPicture),
        Shortcut(MiniWindowAction.markEnd, accelerators: ["o"], title: N_("Mark the End"), section: .pictureInPicture),
        Shortcut(MiniWindowAction.loopPart, accelerators: ["<Shift>l"], title: N_("Loop the Part"), section: .pictureInPicture),
    ] + subtitleKeys(MiniWindowAction.subtitleEarlier, MiniWindowAction.subtitleLater, MiniWindowAction.subtitleBigger,
                     MiniWindowAction.subtitleSmaller, .pictureInPicture) + [
        Shortcut(MiniWindowAction.backToPlayer, accelerators: ["Escape", "p"], title: N_("Back to the Player"), section: .pictureInPicture),
        Shortcut(MiniWindowAction.close, accelerators: ["<Control>w"], title: N_("Close"), section: .pictureInPicture),
        Shortcut(CameraAction.shutter, accelerators: ["space"], title: N_("Take Photo, Start or Stop Recording"), section: .camera),
        Shortcut(CameraAction.toggleMode, accelerators: ["m"], title: N_("Photo or Video"), section: .camera),
        Shortcut(CameraAction.close, accelerators: ["Escape"], title: N_("Back to the Feed"), section: .camera),
        Shortcut(FeedAction.selectAll, accelerators: ["<Control>a"], title: N_("Select All"), section: .selection),
        Shortcut(MovieAction.playPause, accelerators: ["space"], title: N_("Play or Pause the Preview"), section: .movieClips),
        Shortcut(MovieAction.moveEarlier, accelerators: ["<Alt>Left"], title: N_("Move Clip Earlier"), section: .movieClips),
        Shortcut(MovieAction.moveLater, accelerators: ["<Alt>Right"], title: N_("Move Clip Later"), section: .movieClips),
        Shortcut(MovieAction.remove, accelerators: ["Delete"], title: N_("Remove Clip"), section: .movieClips),
        Shortcut(MovieAction.trimStart, accelerators: ["i"], title: N_("Trim the Start"), section: .movieTrim),
        Shortcut(MovieAction.trimEnd, accelerators: ["o"], title: N_("Trim the End"), section: .movieTrim),
        Shortcut(MovieAction.frameEarlier, accelerators: ["comma"], title: N_("One Frame Earlier"), section: .movieTrim),
        Shortcut(MovieAction.frameLater, accelerators: ["period"], title: N_("One Frame Later"), section: .movieTrim),
        Shortcut(MovieAction.secondEarlier, accelerators: ["less"], title: N_("One Second Earlier"), section: .movieTrim),
        Shortcut(MovieAction.secondLater, accelerators: ["greater"], title: N_("One Second Later"), section: .movieTrim),
        Shortcut(MovieAction.zoomIn, accelerators: ["<Control>plus", "<Control>equal", "<Control>KP_Add"],
                 title: N_("Zoom In"), section: .movieTimeline),
        Shortcut(MovieAction.zoomOut, accelerators: ["<Control>minus", "<Control>KP_Subtract"],
                 title: N_("Zoom Out"), section: .movieTimeline),
        Shortcut(MovieAction.zoomToFit, accelerators: ["<Control>0"], title: N_("Zoom to Fit the Movie"), section: .movieTimeline),
        Shortcut(MovieAction.undo, accelerators: ["<Control>z"], title: N_("Undo"), section: .movieEdit),
        Shortcut(MovieAction.redo, accelerators: ["<Shift><Control>z"], title: N_("Redo"), section: .movieEdit),
        Shortcut(MovieAction.export, accelerators: ["<Control>e"], title: N_("Export"), section: .movieEdit),
        Shortcut(MovieAction.back, accelerators: ["Escape"], title: N_("Back to the Feed"), section: .movieEdit),
    ]

    /// The subtitle keys: the player's, and the mini window's alike.
    private static func subtitleKeys<A: ScopedAction>(_ earlier: A, _ later: A, _ bigger: A, _ smaller: A,
                                                      _ section: ShortcutSection) -> [Shortcut] {
        [
            Shortcut(earlier, accelerators: ["z"], title: N_("Subtitles 0.1 s Earlier"), section: section),
            Shortcut(later, accelerators: ["x"], title: N_("Subtitles 0.1 s Later"), section: section),
            Shortcut(bigger, accelerators: ["<Control>plus", "<Control>equal", "<Control>KP_Add"],
                     title: N_("Bigger Subtitles"), section: section),
            Shortcut(smaller, accelerators: ["<Control>minus", "<Control>KP_Subtract"],
                     title: N_("Smaller Subtitles"), section: section),
        ]
    }

    public static func shortcut<A: ScopedAction>(for action: A) -> Shortcut? {
        all.first { $0.action == action.detailedName }
    }

    /// Sections that have at least one shortcut, in display order.
    public static var sections: [ShortcutSection] {
        ShortcutSection.allCases.filter { section in all.contains { $0.section == section } }
    }
}
