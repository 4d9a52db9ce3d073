/// When the preview strip may play: in view, the window shown, and nothing
/// else playing (the player or picture-in-picture has the stage). It never
/// starts a pipeline it may not play, and it resumes at the same frame.
/// Out of view or minimized it only pauses (it comes back at once); while
/// something else plays it suspends: a paused pipeline keeps its decoder
/// and the frames it holds (about 60 MB for a 1080p clip, as much again as
/// the video being watched), a suspended one frees them and opens the clip
/// again where it was.
public struct StripPolicy: Equatable, Sendable {
    public enum Decision: Equatable, Sendable {
        /// Start or resume.
        case play
        /// Pause where it is.
        case pause
        /// Free the pipeline's decoder and buffers, remembering where it is.
        case suspend
        /// Nothing to do (no pipeline, and it may not start one).
        case idle
    }

    public var inView = false
    public var otherPlayback = false
    public var windowHidden = false

    public init() {}

    public var mayPlay: Bool { inView && !otherPlayback && !windowHidden }

    public func decision(hasPipeline: Bool) -> Decision {
        if mayPlay { return .play }
        guard hasPipeline else { return .idle }
        return otherPlayback ? .suspend : .pause
    }
}
