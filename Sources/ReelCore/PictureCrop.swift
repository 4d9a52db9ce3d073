/// The part of a picture that is visible, as fractions of its width and
/// height. A picture drawn in "fill" mode overflows its view (the preview
/// strip shows a 220-pixel band of a 16:9 video as wide as the window):
/// scaling and converting only the visible part saves the work on the rows
/// nobody sees.
public struct PictureCrop: Equatable, Sendable {
    public var x, y, width, height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    public static let whole = PictureCrop(x: 0, y: 0, width: 1, height: 1)
    public var isWhole: Bool { self == .whole }

    /// What of `picture` (placed in view coordinates) shows in a `width` ×
    /// `height` view; whole when it all shows, nil when none does.
    public static func visible(_ picture: ContentMode.Rect, width: Double, height: Double) -> PictureCrop? {
        guard picture.width > 0, picture.height > 0 else { return nil }
        let left = max(0, picture.x), top = max(0, picture.y)
        let right = min(width, picture.x + picture.width), bottom = min(height, picture.y + picture.height)
        guard right > left, bottom > top else { return nil }
        let crop = PictureCrop(x: (left - picture.x) / picture.width, y: (top - picture.y) / picture.height,
                               width: (right - left) / picture.width, height: (bottom - top) / picture.height)
        // Within a pixel or so of the whole picture: the whole picture.
        return crop.width > 0.995 && crop.height > 0.995 ? .whole : crop
    }

    /// The source pixels to convert for this crop of a `width` × `height`
    /// picture: rounded outwards to even coordinates (4:2:0 chroma comes in
    /// 2×2 blocks), so the result always covers the crop. Returns the pixel
    /// rectangle and the crop it really is.
    public func sourceRect(width: Int, height: Int) -> (x: Int, y: Int, width: Int, height: Int, crop: PictureCrop) {
        guard !isWhole, width > 0, height > 0 else { return (0, 0, width, height, .whole) }
        func down(_ v: Double) -> Int { max(0, Int(v.rounded(.down)) / 2 * 2) }
        func up(_ v: Double, _ limit: Int) -> Int { min(limit, (Int(v.rounded(.up)) + 1) / 2 * 2) }
        let x0 = down(x * Double(width)), y0 = down(y * Double(height))
        let x1 = up((x + self.width) * Double(width), width), y1 = up((y + self.height) * Double(height), height)
        let exact = PictureCrop(x: Double(x0) / Double(width), y: Double(y0) / Double(height),
                                width: Double(x1 - x0) / Double(width), height: Double(y1 - y0) / Double(height))
        return (x0, y0, x1 - x0, y1 - y0, x1 - x0 == width && y1 - y0 == height ? .whole : exact)
    }

    /// Where this crop of a picture placed at `picture` lies, in view
    /// coordinates.
    public func place(in picture: ContentMode.Rect) -> ContentMode.Rect {
        ContentMode.Rect(x: picture.x + x * picture.width, y: picture.y + y * picture.height,
                         width: width * picture.width, height: height * picture.height)
    }
}
