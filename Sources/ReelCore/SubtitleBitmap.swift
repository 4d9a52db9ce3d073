/// A picture subtitle (Blu-ray's PGS) ready to draw: RGBA pixels, not
/// premultiplied, at a place on the video's own canvas, so it is drawn
/// with the picture (fit, fill and stretch alike, in the mini window too).
public struct SubtitleBitmap: Equatable, Sendable {
    /// What a decoded packet of picture subtitles does from its time on.
    public enum Change: Equatable, Sendable {
        /// This picture shows, for `seconds` when the stream says so.
        case show(SubtitleBitmap, seconds: Double? = nil)
        /// The screen is cleared.
        case clear
    }

    /// The canvas the subtitle was made for: the video's size.
    public let canvasWidth: Int
    public let canvasHeight: Int
    public let x: Int
    public let y: Int
    public let width: Int
    public let height: Int
    /// width × height × 4 bytes, row by row.
    public let rgba: [UInt8]

    public init(canvasWidth: Int, canvasHeight: Int, x: Int, y: Int, width: Int, height: Int, rgba: [UInt8]) {
        self.canvasWidth = canvasWidth
        self.canvasHeight = canvasHeight
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// Where it goes in `picture`, the rectangle the video's canvas is
    /// drawn in.
    public func place(in picture: ContentMode.Rect) -> ContentMode.Rect {
        guard canvasWidth > 0, canvasHeight > 0 else { return picture }
        let sx = picture.width / Double(canvasWidth), sy = picture.height / Double(canvasHeight)
        return ContentMode.Rect(x: picture.x + Double(x) * sx, y: picture.y + Double(y) * sy,
                                width: Double(width) * sx, height: Double(height) * sy)
    }
}
