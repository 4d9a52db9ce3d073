/// What the player remembers of each video, kept by its owner (the feed's
/// state file): where a long video was left, how much of it was watched,
/// and the sound and subtitles chosen for it. Keyed by the video's URI.
public protocol PlaybackMemory: AnyObject {
    /// Where the video was left, if a position is remembered.
    func position(for uri: String) -> Double?
    /// Where the video was left (nil forgets it).
    func store(position: Double?, for uri: String)
    /// The player stopped the video at `position` of `duration` (nil: not
    /// known, or live), after storing the position: its watch history.
    func stopped(_ uri: String, title: String, at position: Double?, of duration: Double?)
    func trackChoice(for uri: String) -> TrackChoice?
    func store(choice: TrackChoice, for uri: String)
}
