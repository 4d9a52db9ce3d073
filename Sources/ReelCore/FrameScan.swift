/// How a web video's thumbnail is looked for within the one download that
/// brings its first frame: when that frame says nothing (black, flat), the
/// frames after it are decoded as they arrive, rather than seeking, because
/// on the web every seek is another request to someone's server (two for a
/// WebM: its index at the end of the file, then the place sought). The scan
/// stops at the first representative frame (`FrameChoice`), or when its
/// budget is spent; only then is a seek worth its requests, and only to a
/// place the scan did not reach, because a black card is worse than one
/// more request. From there a second scan, with the same budget, looks
/// forward again (a seek lands on a keyframe, which may still be in the
/// dark part); there is no second seek.
///
/// Feed it each decoded frame in order with `look(at:)`, `ended()` when the
/// video has no more frames, and `sought()` after following a `seekTo`.
public struct FrameScan: Sendable {
    /// How far the scan may go past the first frame. Whichever is reached
    /// first ends it.
    public struct Budget: Equatable, Sendable {
        /// Seconds of video: fades from black and title cards are shorter.
        public var seconds: Double
        /// Frames decoded, for a video whose timestamps say nothing.
        public var frames: Int
        /// Bytes downloaded, so a very high bitrate costs no more than a
        /// seek would have.
        public var bytes: Int

        public init(seconds: Double, frames: Int, bytes: Int) {
            self.seconds = seconds
            self.frames = frames
            self.bytes = bytes
        }

        /// 5 s covers the usual fade-in and opening card; 150 frames is 5 s
        /// at 30 fps; 8 MB is 5 s of 1080p at a generous 13 Mb/s.
        public static let web = Budget(seconds: 5, frames: 150, bytes: 8 << 20)
    }

    public enum Step: Equatable, Sendable {
        /// This frame is representative: it is the thumbnail.
        case take
        /// Decode the next frame. `keep`: this one is the most detailed so
        /// far, the one to fall back on; hold on to it.
        case next(keep: Bool)
        /// No more looking forward: the frame kept is the thumbnail (this
        /// one if `keep`), unless `seekTo` (seconds) is given, where one
        /// look may still find a better one.
        case stop(keep: Bool, seekTo: Double?)
    }

    public let budget: Budget
    /// The video's length in seconds, when known.
    public let duration: Double?
    /// Where the one seek goes when the scan finds nothing, as a fraction of
    /// the length: past most intros, not giving the end away.
    public static let fallbackFraction = 1.0 / 3

    /// Frames looked at since the scan (or the scan after the seek) began.
    public private(set) var framesSeen = 0
    public private(set) var hasSought = false
    private var firstTime: Double?
    private var lastTime: Double?
    private var firstBytes: Int?
    private var bestDeviation: Double?

    public init(duration: Double?, budget: Budget = .web) {
        self.duration = duration
        self.budget = budget
    }

    /// One more decoded frame: its luma, its timestamp (seconds, nil when it
    /// has none) and the bytes downloaded so far (nil when unknown).
    public mutating func look(at stats: FrameChoice.LumaStats, time: Double?, bytesRead: Int?) -> Step {
        framesSeen += 1
        if let time, time.isFinite {
            if firstTime == nil { firstTime = time }
            lastTime = max(lastTime ?? time, time)
        }
        if let bytesRead, firstBytes == nil { firstBytes = bytesRead }
        if FrameChoice.isRepresentative(stats) { return .take }
        // The most detailed frame, the earlier one on a tie (as
        // FrameChoice.pick); NaN counts as the least detail.
        let deviation = stats.standardDeviation.isNaN ? -1 : stats.standardDeviation
        let keep = bestDeviation.map { deviation > $0 } ?? true
        if keep { bestDeviation = deviation }
        if spent(bytesRead: bytesRead) { return .stop(keep: keep, seekTo: fallbackSeek()) }
        return .next(keep: keep)
    }

    /// The video ended (or gave no more frames) before the budget did: what
    /// was kept is the best it has near its start.
    public func ended() -> Step {
        .stop(keep: false, seekTo: fallbackSeek())
    }

    /// The caller followed `seekTo`: the frames that come next start a new
    /// scan with a new budget; the frame kept so far stays the one to beat.
    public mutating func sought() {
        hasSought = true
        framesSeen = 0
        firstTime = nil
        lastTime = nil
        firstBytes = nil
    }

    /// Seconds of video scanned past the first frame (since the seek).
    public var secondsScanned: Double {
        guard let firstTime, let lastTime else { return 0 }
        return lastTime - firstTime
    }

    private func spent(bytesRead: Int?) -> Bool {
        let bytes = bytesRead.map { $0 - (firstBytes ?? 0) } ?? 0
        return framesSeen > budget.frames || secondsScanned >= budget.seconds || bytes >= budget.bytes
    }

    /// A seek a third of the way in, if that is beyond what was scanned;
    /// none for a video of unknown length or one scanned past that point
    /// (to its end, for a short clip), and never a second.
    private func fallbackSeek() -> Double? {
        guard !hasSought, let duration, duration.isFinite, duration > 0 else { return nil }
        let position = duration * FrameScan.fallbackFraction
        guard position > (lastTime ?? 0) else { return nil }
        return position
    }
}
