/// Video lengths and positions as players show them: "0:07", "1:05",
/// "12:34", "1:02:03".
public enum DurationText {
    /// Whole seconds, rounded down (as a player counts elapsed time).
    /// Returns "" when there is no length to show: nil (unknown or live),
    /// negative, NaN, infinite, or beyond 100,000 hours (a bogus value).
    /// The LIVE badge is the card's business, not this text's.
    public static func format(_ seconds: Double?) -> String {
        guard let seconds, seconds.isFinite, seconds >= 0, seconds < 360_000_000 else { return "" }
        let total = Int(seconds)
        let hours = total / 3600
        let minutes = total / 60 % 60
        let secs = total % 60
        if hours > 0 { return "\(hours):\(twoDigits(minutes)):\(twoDigits(secs))" }
        return "\(minutes):\(twoDigits(secs))"
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
