import Foundation

/// How to make one sample file with test sources: the `sample` object of a
/// sample-catalog entry (or a `clipRecipes` value). Field names are the JSON
/// keys; see data/catalogs/README.md.
public struct SampleRecipe: Codable, Equatable, Sendable {
    /// A videotestsrc pattern nick: smpte, ball, snow, pinwheel, zone-plate...
    public var pattern: String
    public var width: Int
    public var height: Int
    public var fps: Int
    public var seconds: Double
    /// An audiotestsrc wave nick: sine, ticks, triangle, pink-noise...
    public var wave: String
    public var freq: Double
    /// "mp4" (H.264/AAC) or "webm" (VP8/Opus).
    public var container: String
    /// Colours as "#rrggbb" (videotestsrc foreground-color/background-color).
    public var foreground: String?
    public var background: String?
    /// Movement: the pattern's horizontal speed, or the zone plate's kt.
    public var motion: Int?
    /// Text drawn on the picture; the entry's title when absent.
    public var text: String?

    public init(pattern: String, width: Int, height: Int, fps: Int = 30, seconds: Double,
                wave: String = "sine", freq: Double = 440, container: String = "mp4",
                foreground: String? = nil, background: String? = nil, motion: Int? = nil, text: String? = nil) {
        self.pattern = pattern
        self.width = width
        self.height = height
        self.fps = fps
        self.seconds = seconds
        self.wave = wave
        self.freq = freq
        self.container = container
        self.foreground = foreground
        self.background = background
        self.motion = motion
        self.text = text
    }

    var frameCount: Int { max(1, Int((seconds * Double(fps)).rounded())) }

    /// ARGB for videotestsrc from "#rrggbb"; nil when absent or malformed.
    static func argb(_ hex: String?) -> UInt32? {
        guard let hex, hex.hasPrefix("#"), hex.count == 7, let rgb = UInt32(hex.dropFirst(), radix: 16) else { return nil }
        return 0xFF00_0000 | rgb
    }

    /// The recipe's values in a fixed order, for the generation stamp.
    var fingerprint: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(self)).flatMap { String(data: $0, encoding: .utf8) } ?? ""
    }
}
