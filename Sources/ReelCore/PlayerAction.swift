/// The player page's actions (`player.`), shared with the mini window.
public enum PlayerAction: String, ScopedAction {
    case addSubtitleFile = "add-subtitle-file"
    /// Adds the marked part to a movie: "open" (the movie being edited)
    /// or "new".
    case addPartToMovie = "add-part-to-movie"
    case aspect
    case audioTrack = "audio-track"
    case back
    case chapter
    case clearMarks = "clear-marks"
    case close
    case contentMode = "content-mode"
    case deinterlace
    case endAction = "end-action"
    case faster
    case frameBackward = "frame-backward"
    case frameForward = "frame-forward"
    case fullscreen
    case goLive = "go-live"
    case jumpBackward = "jump-backward"
    case jumpForward = "jump-forward"
    case loopPart = "loop-part"
    case markEnd = "mark-end"
    case markStart = "mark-start"
    case mute
    case next
    case nextChapter = "next-chapter"
    case normalSpeed = "normal-speed"
    case pictureInPicture = "picture-in-picture"
    case playPause = "play-pause"
    case previous
    case previousChapter = "previous-chapter"
    case quality
    case resume
    case retry
    /// Writes the queue as a playlist file (XSPF or M3U).
    case saveQueue = "save-queue"
    case screenshot
    case seekBackward = "seek-backward"
    case seekEnd = "seek-end"
    case seekForward = "seek-forward"
    case seekPercent = "seek-percent"
    case seekStart = "seek-start"
    case slower
    case speed
    case statistics
    case stopSavingPart = "stop-saving-part"
    case subtitle
    case subtitleBigger = "subtitle-bigger"
    case subtitleEarlier = "subtitle-earlier"
    case subtitleEncoding = "subtitle-encoding"
    case subtitleLater = "subtitle-later"
    case subtitleSmaller = "subtitle-smaller"
    case volumeDown = "volume-down"
    case volumeUp = "volume-up"

    public static let scope = ActionScope.player
}
