/// The main window's actions (`win.`): its pages, and what the feed's cards and
/// the menus ask of it.
public enum WindowAction: String, ScopedAction {
    case addCatalog = "add-catalog"
    case addToMovie = "add-to-movie"
    case camera
    case close
    case feedPictureInPicture = "feed-picture-in-picture"
    case feedMarkUnwatched = "feed-mark-unwatched"
    case feedMarkWatched = "feed-mark-watched"
    case feedPlay = "feed-play"
    /// A card's video after the one playing, or at the queue's end.
    case feedPlayNext = "feed-play-next"
    case feedAddToQueue = "feed-add-to-queue"
    case feedRemove = "feed-remove"
    case feedShowInFiles = "feed-show-in-files"
    case makeMovie = "make-movie"
    case movieFromFile = "movie-from-file"
    case newMovie = "new-movie"
    case openMovie = "open-movie"
    case search
    case showPreviewStrip = "show-preview-strip"
    case takeVideo = "take-video"

    public static let scope = ActionScope.win
}
