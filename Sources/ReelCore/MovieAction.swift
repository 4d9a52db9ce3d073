/// The movie page's actions (`movie.`).
public enum MovieAction: String, ScopedAction {
    case addClips = "add-clips"
    case addPicture = "add-picture"
    case addText = "add-text"
    case addTitle = "add-title"
    case addVideoOver = "add-video-over"
    case back
    case export
    case frameEarlier = "frame-earlier"
    case frameLater = "frame-later"
    case moveEarlier = "move-earlier"
    case moveLater = "move-later"
    case playPause = "play-pause"
    case redo
    case remove
    case secondEarlier = "second-earlier"
    case secondLater = "second-later"
    case trimEnd = "trim-end"
    case trimStart = "trim-start"
    case undo
    case zoomIn = "zoom-in"
    case zoomOut = "zoom-out"
    case zoomToFit = "zoom-to-fit"

    public static let scope = ActionScope.movie
}
