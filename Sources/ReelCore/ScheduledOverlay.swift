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

    /// Whether how it looks changes across its span (a move, an entrance,
    /// an exit), or only its place at the start says it all.
    public var isAnimated: Bool {
        overlay.endPlace != nil || overlay.entrance.kind != .none || overlay.exit.kind != .none
    }

    /// Where a picture of `shape` (a second video's size) is in a frame of
    /// `frame` pixels at `time`: its width the place's scale (and growth)
    /// of the frame's, its height by its shape, its centre where the state
    /// puts it; even sizes, at least 2 pixels.
    public func pictureRect(at time: Int64, frame: (width: Int, height: Int),
                            shape: (width: Int, height: Int)) -> MovieDrawing.Rect {
        let state = state(at: time)
        let width = Double(frame.width) * state.place.scale * state.growth
        let height = width * Double(max(shape.height, 1)) / Double(max(shape.width, 1))
        let centre = state.centre(size: (width / Double(frame.width), height / Double(frame.height)))
        let evenWidth = max(Int(width / 2) * 2, 2), evenHeight = max(Int(height / 2) * 2, 2)
        return MovieDrawing.Rect(x: Int((centre.x * Double(frame.width) - Double(evenWidth) / 2).rounded()),
                                 y: Int((centre.y * Double(frame.height) - Double(evenHeight) / 2).rounded()),
                                 width: evenWidth, height: evenHeight)
    }
}
