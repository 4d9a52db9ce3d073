import ReelCore

/// The feed's state file keeps what the player remembers of each video.
extension FeedController: PlaybackMemory {
    public func position(for uri: String) -> Double? { savedPosition(for: uri) }

    public func store(position: Double?, for uri: String) { storePosition(position, for: uri) }

    public func store(choice: TrackChoice, for uri: String) { storeTrackChoice(choice, for: uri) }
}
