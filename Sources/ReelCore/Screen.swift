/// What the person is looking at: the screen the navigation model is on
/// (`Navigator`). A video belongs to the screen that shows it, so a screen
/// with no video means nothing plays in the player.
public enum Screen: Equatable, Sendable {
    /// The feed, with the preview strip.
    case feed
    /// The full player in the main window, playing `video` (its address).
    case player(video: String)
    /// The main window shows the feed while `video` plays in the mini
    /// window.
    case miniWindow(video: String)
    /// The camera page, with its own bar.
    case camera
    /// The movie maker, with its own bar (an export goes on when it closes).
    case movie

    /// The video this screen plays, if any.
    public var video: String? {
        switch self {
        case .player(let video), .miniWindow(let video): return video
        case .feed, .camera, .movie: return nil
        }
    }

    /// The page the main window shows.
    public var windowPage: WindowPage {
        switch self {
        case .feed, .miniWindow: return .feed
        case .player: return .video
        case .camera: return .camera
        case .movie: return .movie
        }
    }

    /// The preview strip plays only on the feed with nothing else playing:
    /// one sound, one moving picture at a time.
    public var stripMayPlay: Bool { self == .feed }

    /// The shortcuts that matter here: the player's while a video plays in
    /// the window, the mini window's while it plays there.
    public var shortcutPage: ShortcutPage {
        switch self {
        case .feed: return .app
        case .player: return .player
        case .miniWindow: return .pictureInPicture
        case .camera: return .camera
        case .movie: return .movie
        }
    }

    var isMiniWindow: Bool {
        if case .miniWindow = self { return true }
        return false
    }

    var isPlayer: Bool {
        if case .player = self { return true }
        return false
    }
}
