/// A colour of something drawn in a movie (a title card's background, a
/// text's fill, outline or shadow): 8 bits a channel, straight (not
/// premultiplied) alpha, written in documents as `#rrggbbaa`.
public struct MovieColor: Equatable, Hashable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public static let white = MovieColor(red: 255, green: 255, blue: 255)
    public static let black = MovieColor(red: 0, green: 0, blue: 0)
    /// A shadow under text: black at half opacity.
    public static let shadow = MovieColor(red: 0, green: 0, blue: 0, alpha: 128)

    /// Black for a light colour, white for a dark one (by its luma, as
    /// Rec. 709 weighs the channels): an outline that reads around words
    /// of this colour.
    public var contrasting: MovieColor {
        let luma = 0.2126 * Double(red) + 0.7152 * Double(green) + 0.0722 * Double(blue)
        return luma > 127.5 ? .black : .white
    }

    /// `#rrggbbaa`, lower case.
    public var hex: String {
        "#" + [red, green, blue, alpha].map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }

    /// Reads `#rrggbb` or `#rrggbbaa`; nil for anything else.
    public init?(hex: String) {
        guard hex.hasPrefix("#") else { return nil }
        let digits = hex.dropFirst()
        guard digits.count == 6 || digits.count == 8, let value = UInt32(digits, radix: 16) else { return nil }
        let full = digits.count == 6 ? value << 8 | 0xff : value
        self.init(red: UInt8(full >> 24 & 0xff), green: UInt8(full >> 16 & 0xff), blue: UInt8(full >> 8 & 0xff),
                  alpha: UInt8(full & 0xff))
    }
}
