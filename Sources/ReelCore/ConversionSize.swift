/// The size a decoded frame is converted to before it reaches the screen.
/// Converting at the drawn size instead of the source size is the cheapest
/// pixel there is (docs/ARCHITECTURE.md, The video path): a 1080p video in a 720p window converts a
/// 1280×720 picture. Upscales only when asked (`upscale`): with a GPU the
/// texture is scaled for free, but GTK's CPU renderer scales with pixman,
/// many times slower than libyuv's scaler; then a picture drawn bigger than
/// its source is converted at the drawn size too (up to 4× and 4K). Keeps
/// even dimensions (chroma planes are half size), and ignores changes of a
/// few pixels so a window drag does not reallocate buffers on every frame.
public struct ConversionSize: Equatable, Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public static let largest = ConversionSize(width: 3840, height: 2160)
    public static let mostUpscale = 4.0

    /// `source` is the decoded size; `drawn` the size in device pixels the
    /// picture is drawn at (nil before the first draw: convert at source size).
    public static func target(source: ConversionSize, drawn: ConversionSize?, upscale: Bool = false) -> ConversionSize {
        guard let drawn, drawn.width > 0, drawn.height > 0, source.width > 0, source.height > 0 else { return source }
        // Scale uniformly to cover the drawn rectangle: the aspect ratio of
        // the texture stays the source's, GTK maps it onto the rectangle.
        var scale = max(Double(drawn.width) / Double(source.width), Double(drawn.height) / Double(source.height))
        if upscale {
            scale = min(scale, mostUpscale, Double(largest.width) / Double(source.width),
                        Double(largest.height) / Double(source.height))
            // Never below the source: a bigger source is cut down as always.
            if scale <= 1 { return target(source: source, drawn: drawn) }
        } else {
            scale = min(1, scale)
        }
        guard scale != 1 else { return source }
        func even(_ value: Double) -> Int { max(2, Int((value / 2).rounded(.up)) * 2) }
        let width = even(Double(source.width) * scale), height = even(Double(source.height) * scale)
        return upscale ? ConversionSize(width: width, height: height)
            : ConversionSize(width: min(source.width, width), height: min(source.height, height))
    }

    /// True when the difference is worth a new buffer size (over 2 %).
    public func differsNoticeably(from other: ConversionSize) -> Bool {
        abs(width - other.width) * 50 > other.width || abs(height - other.height) * 50 > other.height
    }
}
