import Foundation

/// How an audio encoder's priming is measured: a tone that starts at the
/// first sample goes through the encoder and back through a decoder that
/// keeps everything it decodes; the tone comes out as many samples late as
/// the encoder primes. Encoders do not report it (voaacenc and avenc_aac
/// answer a lookahead of 0), and it differs between them and their
/// versions, so Reel measures the one it exports with.
public enum PrimingProbe {
    /// The tone: a sine starting at phase 0, loud enough to stand above an
    /// encoder's ringing before it.
    public static let frequency = 1000
    public static let volume = 0.8
    static let threshold: Float = 0.1

    /// The priming in samples, from the decoded probe (one channel); nil
    /// when the tone never came through.
    public static func priming(decoded: [Float], rate: Int) -> Int? {
        guard let heard = decoded.firstIndex(where: { abs($0) > threshold }) else { return nil }
        return max(heard - toneStart(rate: rate), 0)
    }

    /// The first sample at which the tone itself passes the threshold (the
    /// sine starts at 0).
    static func toneStart(rate: Int) -> Int {
        let step = 2 * Double.pi * Double(frequency) / Double(max(rate, 1))
        return (0..<max(rate, 1)).first { volume * sin(step * Double($0)) > Double(threshold) } ?? 0
    }
}
