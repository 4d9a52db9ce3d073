import ReelCore

/// The feed's state file keeps what the player remembers of each video,
/// and its history of what was watched.
extension FeedController: PlaybackMemory {
    public func position(for uri: String) -> Double? { savedPosition(for: uri) }

    public func store(position: Double?, for uri: String) { storePosition(position, for: uri) }

    public func stopped(_ uri: String, title: String, at position: Double?, of duration: Double?) {
        recordWatched(uri, title: title, position: position, duration: duration)
    }

    public func store(choice: TrackChoice, for uri: String) { storeTrackChoice(choice, for: uri) }
}
