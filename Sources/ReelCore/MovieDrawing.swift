/// What is drawn over the composed clips at one moment of a movie, bottom
/// to top: the stills (photos and title cards' backgrounds, in the clips'
/// order, fading where the movie crossfades), then the texts and pictures.
/// The media layer draws a frame from this alone, in the preview and the
/// export, so the two show the same thing at the same time. Second videos
/// are not drawn: the timeline composes them, at their `state`s.
public enum MovieDrawing: Equatable, Sendable {
    /// The `framing` part of a photo, in `into` (the frame's pixels).
    case photo(uri: String, size: Size, framing: PanZoom.Rect, into: Rect, opacity: Double)
    /// A title card's plain background, over the whole frame.
    case colour(MovieColor, opacity: Double)
    /// A title card's background: the frame at `time` of the file at
    /// `uri`, blurred, in `into`; black around it.
    case blurredStill(uri: String, time: Int64, into: Rect, opacity: Double)
    case text(MovieText, OverlayState)
    case picture(MoviePicture, OverlayState)

    /// A still's own picture (a photo, a title card's background), which
    /// `MoviePlan.drawing(at:)` puts before anything over it.
    public var isStill: Bool {
        switch self {
        case .photo, .colour, .blurredStill: true
        case .text, .picture: false
        }
    }

    /// Pixels.
    public struct Rect: Equatable, Sendable {
        public let x, y, width, height: Int

        public init(x: Int, y: Int, width: Int, height: Int) {
            (self.x, self.y, self.width, self.height) = (x, y, width, height)
        }
    }

    public struct Size: Equatable, Sendable {
        public let width, height: Int
    }
}

extension MoviePlan {
    /// Everything drawn at `time` of the movie.
    public func drawing(at time: Int64) -> [MovieDrawing] {
        var drawn: [MovieDrawing] = []
        for (index, placement) in placements.enumerated() where placement.clip.isStill && placement.start <= time && time < placement.end {
            if let still = still(index, at: time, opacity: stillOpacity(index, at: time)) { drawn.append(still) }
        }
        for scheduled in overlays where scheduled.isShown(at: time) {
            let state = scheduled.state(at: time)
            guard state.isVisible else { continue }
            switch scheduled.overlay.content {
            case .text(let text): drawn.append(.text(text, state))
            case .picture(let picture): drawn.append(.picture(picture, state))
            case .video: break
            }
        }
        return drawn
    }

    /// The still at `index` (a photo or a title card's background) as it
    /// is at `time`, at `opacity`; nil for a video.
    public func still(_ index: Int, at time: Int64, opacity: Double = 1) -> MovieDrawing? {
        let placement = placements[index]
        switch placement.clip.kind {
        case .video:
            return nil
        case .photo(let panZoom):
            let share = Double(time - placement.start) / Double(max(placement.duration, 1))
            let framing = panZoom.framing(at: share)
            let rect = photoRect(framing, of: (placement.clip.width, placement.clip.height))
            return .photo(uri: placement.clip.uri, size: .init(width: placement.clip.width, height: placement.clip.height),
                          framing: framing, into: .init(x: rect.x, y: rect.y, width: rect.width, height: rect.height),
                          opacity: opacity)
        case .title(.colour(let colour)):
            return .colour(colour, opacity: opacity)
        case .title(.blurredStill):
            guard let (clip, frameTime) = stillBehind(title: index) else { return .colour(.black, opacity: opacity) }
            let rect = MovieSize.fit((clip.width, clip.height), into: (width, height))
            return .blurredStill(uri: clip.uri, time: frameTime,
                                 into: .init(x: rect.x, y: rect.y, width: rect.width, height: rect.height), opacity: opacity)
        }
    }

    /// Where a photo's framing goes in the frame: fitted whole and centred,
    /// the whole frame when it has the frame's shape (a framing made to
    /// fill it, whose pixels round a hair off the frame's shape).
    func photoRect(_ framing: PanZoom.Rect, of photo: (width: Int, height: Int)) -> (x: Int, y: Int, width: Int, height: Int) {
        let shown = (width: framing.width * Double(photo.width), height: framing.height * Double(photo.height))
        let shape = shown.width / max(shown.height, 1), frameShape = Double(width) / Double(max(height, 1))
        if abs(shape - frameShape) < frameShape / 200 { return (0, 0, width, height) }
        return MovieSize.fit((Int(shown.width.rounded()), Int(shown.height.rounded())), into: (width, height))
    }

    /// A still's opacity: whole, but rising across a crossfade from the
    /// clip before and falling across one into the clip after, as the
    /// timeline mixes the clips under it.
    func stillOpacity(_ index: Int, at time: Int64) -> Double {
        let placement = placements[index]
        var opacity = 1.0
        if index > 0, placements[index - 1].end > placement.start, time < placements[index - 1].end {
            opacity = min(opacity, Double(time - placement.start) / Double(placements[index - 1].end - placement.start))
        }
        if index + 1 < placements.count, placements[index + 1].start < placement.end, time >= placements[index + 1].start {
            opacity = min(opacity, Double(placement.end - time) / Double(placement.end - placements[index + 1].start))
        }
        return min(max(opacity, 0), 1)
    }

    /// The picture a blurred title card shows: the first frame of the
    /// next clip with a picture, or else the last of the one before; nil
    /// when there is none.
    func stillBehind(title index: Int) -> (MovieClip, Int64)? {
        if let next = placements[(index + 1)...].first(where: { $0.clip.width > 0 }) {
            return (next.clip, next.clip.isVideo ? next.inpoint : 0)
        }
        if let before = placements[..<index].last(where: { $0.clip.width > 0 }) {
            let last = before.clip.isVideo ? max(before.clip.trimOut - before.clip.frameRate.frameDuration, before.inpoint) : 0
            return (before.clip, last)
        }
        return nil
    }
}
