import Foundation

/// HDR video on an SDR screen. PQ video (SMPTE ST 2084: most HDR10 films
/// and phone clips) codes absolute brightness up to 10,000 nits; shown as
/// if it were ordinary gamma-coded video it looks dark and grey. Each
/// channel's code value is turned into nits, scaled so the standard
/// reference white (203 nits) sits near the screen's white, highlights
/// rolled off smoothly above it, and coded again for the screen (sRGB).
/// A per-channel table: cheap (one lookup a byte), though colours keep
/// BT.2020's primaries (a little less saturated than they should be).
/// HLG needs none of this: it was made to look right on SDR screens.
public enum ToneMap {
    /// The screen level (0–255) for each 8-bit PQ code value.
    public static let pqToSDR: [UInt8] = (0..<256).map { screenLevel(pq: Double($0) / 255) }

    /// Reference white (ITU-R BT.2408), in nits.
    static let referenceWhite = 203.0
    /// Below this share of the screen's white, brightness is kept as it
    /// is; above it, highlights are compressed toward white.
    static let knee = 0.75

    /// ST 2084's EOTF: a PQ signal (0–1) to nits.
    public static func nits(pq signal: Double) -> Double {
        let m1 = 2610.0 / 16384, m2 = 2523.0 / 4096 * 128
        let c1 = 3424.0 / 4096, c2 = 2413.0 / 4096 * 32, c3 = 2392.0 / 4096 * 32
        let p = pow(max(signal, 0), 1 / m2)
        return 10_000 * pow(max(p - c1, 0) / (c2 - c3 * p), 1 / m1)
    }

    static func screenLevel(pq signal: Double) -> UInt8 {
        let relative = nits(pq: signal) / referenceWhite
        // Linear below the knee; above, an exponential roll-off that
        // meets it with the same slope and never quite reaches 1.
        let linear = relative <= knee ? relative : knee + (1 - knee) * (1 - exp(-(relative - knee) / (1 - knee)))
        let coded = linear <= 0.0031308 ? 12.92 * linear : 1.055 * pow(linear, 1 / 2.4) - 0.055
        return UInt8(max(0, min(255, (coded * 255).rounded())))
    }
}
