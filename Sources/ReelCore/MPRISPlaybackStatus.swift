/// The MPRIS PlaybackStatus of the player (org.mpris.MediaPlayer2.Player):
/// what GNOME Shell's media controls show as playing or paused.
public enum MPRISPlaybackStatus: String, Sendable {
    case playing = "Playing"
    case paused = "Paused"
    case stopped = "Stopped"

    /// Opening, buffering and reconnecting are playing on their way (the
    /// play button offers Pause then too). The end, a failure and a Stop
    /// asked over MPRIS are stopped: Play starts again from the beginning.
    public init(_ state: PlaybackState, stoppedOnRequest: Bool = false) {
        switch state {
        case .opening, .playing, .buffering, .reconnecting: self = .playing
        case .paused: self = stoppedOnRequest ? .stopped : .paused
        case .ended, .failed: self = .stopped
        }
    }
}
