/// What a client of MPRIS asks the player to do, once its request has been
/// checked and brought within what the player can do. The D-Bus object
/// makes these from method calls and property writes; the main window
/// carries them out.
public enum MPRISCommand: Equatable, Sendable {
    case play
    case pause
    case playPause
    /// Pause at the start: PlaybackStatus says Stopped until it plays.
    case stop
    case seek(to: Double)
    case rate(Double)
    /// 0...1, unmuting.
    case volume(Double)
    case endAction(EndAction)
    case fullscreen(Bool)
    case next
    case previous
    case raise
    case quit
    /// OpenUri: plays an address (file, http or https) in the full player.
    case open(String)

    /// Seek(offset): relative to where the video is, kept within it. A
    /// live stream or a video of unknown length cannot seek.
    public static func seek(offset microseconds: Int64, position: Double, state: MPRISState) -> MPRISCommand? {
        guard state.canSeek, let length = state.metadata.length else { return nil }
        let target = position + MPRISMetadata.seconds(microseconds)
        return .seek(to: min(max(0, target), length))
    }

    /// SetPosition(trackid, position): ignored, as the specification says,
    /// for another track or a position outside the video.
    public static func setPosition(trackID: String, microseconds: Int64, state: MPRISState) -> MPRISCommand? {
        guard state.canSeek, trackID == state.metadata.trackID, let length = state.metadata.length else { return nil }
        let target = MPRISMetadata.seconds(microseconds)
        guard target >= 0, target <= length else { return nil }
        return .seek(to: target)
    }

    /// A write of Rate: within the speed menu's range; 0 means pause (the
    /// specification's rule); a negative or not-a-number rate is refused.
    public static func rate(requested: Double) -> MPRISCommand? {
        guard requested.isFinite, requested >= 0 else { return nil }
        if requested == 0 { return .pause }
        return .rate(min(MPRISState.maximumRate, max(MPRISState.minimumRate, requested)))
    }

    /// A write of Volume: below 0 is silence, above the player's loudest
    /// (150 %) that.
    public static func volume(requested: Double) -> MPRISCommand? {
        guard requested.isFinite else { return nil }
        return .volume(VolumeLevel.clamped(requested))
    }

    /// A write of LoopStatus, given the current end action.
    public static func loopStatus(requested: String, current: EndAction) -> MPRISCommand? {
        guard let status = MPRISLoopStatus(rawValue: requested),
              let action = status.endAction(replacing: current) else { return nil }
        return .endAction(action)
    }
}
