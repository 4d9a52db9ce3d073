/// The size a decoded frame is converted to before it reaches the screen.
/// Converting at the drawn size instead of the source size is the cheapest
/// pixel there is (DESIGN §2): a 1080p video in a 720p window converts a
/// 1280×720 picture. Never upscales (the GPU or GTK's scaler does that better
/// and for free), keeps even dimensions (chroma planes are half size), and
/// ignores changes of a few pixels so a window drag does not reallocate
/// buffers on every frame.
public struct ConversionSize: Equatable, Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `source` is the decoded size; `drawn` the size in device pixels the
    /// picture is drawn at (nil before the first draw: convert at source size).
    public static func target(source: ConversionSize, drawn: ConversionSize?) -> ConversionSize {
        guard let drawn, drawn.width > 0, drawn.height > 0,
              drawn.width < source.width || drawn.height < source.height else { return source }
        // Scale uniformly to cover the drawn rectangle: the aspect ratio of
        // the texture stays the source's, GTK maps it onto the rectangle.
        let scale = min(1, max(Double(drawn.width) / Double(source.width),
                               Double(drawn.height) / Double(source.height)))
        func even(_ value: Double) -> Int { max(2, Int((value / 2).rounded(.up)) * 2) }
        return ConversionSize(width: min(source.width, even(Double(source.width) * scale)),
                              height: min(source.height, even(Double(source.height) * scale)))
    }

    /// True when the difference is worth a new buffer size (over 2 %).
    public func differsNoticeably(from other: ConversionSize) -> Bool {
        abs(width - other.width) * 50 > other.width || abs(height - other.height) * 50 > other.height
    }
}
