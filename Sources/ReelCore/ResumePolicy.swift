/// Which playback positions are worth remembering and offering again: only
/// for videos longer than a few minutes (three unless the person chose
/// otherwise; a short clip simply starts over),
/// not in the first seconds (nothing to resume) and not near the end (the
/// video was watched; the next open starts from the beginning).
public enum ResumePolicy {
    public static let minimumDuration: Double = 180
    static let ignoredStart: Double = 10
    static let ignoredEnd: Double = 15

    /// The position to store for `uri`, or nil to forget it.
    public static func positionToRemember(_ position: Double?, duration: Double?,
                                          minimumDuration: Double = minimumDuration) -> Double? {
        guard let position, let duration, duration > minimumDuration,
              position >= ignoredStart, position <= duration - ignoredEnd else { return nil }
        return position
    }
}
