import Foundation
import ReelCore

/// What a still (a photo, a title card's background) draws into its own
/// black clip's frames on the timeline, before the compositor: so a second
/// video above it shows over it, and a crossfade mixes it with its
/// neighbour as it mixes two clips. The clip's frames are timed from its
/// own start (its in-point is 0).
final class MovieStillDrawing: MovieFrameDrawing {
    private let drawer: MovieOverlayDrawer
    private let index: Int
    private let start: Int64

    init(drawer: MovieOverlayDrawer, index: Int, start: Int64) {
        (self.drawer, self.index, self.start) = (drawer, index, start)
    }

    func layers(at time: Int64) -> MovieFrameLayers? {
        drawer.still(index, at: start + time)
    }
}
