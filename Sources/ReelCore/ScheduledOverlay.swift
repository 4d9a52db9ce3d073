/// An overlay placed on the movie's timeline (`MoviePlan.overlays`): its
/// span in movie time, on the frame grid.
public struct ScheduledOverlay: Equatable, Sendable {
    public let overlay: MovieOverlay
    public let start: Int64
    public let duration: Int64

    public var end: Int64 { start + duration }

    public func isShown(at time: Int64) -> Bool { time >= start && time < end }

    /// What it looks like at `time` of the movie.
    public func state(at time: Int64) -> OverlayState {
        overlay.state(at: time - start, length: duration)
    }
}
