/// The background music of a movie.
public struct MovieMusic: Equatable, Sendable {
    /// What happens when the music is shorter than the movie.
    public enum Ending: String, Equatable, Sendable {
        /// It starts again from the beginning until the movie ends.
        case loop
        /// It stops; the rest of the movie has only the clips' sound.
        case cut
    }

    public var uri: String
    /// The music file's whole length, in nanoseconds.
    public let sourceDuration: Int64
    /// 0 (silent) to 1 (as recorded), linear amplitude.
    public var volume: Double {
        didSet { volume = min(max(volume, 0), 1) }
    }
    public var fadeIn: Int64
    public var fadeOut: Int64
    public var ending: Ending

    public static let defaultFade: Int64 = 1_000_000_000
    /// The longest fade the page offers: longer ones would leave a short
    /// piece of music barely heard at full volume.
    public static let longestFade: Int64 = 10_000_000_000

    /// A fade's length kept between none and `longestFade`.
    public static func fade(_ length: Int64) -> Int64 {
        min(max(length, 0), longestFade)
    }

    public init(uri: String, sourceDuration: Int64, volume: Double = 1, fadeIn: Int64 = MovieMusic.defaultFade,
                fadeOut: Int64 = MovieMusic.defaultFade, ending: Ending = .loop) {
        self.uri = uri
        self.sourceDuration = sourceDuration
        self.volume = min(max(volume, 0), 1)
        self.fadeIn = MovieMusic.fade(fadeIn)
        self.fadeOut = MovieMusic.fade(fadeOut)
        self.ending = ending
    }
}
