/// What the player remembers of each video, kept by its owner (the feed's
/// state file): where a long video was left, and the sound and subtitles
/// chosen for it. Keyed by the video's URI.
public protocol PlaybackMemory: AnyObject {
    /// Where the video was left, if a position is remembered.
    func position(for uri: String) -> Double?
    /// Where the video was left (nil forgets it).
    func store(position: Double?, for uri: String)
    func trackChoice(for uri: String) -> TrackChoice?
    func store(choice: TrackChoice, for uri: String)
}
