/// A movie as the user edits it: clips in order, each trimmed; optional
/// background music; what happens to the clips' own sound; an optional
/// crossfade between clips; how it is exported. A value: every edit makes a
/// new one, which is what `MovieEditor`'s undo keeps. `plan` says where
/// everything goes in time; the media layer only carries that out.
public struct MovieEdit: Equatable, Sendable {
    public var clips: [MovieClip] = []
    public var music: MovieMusic?
    public var clipSound: ClipSound = .keep
    /// Half a second of crossfade between consecutive clips.
    public var crossfade = false
    public var output = MovieOutput()
    /// Texts, pictures and videos over the movie, the last on top.
    public var overlays: [MovieOverlay] = []

    public static let crossfadeDuration: Int64 = 500_000_000
    /// A movie whose first clip has no usable rate plays at this one.
    public static let fallbackRate = FrameRate(30)
    /// What a variable-rate first clip's average is rounded to.
    static let standardRates: [FrameRate] = [FrameRate(24), FrameRate(25), FrameRate(30), FrameRate(50), FrameRate(60)]

    public init() {}

    /// The movie's frame rate: the first clip's; for a variable-rate clip
    /// the standard rate nearest its average (a movie file's rate is fixed).
    public var frameRate: FrameRate {
        guard let first = clips.first(where: \.isVideo)?.frameRate else { return MovieEdit.fallbackRate }
        guard first.isVariable else { return first }
        return MovieEdit.standardRates.min {
            abs($0.framesPerSecond - first.framesPerSecond) < abs($1.framesPerSecond - first.framesPerSecond)
        }!
    }

    /// The movie's picture size: from the first clip that has one (a
    /// title card has none).
    public var frameSize: (width: Int, height: Int) {
        guard let first = clips.first(where: { $0.width > 0 && $0.height > 0 }) else {
            return output.frame(first: (1280, 720))
        }
        return output.frame(first: first.framedSize)
    }

    public var plan: MoviePlan { MoviePlan(self) }

    /// The sizes the Size menu offers: 2160p only when a video is that large.
    public var offeredSizes: [MovieSize] {
        let largest = clips.filter(\.isVideo).map { min($0.width, $0.height) }.max() ?? 0
        return MovieSize.offered(largest: largest, current: output.size)
    }

    /// The exported movie's length.
    public var duration: Int64 { plan.duration }

    /// What stops an export before it starts, in the order the person
    /// mends it: no clip, then a missing file (`missing`: the names of the
    /// edit's files that are gone, first named), then no encoder installed
    /// (a GIF needs none), then a length its size limit or a GIF cannot
    /// hold. Nil: the export may start. The page disables Export and says this.
    public func exportBlocker(missing: [String], hasEncoder: Bool) -> MovieProblem? {
        if clips.isEmpty { return .empty }
        if let name = missing.first { return .missingSource(name) }
        if output.gif != nil { return tooLongForGIF }
        if !hasEncoder { return .noEncoder }
        return tooLongForLimit
    }

    /// Said when a GIF is asked of a movie longer than `MovieGIF.longest`.
    public var tooLongForGIF: MovieProblem? {
        output.gif != nil && duration > MovieGIF.longest ? .tooLongForGIF : nil
    }

    /// Said when the movie cannot fit under its size limit (with the
    /// sound at the highest rate a format gives it).
    public var tooLongForLimit: MovieProblem? {
        guard let limit = output.sizeLimit,
              limit.videoBitrate(duration: duration, audioBitrate: RecordingFormat.highestAudioBitrate, highest: .max) == nil
        else { return nil }
        return .tooLongForLimit(limit.label)
    }

    /// Every file the movie reads: its clips', its music's, its overlays'.
    public var sourceURIs: [String] {
        clips.map(\.uri).filter { !$0.isEmpty } + [music?.uri].compactMap { $0 } + overlays.compactMap(\.uri)
    }

    /// An overlay's index among `overlays`.
    public func index(ofOverlay id: MovieOverlay.ID) -> Int? {
        overlays.firstIndex { $0.id == id }
    }

    public func index(of id: MovieClip.ID) -> Int? {
        clips.firstIndex { $0.id == id }
    }

    /// Where an overlay goes one step forward (or back) in the stacking
    /// order: just past the nearest overlay that way whose span meets its
    /// own (past one it never meets, nothing on screen would change); nil
    /// when none does. `plan` is this edit's, when the caller has it (a
    /// plan is worked out afresh each time it is asked for).
    public func restackTarget(_ id: MovieOverlay.ID, forward: Bool, plan: MoviePlan? = nil) -> Int? {
        let plan = plan ?? self.plan
        let spans = Dictionary(plan.overlays.map { ($0.overlay.id, (start: $0.start, end: $0.end)) }) { first, _ in first }
        guard let index = index(ofOverlay: id), let span = spans[id] else { return nil }
        let others = forward ? Array(overlays.indices.dropFirst(index + 1)) : Array(overlays.indices.prefix(index).reversed())
        return others.first { other in
            guard let met = spans[overlays[other].id] else { return false }
            return met.start < span.end && span.start < met.end
        }
    }
}
