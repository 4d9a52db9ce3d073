/// A movie exported as an animated GIF instead of a video: no sound, a
/// chosen width (its height from the movie's shape) and frame rate, for
/// short pieces (at most `longest`) to drop into a chat or a web page.
public struct MovieGIF: Equatable, Sendable {
    public var width: Int
    public var framesPerSecond: Int

    /// What the menus offer.
    public static let widths = [320, 480, 640]
    public static let rates = [10, 15, 20]
    /// A GIF of a longer movie would be tens of megabytes: a video then.
    public static let longest: Int64 = 60_000_000_000

    public init(width: Int = 480, framesPerSecond: Int = 15) {
        self.width = width
        self.framesPerSecond = framesPerSecond
    }

    /// The GIF's picture for a movie of `frame`: `width` across (never
    /// wider than the movie), its height keeping the shape, both even.
    public func frame(for frame: (width: Int, height: Int)) -> (width: Int, height: Int) {
        let across = min(width, frame.width) / 2 * 2
        let down = Int((Double(across) * Double(frame.height) / Double(max(frame.width, 1)) / 2).rounded()) * 2
        return (max(across, 2), max(down, 2))
    }

    /// How many frames a movie `duration` long becomes: one for each
    /// 1/`framesPerSecond` begun.
    public func frameCount(duration: Int64) -> Int {
        Int((duration * Int64(framesPerSecond) + 999_999_999) / 1_000_000_000)
    }
}
