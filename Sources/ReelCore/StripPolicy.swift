/// When the preview strip may play: in view, the window shown, and nothing
/// else playing (the player or picture-in-picture has the stage). It never
/// starts a pipeline it may not play, and pauses rather than tears down, so
/// it resumes at the same frame.
public struct StripPolicy: Equatable, Sendable {
    public enum Decision: Equatable, Sendable {
        /// Start or resume.
        case play
        /// Pause where it is.
        case pause
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
        return hasPipeline ? .pause : .idle
    }
}
