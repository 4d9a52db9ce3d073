/// Which end of a clip the keyboard trims: `,` and `.` move it one frame
/// earlier or later, with Shift one second (a second's worth of the clip's
/// own frames, so the handle stays on the source's frame grid).
public enum MovieTrimHandle: String, CaseIterable, Equatable, Sendable {
    case start
    case end

    /// The clip's trim points after moving this handle by `frames` of its
    /// own rate (negative: earlier). The other end never moves: the handle
    /// stops at the source's ends and at the clip's shortest length.
    public func nudged(_ clip: MovieClip, frames: Int64) -> (start: Int64, end: Int64) {
        let rate = clip.frameRate
        let shortest = min(clip.shortestDuration, clip.sourceDuration)
        switch self {
        case .start:
            let moved = rate.time(ofFrame: max(rate.frame(at: clip.trimIn) + frames, 0))
            return (min(moved, clip.trimOut - shortest), clip.trimOut)
        case .end:
            // The end may sit past the last frame start (the source's end).
            let base = clip.trimOut >= clip.sourceDuration && frames < 0
                ? rate.frame(at: clip.trimOut - 1) + 1 : rate.frame(at: clip.trimOut)
            let moved = min(rate.time(ofFrame: max(base + frames, 0)), clip.sourceDuration)
            return (clip.trimIn, max(moved, clip.trimIn + shortest))
        }
    }

    /// The clip's trim points after dragging this handle by `offset`
    /// nanoseconds of the movie: the nearest whole number of the clip's own
    /// frames, as the keys move it (a fast clip's handle covers more of its
    /// source per second of the movie, a slow one's less).
    public func dragged(_ clip: MovieClip, by offset: Int64) -> (start: Int64, end: Int64) {
        nudged(clip, frames: Int64((Double(offset) / 1e9 * clip.speed * clip.frameRate.framesPerSecond).rounded()))
    }

    /// One second in frames of `rate` (at least one).
    public static func framesPerSecond(_ rate: FrameRate) -> Int64 {
        max(Int64(rate.framesPerSecond.rounded()), 1)
    }
}
