import ReelCore

/// What the player page tells and asks its owner (the main window): one
/// object wired once, instead of a closure per question.
protocol PlayerPageDelegate: AnyObject {
    /// Asked to leave the player (Back, Esc, the end action "close").
    func playerPageClose()
    /// Previous or Next (the buttons, the keys, the end action "next"):
    /// the owner plays the video before or after this one in its queue.
    func playerPageStep(forward: Bool)
    /// The remembered position of a video.
    func playerPage(savedPositionOf uri: String) -> Double?
    /// Where a video was left (nil: forget it).
    func playerPage(store position: Double?, of uri: String)
    /// The sound and subtitles chosen for a video.
    func playerPage(trackChoiceOf uri: String) -> TrackChoice?
    func playerPage(store choice: TrackChoice, of uri: String)
    /// The picture-in-picture button or key: the owner moves the video into
    /// the mini window, or back.
    func playerPageTogglePictureInPicture()
    /// A video was opened (its title).
    func playerPage(opened title: String)
    /// The state changed (the mini window's play button follows it).
    func playerPage(stateChanged state: PlaybackState)
    /// Something MPRIS shows changed: the state, the duration, the speed,
    /// the volume, the end action.
    func playerPageChanged()
    /// The video jumped to `position` (seconds): a seek finished, wherever
    /// it came from.
    func playerPage(seekedTo position: Double)
    /// The video failed while playing elsewhere: the error page needs to be
    /// seen.
    func playerPageFailedElsewhere()
}
