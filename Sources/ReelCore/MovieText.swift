/// Words over the movie (a caption, a lower third, a sign, a title card's
/// title) and how they look. Sizes are shares of the movie frame's height,
/// so the text is drawn at the movie's own pixels at every output size:
/// sharp, never a small bitmap scaled up. The media layer lays it out
/// with Pango, which shapes and orders every script (Chinese, Vietnamese,
/// Arabic, Hebrew) and breaks lines where the text has them.
public struct MovieText: Equatable, Sendable {
    public enum Alignment: String, CaseIterable, Equatable, Sendable {
        case left, centre, right
    }

    /// May hold line breaks.
    public var text: String
    /// A font family the system has (fontconfig's name), e.g. "Cantarell".
    public var family: String
    /// The font's size as a share of the frame's height (0.08 is 86 px at 1080p).
    public var size: Double {
        didSet { size = MovieText.clampSize(size) }
    }
    /// CSS and Pango weights: 400 regular, 700 bold.
    public var weight: Int {
        didSet { weight = min(max(weight, 100), 1000) }
    }
    public var colour: MovieColor
    /// An outline around each letter, or none.
    public var outline: MovieColor?
    /// The outline's width as a share of the font's size.
    public var outlineWidth: Double
    /// A soft shadow below and right of the letters, or none.
    public var shadow: MovieColor?
    public var alignment: Alignment

    public static let defaultFamily = "Cantarell"
    public static let titleSize = 0.1
    public static let captionSize = 0.06
    static let smallest = 0.01
    static let largest = 0.5

    public init(text: String, family: String = MovieText.defaultFamily, size: Double = MovieText.captionSize,
                weight: Int = 700, colour: MovieColor = .white, outline: MovieColor? = nil, outlineWidth: Double = 0.06,
                shadow: MovieColor? = .shadow, alignment: Alignment = .centre) {
        self.text = text
        self.family = family
        self.size = MovieText.clampSize(size)
        self.weight = min(max(weight, 100), 1000)
        self.colour = colour
        self.outline = outline
        self.outlineWidth = min(max(outlineWidth, 0), 0.5)
        self.shadow = shadow
        self.alignment = alignment
    }

    static func clampSize(_ size: Double) -> Double { min(max(size, smallest), largest) }

    /// The font's size in pixels in a frame `height` pixels high, at `scale`.
    public func pixelSize(frameHeight height: Int, scale: Double = 1) -> Double {
        size * Double(height) * scale
    }

    /// The first `count` characters the reader sees (grapheme clusters:
    /// a Vietnamese letter with its marks, or an emoji, comes whole), for
    /// the typing animation; line breaks kept.
    public func prefix(characters count: Int) -> String {
        String(text.prefix(max(count, 0)))
    }

    /// How many characters typing shows one by one.
    public var characterCount: Int { text.count }
}
