import Foundation

/// Something over the movie for a span of it: words (`MovieText`), a
/// picture with alpha (a logo, a watermark, a sticker: PNG or SVG), or a
/// second video (picture in picture, in a corner, rounded, with its own
/// sound level). It sits at a place and size, may move to a second place
/// across its span (start and end keyframes, eased), has an opacity, and
/// comes in and goes with its entrance and exit.
///
/// Its span is anchored: to a clip (it starts `offset` after the clip
/// starts in the movie, so it stays on its clip when the clip moves or
/// the clips before it are trimmed; it goes when the clip goes) or to the
/// whole movie (a watermark). `length` nil lasts to the end of its anchor.
public struct MovieOverlay: Equatable, Identifiable, Sendable {
    public enum Content: Equatable, Sendable {
        case text(MovieText)
        case picture(MoviePicture)
        case video(OverlayVideo)
    }

    public enum Anchor: Equatable, Sendable {
        case movie
        case clip(MovieClip.ID)
    }

    public let id: UUID
    public var content: Content
    public var anchor: Anchor
    /// Nanoseconds from the anchor's start.
    public var offset: Int64 {
        didSet { offset = max(offset, 0) }
    }
    /// Nanoseconds, or nil: to the anchor's end.
    public var length: Int64? {
        didSet { length = length.map { max($0, MovieOverlay.shortest) } }
    }
    public var place: OverlayPlace
    /// Where it moves to by the end of its span, or nil: it stays.
    public var endPlace: OverlayPlace?
    public var moveEasing: Easing
    /// 0…1.
    public var opacity: Double {
        didSet { opacity = min(max(opacity, 0), 1) }
    }
    public var entrance: OverlayAnimation
    public var exit: OverlayAnimation

    /// The shortest span: a tenth of a second.
    public static let shortest: Int64 = 100_000_000

    public init(id: UUID = UUID(), content: Content, anchor: Anchor, offset: Int64 = 0, length: Int64? = nil,
                place: OverlayPlace = .centre, endPlace: OverlayPlace? = nil, moveEasing: Easing = .easeInOut,
                opacity: Double = 1, entrance: OverlayAnimation = .none, exit: OverlayAnimation = .none) {
        self.id = id
        self.content = content
        self.anchor = anchor
        self.offset = max(offset, 0)
        self.length = length.map { max($0, MovieOverlay.shortest) }
        self.place = place
        self.endPlace = endPlace
        self.moveEasing = moveEasing
        self.opacity = min(max(opacity, 0), 1)
        self.entrance = entrance
        self.exit = exit
    }

    /// A caption over a clip: at the lower third, fading in and out.
    public static func caption(_ text: String, over clip: MovieClip.ID, offset: Int64 = 0, length: Int64? = nil) -> MovieOverlay {
        MovieOverlay(content: .text(MovieText(text: text)), anchor: .clip(clip), offset: offset, length: length,
                     place: OverlayPlace(x: 0.5, y: 0.82), entrance: OverlayAnimation(kind: .fade),
                     exit: OverlayAnimation(kind: .fade))
    }

    /// A title card's words: large, in the middle, for the whole card.
    public static func title(_ text: String, on card: MovieClip.ID) -> MovieOverlay {
        MovieOverlay(content: .text(MovieText(text: text, size: MovieText.titleSize)), anchor: .clip(card),
                     entrance: OverlayAnimation(kind: .fade), exit: OverlayAnimation(kind: .fade))
    }

    /// A logo over the whole movie: small, in the top right corner inside
    /// the safe margins, at 80 %.
    public static func watermark(_ picture: MoviePicture) -> MovieOverlay {
        let width = 0.12
        return MovieOverlay(content: .picture(picture), anchor: .movie,
                            place: OverlayPlace(x: 1 - OverlayPlace.safeMargin - width / 2,
                                                y: OverlayPlace.safeMargin + 0.06, scale: width),
                            opacity: 0.8)
    }

    /// A video in the bottom right corner, a quarter of the frame wide.
    public static func pictureInPicture(_ video: OverlayVideo, over clip: MovieClip.ID) -> MovieOverlay {
        let width = 0.3
        return MovieOverlay(content: .video(video), anchor: .clip(clip),
                            place: OverlayPlace(x: 1 - OverlayPlace.safeMargin - width / 2,
                                                y: 1 - OverlayPlace.safeMargin - width * 9 / 16 / 2, scale: width))
    }

    /// The file it reads, if any.
    public var uri: String? {
        switch content {
        case .text: return nil
        case .picture(let picture): return picture.uri
        case .video(let video): return video.uri
        }
    }

    public var text: MovieText? {
        if case .text(let text) = content { return text }
        return nil
    }

    /// What it looks like `time` nanoseconds into a span `length` long.
    public func state(at time: Int64, length: Int64) -> OverlayState {
        let length = max(length, 1)
        let time = min(max(time, 0), length)
        // Entrance and exit share a span too short for both.
        var entering = entrance.duration, leaving = exit.duration
        if entering + leaving > length {
            let total = Double(entering + leaving)
            entering = Int64(Double(length) * Double(entering) / total)
            leaving = length - entering
        }
        let moved = endPlace.map { place.toward($0, moveEasing(Double(time) / Double(length))) } ?? place
        var state = OverlayState(place: moved, opacity: opacity)
        if entering > 0, time < entering {
            state.apply(entrance.kind, amount: entrance.easing(Double(time) / Double(entering)), to: content)
        }
        if leaving > 0, time > length - leaving {
            state.apply(exit.kind, amount: exit.easing(Double(length - time) / Double(leaving)), to: content)
        }
        return state
    }
}

/// A picture over the movie: a PNG or SVG file, with its own size in
/// pixels (its shape; it is drawn at the size it takes in the movie).
public struct MoviePicture: Equatable, Sendable {
    public var uri: String
    public var width: Int
    public var height: Int

    public init(uri: String, width: Int, height: Int) {
        self.uri = uri
        self.width = max(width, 1)
        self.height = max(height, 1)
    }

    public var name: String { MovieClip.name(ofURI: uri) }
}

/// A second video over the movie: its file, the part of it kept (from
/// `trimIn`, as long as the overlay's span or the rest of the file), its
/// sound level and how round its corners are.
public struct OverlayVideo: Equatable, Sendable {
    public var uri: String
    public let sourceDuration: Int64
    public let frameRate: FrameRate
    public let width: Int
    public let height: Int
    public let hasSound: Bool
    public var trimIn: Int64 {
        didSet { trimIn = min(max(frameRate.rounded(trimIn), 0), max(sourceDuration - MovieOverlay.shortest, 0)) }
    }
    /// 0…1 (1 as recorded).
    public var volume: Double {
        didSet { volume = min(max(volume, 0), 1) }
    }
    /// The corners' radius as a share of the shorter side (0 square, 0.5 round).
    public var cornerRadius: Double {
        didSet { cornerRadius = min(max(cornerRadius, 0), 0.5) }
    }

    public init(uri: String, sourceDuration: Int64, frameRate: FrameRate, width: Int, height: Int, hasSound: Bool,
                trimIn: Int64 = 0, volume: Double = 1, cornerRadius: Double = 0.08) {
        self.uri = uri
        self.sourceDuration = sourceDuration
        self.frameRate = frameRate
        self.width = width
        self.height = height
        self.hasSound = hasSound
        self.trimIn = min(max(frameRate.rounded(trimIn), 0), max(sourceDuration - MovieOverlay.shortest, 0))
        self.volume = min(max(volume, 0), 1)
        self.cornerRadius = min(max(cornerRadius, 0), 0.5)
    }

    /// How much of the file is left after the trim.
    public var available: Int64 { sourceDuration - trimIn }

    public var name: String { MovieClip.name(ofURI: uri) }
}
