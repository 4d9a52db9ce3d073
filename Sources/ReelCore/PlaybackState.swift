/// What the player is doing, as the controls show it.
public enum PlaybackState: String, Sendable {
    /// Opening: no frame yet.
    case opening
    case playing
    case paused
    /// Waiting for data; playback resumes by itself (stall recovery).
    case buffering
    /// A remote stream's connection was lost; trying again by itself, to
    /// go on where it was.
    case reconnecting
    /// At the end; play starts again from the beginning.
    case ended
    /// Cannot play; the error page says why.
    case failed

    /// Under way or on its way (opening, buffering, reconnecting): the play
    /// button offers Pause.
    public var isUnderWay: Bool { [.opening, .playing, .buffering, .reconnecting].contains(self) }
}
