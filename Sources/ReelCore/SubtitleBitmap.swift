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

    /// Pictures on one canvas joined into one over the part of it they
    /// cover (a subtitle's lines are often pieces of their own); nil for
    /// none, and for pieces so far apart (damaged positions) that the
    /// picture would take gigabytes.
    public static func joining(_ pieces: [SubtitleBitmap]) -> SubtitleBitmap? {
        guard let first = pieces.first else { return nil }
        if pieces.count == 1 { return first }
        let left = pieces.map(\.x).min()!, top = pieces.map(\.y).min()!
        let width = pieces.map { $0.x + $0.width }.max()! - left, height = pieces.map { $0.y + $0.height }.max()! - top
        guard width * height <= 4096 * 4096 else { return nil }
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        for piece in pieces {
            for row in 0..<piece.height {
                let from = row * piece.width * 4, to = ((piece.y - top + row) * width + piece.x - left) * 4
                rgba.replaceSubrange(to..<to + piece.width * 4, with: piece.rgba[from..<from + piece.width * 4])
            }
        }
        return SubtitleBitmap(canvasWidth: first.canvasWidth, canvasHeight: first.canvasHeight, x: left, y: top,
                              width: width, height: height, rgba: rgba)
    }

    /// The colour matrices picture subtitles use: BT.601 (standard
    /// definition: DVB) and BT.709 (high definition: Blu-ray).
    public enum Matrix: Sendable {
        case bt601, bt709
    }

    /// A limited-range Y'CbCr colour as RGBA.
    static func rgba(y: UInt8, cr: UInt8, cb: UInt8, alpha: UInt8, _ matrix: Matrix) -> (UInt8, UInt8, UInt8, UInt8) {
        let l = 1.164 * (Double(y) - 16), r = Double(cr) - 128, b = Double(cb) - 128
        func clamp(_ v: Double) -> UInt8 { UInt8(max(0, min(255, v.rounded()))) }
        switch matrix {
        case .bt601: return (clamp(l + 1.596 * r), clamp(l - 0.392 * b - 0.813 * r), clamp(l + 2.017 * b), alpha)
        case .bt709: return (clamp(l + 1.793 * r), clamp(l - 0.213 * b - 0.533 * r), clamp(l + 2.112 * b), alpha)
        }
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
