/// Which video frame becomes the thumbnail. Fades from black, title cards
/// and blank frames say nothing about a video, so they are skipped.
public enum FrameChoice {
    /// Brightness statistics of one frame's luma (Y) plane, 0–255.
    public struct LumaStats: Equatable, Sendable {
        public var mean: Double
        public var standardDeviation: Double

        public init(mean: Double, standardDeviation: Double) {
            self.mean = mean
            self.standardDeviation = standardDeviation
        }
    }

    /// Below this mean a frame is taken as black (studio black is 16).
    public static let blackMean = 16.0
    /// Below this deviation a frame is flat: one colour, white or any other.
    public static let flatDeviation = 8.0

    public static func isRepresentative(_ stats: LumaStats) -> Bool {
        stats.mean >= blackMean && stats.standardDeviation >= flatDeviation
    }

    /// Index of the frame to use: the first representative one, else the
    /// most detailed (highest deviation; the earlier one on a tie). Nil
    /// only for no candidates. NaN statistics count as the least detail.
    public static func pick(_ candidates: [LumaStats]) -> Int? {
        if let first = candidates.firstIndex(where: isRepresentative) { return first }
        guard !candidates.isEmpty else { return nil }
        var best = 0
        for index in candidates.indices.dropFirst() {
            let deviation = candidates[index].standardDeviation
            let bestDeviation = candidates[best].standardDeviation
            if deviation > bestDeviation || (bestDeviation.isNaN && !deviation.isNaN) { best = index }
        }
        return best
    }

    /// Positions (seconds) to try, in order: 10 %, 25 %, 50 % and 75 % of
    /// the length; 10 % first because it is past most intros yet early
    /// enough to not give the end away. A clip too short to have distinct
    /// frames gets its first frame only. With no known length (live or
    /// unknown) the positions are 1 s (past a fade-in), 5 s, then 0 as a
    /// last resort for a stream that cannot seek.
    public static func thumbnailCandidateTimes(duration: Double?) -> [Double] {
        guard let duration, duration.isFinite, duration > 0 else { return [1, 5, 0] }
        if duration < 0.2 { return [0] }
        var times: [Double] = []
        for fraction in [0.10, 0.25, 0.50, 0.75] {
            // Milliseconds are finer than any frame and keep the values tidy.
            let time = (duration * fraction * 1000).rounded() / 1000
            if !times.contains(time) { times.append(time) }
        }
        return times
    }
}
