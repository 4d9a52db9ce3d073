import Foundation

/// One clip of a movie: a source file and the part of it that is kept.
/// Times are nanoseconds on the source's own clock; the trim points are
/// always on one of the source's frames (`FrameRate.rounded`), so the first
/// frame of a clip in the movie is the one the user chose.
///
/// A clip is a video, a photo (shown for a length, with a slow pan and
/// zoom) or a title card (a background with its own length; its words are
/// a text overlay on it). A still has no frames of its own: its "source"
/// is `stillSourceDuration` long, its trim from 0 is its length, kept to
/// the millisecond.
public struct MovieClip: Equatable, Identifiable, Sendable {
    public enum Kind: Equatable, Sendable {
        case video
        case photo(PanZoom)
        case title(TitleBackground)
    }

    /// What a title card shows behind its words.
    public enum TitleBackground: Equatable, Sendable {
        case colour(MovieColor)
        /// A blurred still of the clip that follows (of the one before, for
        /// a title at the end).
        case blurredStill
    }

    public let id: UUID
    public let uri: String
    public var kind: Kind = .video
    /// The source's whole length.
    public let sourceDuration: Int64
    public let frameRate: FrameRate
    /// The picture size as displayed (rotation applied).
    public let width: Int
    public let height: Int
    public let hasSound: Bool
    /// How a video's picture is turned, cut and put in the frame.
    public var framing = ClipFraming.original
    /// How fast a video plays in the movie: below 1 slow motion, above a
    /// time-lapse (`slowest` to `fastest`). Its trims stay on the source's
    /// frames; its length in the movie is the trimmed length ÷ speed.
    public private(set) var speed: Double = 1
    /// A video faster than `fastestWithSound` keeps its sound anyway (its
    /// pitch kept): off, it is silent there, where speech is a chatter.
    public var keepsFastSound = false
    /// Where the kept part starts and ends, in the source.
    public private(set) var trimIn: Int64
    public private(set) var trimOut: Int64

    public init(id: UUID = UUID(), uri: String, sourceDuration: Int64, frameRate: FrameRate,
                width: Int, height: Int, hasSound: Bool = true) {
        self.id = id
        self.uri = uri
        self.sourceDuration = sourceDuration
        self.frameRate = frameRate
        self.width = width
        self.height = height
        self.hasSound = hasSound
        trimIn = 0
        trimOut = sourceDuration
    }

    /// How long a still may be: its "source".
    public static let stillSourceDuration: Int64 = 3_600_000_000_000
    /// A photo's length when added.
    public static let photoLength: Int64 = 4_000_000_000
    /// A title card's length when added.
    public static let titleLength: Int64 = 3_000_000_000
    /// A still's trims are kept to the millisecond.
    static let stillRate = FrameRate(1000)

    /// A photo (`width` × `height` as shown: its orientation applied).
    public static func photo(id: UUID = UUID(), uri: String, width: Int, height: Int,
                             length: Int64 = MovieClip.photoLength, panZoom: PanZoom = PanZoom()) -> MovieClip {
        var clip = MovieClip(id: id, uri: uri, sourceDuration: stillSourceDuration, frameRate: stillRate,
                             width: width, height: height, hasSound: false)
        clip.kind = .photo(panZoom)
        clip.trim(from: 0, to: length)
        return clip
    }

    /// A title card: no file, no picture size of its own.
    public static func title(id: UUID = UUID(), background: TitleBackground = .colour(.black),
                             length: Int64 = MovieClip.titleLength) -> MovieClip {
        var clip = MovieClip(id: id, uri: "", sourceDuration: stillSourceDuration, frameRate: stillRate,
                             width: 0, height: 0, hasSound: false)
        clip.kind = .title(background)
        clip.trim(from: 0, to: length)
        return clip
    }

    public var isVideo: Bool { kind == .video }
    public var isStill: Bool { !isVideo }

    public var panZoom: PanZoom? {
        if case .photo(let panZoom) = kind { return panZoom }
        return nil
    }

    public static let slowest = 0.25
    public static let fastest = 4.0
    /// Up to this speed a clip's sound plays along (its pitch kept).
    public static let fastestWithSound = 2.0
    /// What the Speed menu offers, besides any value typed.
    public static let speedPresets = [0.25, 0.5, 0.75, 1, 1.5, 2, 4]

    /// Which of `speedPresets` a speed is, if any.
    public static func presetIndex(of speed: Double) -> Int? {
        speedPresets.firstIndex { abs($0 - speed) < 0.001 }
    }

    /// Sets the speed, to the hundredth, kept between `slowest` and
    /// `fastest` (a still has none).
    public mutating func setSpeed(_ value: Double) {
        guard isVideo, value.isFinite else { return }
        speed = min(max((value * 100).rounded() / 100, MovieClip.slowest), MovieClip.fastest)
    }

    /// How long the kept part lasts in the movie (before the movie's
    /// frame grid rounds where it starts and ends).
    public var movieDuration: Int64 { movieOffset(ofSourceOffset: duration) }

    /// How far into its part of the movie a point `offset` past its in
    /// point in the source falls (a slowed clip's source second lasts longer).
    public func movieOffset(ofSourceOffset offset: Int64) -> Int64 {
        speed == 1 ? offset : Int64((Double(offset) / speed).rounded())
    }

    /// Whether its own sound is heard in the movie.
    public var soundIsHeard: Bool { hasSound && (speed <= MovieClip.fastestWithSound || keepsFastSound) }

    /// The shortest a clip may be trimmed to: a tenth of a second, or a
    /// frame if the source is slower than that.
    public var shortestDuration: Int64 { max(frameRate.frameDuration, 100_000_000) }

    /// The length kept.
    public var duration: Int64 { trimOut - trimIn }

    /// Sets both trim points: each moved onto a frame, kept inside the
    /// source and at least `shortestDuration` apart (the end moves first,
    /// then the start, when they would cross). `firstFrame`: when the
    /// source's first frame is, for a source whose frames are not on the
    /// grid from 0 (a web stream's, `VideoPart`); a local file's start at 0.
    public mutating func trim(from start: Int64, to end: Int64, firstFrame: Int64 = 0) {
        // The grid's offset: where frame 0 would start, a frame or less
        // after 0. A variable rate has no grid to move.
        let shift = frameRate.isVariable ? 0 : max(firstFrame, 0) - frameRate.time(ofFrame: frameRate.frame(at: max(firstFrame, 0)))
        func onFrame(_ time: Int64) -> Int64 { shift + frameRate.rounded(time - shift) }
        let shortest = min(shortestDuration, sourceDuration)
        var newOut = min(max(onFrame(end), shortest), sourceDuration)
        var newIn = min(max(onFrame(start), 0), sourceDuration)
        if newOut - newIn < shortest {
            newOut = min(newIn + shortest, sourceDuration)
            newIn = max(newOut - shortest, 0)
        }
        // Rounding up may pass the end of the source by less than a frame.
        newOut = min(newOut, sourceDuration)
        trimIn = newIn
        trimOut = newOut
    }

    /// The file name, for messages ("clip.mp4 cannot be found").
    public var name: String { MovieClip.name(ofURI: uri) }

    /// The decoded last part of a URI's path (a clip's or the music's).
    public static func name(ofURI uri: String) -> String {
        let path = URL(string: uri)?.path ?? uri
        let last = (path as NSString).lastPathComponent
        return last.isEmpty ? uri : (last.removingPercentEncoding ?? last)
    }

    /// The folder a local file is in, as a URI (where the movie page's
    /// file choosers open); nil for a title card (no file) or a web address.
    public static func folder(ofURI uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL, url.path.count > 1 else { return nil }
        return url.deletingLastPathComponent().absoluteString
    }

    public var isPortrait: Bool { height > width }

    /// The picture's size as the movie shows it: turned and cropped.
    public var framedSize: (width: Int, height: Int) { framing.kept((width, height)) }

    /// The picture the timeline repeats along a photo: its own file (a
    /// local path); nil for a video or a title card.
    public var photoPath: String? {
        guard case .photo = kind, let url = URL(string: uri), url.isFileURL else { return nil }
        return url.path
    }
}
