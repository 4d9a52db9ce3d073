/// Everything the MPRIS object publishes about the player, except the
/// position (which clients read when they need it; MPRIS sends no change
/// for it, only Seeked after a jump). The D-Bus object keeps the state it
/// last published and, after each change in the player, emits
/// PropertiesChanged with the properties `changes(from:)` names.
public struct MPRISState: Equatable, Sendable {
    /// The slowest and fastest speeds of the player's speed menu.
    public static let minimumRate = PlaybackSpeed.steps.first!
    public static let maximumRate = PlaybackSpeed.steps.last!

    public var status: MPRISPlaybackStatus
    /// The end action setting, which LoopStatus shows.
    public var endAction: EndAction
    public var loopStatus: MPRISLoopStatus { MPRISLoopStatus(endAction) }
    public var rate: Double
    /// What is heard, 0...1: 0 while muted.
    public var volume: Double
    public var metadata: MPRISMetadata
    public var canPlay: Bool
    public var canPause: Bool
    public var canSeek: Bool
    /// Reel has no queue yet: its owner says false. A queue answers these
    /// and carries out Next and Previous.
    public var canGoNext = false
    public var canGoPrevious = false
    public var fullscreen = false
    public var canSetFullscreen = false

    /// The player's state as MPRIS says it. `seekable`: the player knows a
    /// duration and the stream is not live (a live stream cannot seek).
    public init(playback: PlaybackState, stoppedOnRequest: Bool, seekable: Bool, endAction: EndAction,
                rate: Double, volume: Double, muted: Bool, metadata: MPRISMetadata) {
        status = MPRISPlaybackStatus(playback, stoppedOnRequest: stoppedOnRequest)
        self.endAction = endAction
        self.rate = rate
        self.volume = muted ? 0 : VolumeLevel.clamped(volume)
        self.metadata = metadata
        let playable = playback != .failed
        canPlay = playable
        canPause = playable
        canSeek = playable && seekable && metadata.length != nil
    }

    /// The properties of org.mpris.MediaPlayer2.Player whose values differ
    /// from `old`, by their D-Bus names.
    public func playerChanges(from old: MPRISState?) -> [String] {
        var names: [String] = []
        func note(_ name: String, _ changed: Bool) { if old == nil || changed { names.append(name) } }
        note("PlaybackStatus", old?.status != status)
        note("LoopStatus", old?.loopStatus != loopStatus)
        note("Rate", old?.rate != rate)
        note("Volume", old?.volume != volume)
        note("Metadata", old?.metadata != metadata)
        note("CanPlay", old?.canPlay != canPlay)
        note("CanPause", old?.canPause != canPause)
        note("CanSeek", old?.canSeek != canSeek)
        note("CanGoNext", old?.canGoNext != canGoNext)
        note("CanGoPrevious", old?.canGoPrevious != canGoPrevious)
        return names
    }

    /// The properties of org.mpris.MediaPlayer2 (the root) that differ.
    public func rootChanges(from old: MPRISState?) -> [String] {
        var names: [String] = []
        if old == nil || old?.fullscreen != fullscreen { names.append("Fullscreen") }
        if old == nil || old?.canSetFullscreen != canSetFullscreen { names.append("CanSetFullscreen") }
        return names
    }
}
