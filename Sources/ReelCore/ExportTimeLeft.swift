/// How long an export still needs, from how far it got in how long: the
/// average speed so far, once there is enough of it to mean something
/// (encoders start slowly while the pipeline fills, so the first percent
/// and the first second say nothing).
public enum ExportTimeLeft {
    /// Seconds left, rounded up; nil while it cannot be told.
    public static func seconds(elapsed: Double, fraction: Double) -> Int? {
        guard elapsed >= 1, fraction >= 0.02, fraction < 1, elapsed.isFinite else { return nil }
        let left = elapsed * (1 - fraction) / fraction
        guard left.isFinite else { return nil }
        return Int(left.rounded(.up))
    }

    /// "1:05", or "" while unknown; the UI puts it in "About %s left".
    public static func text(elapsed: Double, fraction: Double) -> String {
        seconds(elapsed: elapsed, fraction: fraction).map { DurationText.format(Double($0)) } ?? ""
    }
}
