/// Where each part of a movie goes on the timeline, decided from a
/// `MovieEdit`: each clip's start and length on the movie's frame grid, the
/// overlaps that crossfade, the music's pieces (repeated or cut) and its
/// volume over time. The media layer builds its timeline from this alone.
public struct MoviePlan: Equatable, Sendable {
    public struct Placement: Equatable, Sendable {
        public let clip: MovieClip
        /// On the movie's timeline (nanoseconds).
        public let start: Int64
        /// Where in the source it starts (the trim in point).
        public let inpoint: Int64
        public let duration: Int64
        /// The picture's rectangle in the movie frame (letterboxed).
        public let picture: (x: Int, y: Int, width: Int, height: Int)
        /// What is cut from the video's turned picture before it is
        /// placed (its crop, and what overflows when it fills the frame).
        public let cut: ClipFraming.Insets

        public var end: Int64 { start + duration }

        /// The video's picture once turned and cut, before it is scaled to
        /// its place.
        public var cutSize: (width: Int, height: Int) {
            let turned = clip.framing.turned((clip.width, clip.height))
            return (turned.width - cut.left - cut.right, turned.height - cut.top - cut.bottom)
        }

        /// Whether the clip's own effect scales its picture to its place,
        /// rather than the compositor: a framed or re-timed video whose cut
        /// picture is not its place's size. The effect scales each source
        /// frame once, before a slowed clip's frames are repeated; the
        /// compositor would scale every frame of the movie.
        public var scalesInEffect: Bool {
            clip.isVideo && (!clip.framing.isOriginal || clip.speed != 1)
                && (cutSize.width != picture.width || cutSize.height != picture.height)
        }

        /// Where GES starts reading the source: a millisecond past the in
        /// point. The frame before the trimmed-to one can end a hair after
        /// the in point (WebM and Matroska keep times to the millisecond; a
        /// variable-rate MP4's frame lengths come from its decode times),
        /// and the compositor then shows that earlier frame first: a VP9
        /// clip began with the frame before its trim. A millisecond is far
        /// less than any frame and than anyone hears.
        public var sourceStart: Int64 { inpoint + MoviePlan.sourceStartLead }

        public static func == (a: Placement, b: Placement) -> Bool {
            a.clip == b.clip && a.start == b.start && a.inpoint == b.inpoint && a.duration == b.duration
                && a.picture == b.picture && a.cut == b.cut
        }
    }

    /// One play of the music file (several when it loops).
    public struct MusicPiece: Equatable, Sendable {
        public let start: Int64
        public let inpoint: Int64
        public let duration: Int64
        /// The volume's control points in the piece's own time (the music
        /// file's clock: inpoint + time since `start`), as GES expects.
        public let volumePoints: [VolumePoint]

        public var end: Int64 { start + duration }
    }

    public static let sourceStartLead: Int64 = 1_000_000

    public struct VolumePoint: Equatable, Sendable {
        public let time: Int64
        public let volume: Double
    }

    public let placements: [Placement]
    /// The overlays with their spans on the movie's timeline, in the
    /// edit's order (the last on top); those whose clip is gone are left out.
    public let overlays: [ScheduledOverlay]
    public let music: [MusicPiece]
    /// The music file, when there is music.
    public let musicURI: String?
    /// The clips' own sound's volume.
    public let clipGain: Double
    public let frameRate: FrameRate
    public let width: Int
    public let height: Int
    public let duration: Int64
    /// When the music is heard at full volume (after its fade in, before
    /// its fade out), for tests and level meters; nil without music.
    public let musicSteady: ClosedRange<Int64>?

    public init(_ edit: MovieEdit) {
        let rate = edit.frameRate
        let frame = edit.frameSize
        width = frame.width
        height = frame.height
        frameRate = rate
        clipGain = edit.clipSound.gain(withMusic: edit.music != nil)

        // Clip boundaries are the running sum of trimmed lengths, rounded
        // to the movie's frames: each clip starts on a frame, and the total
        // stays within half a frame of the sum however many clips there are.
        var boundaries: [Int64] = [0]
        var sum: Int64 = 0
        for clip in edit.clips {
            sum += clip.movieDuration
            boundaries.append(max(rate.rounded(sum), boundaries.last! + rate.frameDuration))
        }
        let lengths = zip(boundaries.dropFirst(), boundaries).map { $0 - $1 }
        var placements: [Placement] = []
        for (index, clip) in edit.clips.enumerated() {
            var start: Int64 = 0
            if let previous = placements.last {
                // A crossfade starts the clip earlier, over the previous one.
                start = previous.end - (edit.crossfade ? MoviePlan.overlap(lengths[index - 1], lengths[index], rate: rate) : 0)
            }
            // A still is drawn as its own framing says; a video is turned,
            // cut and fitted or filled as the clip's framing says.
            let placed = clip.isVideo ? clip.framing.placement(of: (clip.width, clip.height), in: frame)
                : (cut: .none, picture: MovieSize.fit((clip.width, clip.height), into: frame))
            placements.append(Placement(clip: clip, start: start, inpoint: clip.trimIn, duration: lengths[index],
                                        picture: placed.picture, cut: placed.cut))
        }
        self.placements = placements
        let duration = placements.last?.end ?? 0
        self.duration = duration
        overlays = edit.overlays.compactMap { MoviePlan.schedule($0, placements, duration: duration, rate: rate) }

        musicURI = edit.music?.uri
        guard let music = edit.music, music.sourceDuration > 0, duration > 0 else {
            self.music = []
            musicSteady = nil
            return
        }
        let musicEnd = music.ending == .loop ? duration : min(duration, music.sourceDuration)
        // Fades share the music's length when it is too short for both.
        var fadeIn = music.fadeIn, fadeOut = music.fadeOut
        if fadeIn + fadeOut > musicEnd {
            let total = Double(fadeIn + fadeOut)
            fadeIn = Int64(Double(musicEnd) * Double(fadeIn) / total)
            fadeOut = musicEnd - fadeIn
        }
        let envelope: [VolumePoint] = [
            VolumePoint(time: 0, volume: fadeIn > 0 ? 0 : music.volume),
            VolumePoint(time: fadeIn, volume: music.volume),
            VolumePoint(time: musicEnd - fadeOut, volume: music.volume),
            VolumePoint(time: musicEnd, volume: fadeOut > 0 ? 0 : music.volume),
        ]
        musicSteady = fadeIn...(musicEnd - fadeOut)
        var pieces: [MusicPiece] = []
        var start: Int64 = 0
        while start < musicEnd {
            let length = min(music.sourceDuration, musicEnd - start)
            pieces.append(MusicPiece(start: start, inpoint: 0, duration: length,
                                     volumePoints: MoviePlan.points(envelope, from: start, to: start + length)))
            start += length
        }
        self.music = pieces
    }

    /// Where an overlay's span falls: from its anchor's start plus its
    /// offset, for its length or to its anchor's end, on the movie's frame
    /// grid and inside the movie (a second video no longer than what is
    /// left of its file). Nil when it falls outside or its clip is gone.
    static func schedule(_ overlay: MovieOverlay, _ placements: [Placement], duration: Int64,
                         rate: FrameRate) -> ScheduledOverlay? {
        let anchorStart: Int64, anchorEnd: Int64
        switch overlay.anchor {
        case .movie:
            (anchorStart, anchorEnd) = (0, duration)
        case .clip(let id):
            guard let placement = placements.first(where: { $0.clip.id == id }) else { return nil }
            (anchorStart, anchorEnd) = (placement.start, placement.end)
        }
        let start = rate.rounded(anchorStart + overlay.offset)
        var end = overlay.length.map { rate.rounded(start + $0) } ?? anchorEnd
        if case .video(let video) = overlay.content { end = min(end, rate.rounded(start + video.available)) }
        end = min(end, duration)
        guard start < end else { return nil }
        return ScheduledOverlay(overlay: overlay, start: start, duration: end - start)
    }

    /// The music's volume at a time of the movie (0 where none plays).
    public func musicVolume(at time: Int64) -> Double {
        guard let piece = music.first(where: { $0.start <= time && time < $0.end }) else { return 0 }
        return MoviePlan.value(piece.volumePoints.map { VolumePoint(time: $0.time - piece.inpoint + piece.start, volume: $0.volume) },
                               at: time)
    }

    /// The crossfade between clips of these lengths: half a second, less
    /// when a clip is shorter than 1.5 s (a third of it at most on each
    /// side: a clip overlaps only its neighbours and is never covered
    /// whole, which GES refuses), on the frame grid.
    static func overlap(_ before: Int64, _ after: Int64, rate: FrameRate) -> Int64 {
        let limit = min(MovieEdit.crossfadeDuration, before / 3, after / 3)
        return rate.time(ofFrame: rate.frame(at: limit))
    }

    /// The envelope's points within [from, to], with its value at both
    /// ends, shifted to the piece's own clock (it starts at 0).
    private static func points(_ envelope: [VolumePoint], from: Int64, to: Int64) -> [VolumePoint] {
        var inside = [VolumePoint(time: from, volume: value(envelope, at: from))]
        inside += envelope.filter { $0.time > from && $0.time < to }
        inside.append(VolumePoint(time: to, volume: value(envelope, at: to)))
        var unique: [VolumePoint] = []
        for point in inside where unique.last?.time != point.time { unique.append(point) }
        return unique.map { VolumePoint(time: $0.time - from, volume: $0.volume) }
    }

    /// Linear interpolation between the envelope's points.
    private static func value(_ envelope: [VolumePoint], at time: Int64) -> Double {
        guard let first = envelope.first else { return 0 }
        if time <= first.time { return first.volume }
        for (a, b) in zip(envelope, envelope.dropFirst()) where time <= b.time {
            guard b.time > a.time else { return b.volume }
            return a.volume + (b.volume - a.volume) * Double(time - a.time) / Double(b.time - a.time)
        }
        return envelope.last!.volume
    }
}
