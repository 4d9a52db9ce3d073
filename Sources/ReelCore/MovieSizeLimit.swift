/// "Fit under N MB": a movie that must go where files have a size limit (a
/// messaging app, an e-mail). The video's bit rate is worked out from the
/// movie's length and its sound's rate so the whole file lands just under
/// the limit; the encoder then holds that rate (constant, padded where the
/// picture needs less, so the file is not far below the limit either).
public struct MovieSizeLimit: Equatable, Sendable {
    /// The limit in megabytes of 1,000,000 bytes (smaller than a mebibyte:
    /// a file under it is under either).
    public let megabytes: Int

    public init(megabytes: Int) {
        self.megabytes = max(megabytes, 1)
    }

    /// The limits the Size Limit menu offers.
    public static let offered = [8, 25, 50, 100].map(MovieSizeLimit.init(megabytes:))

    /// What the menu and messages say: "25 MB" (the same in every
    /// language Reel speaks).
    public var label: String { "\(megabytes) MB" }

    /// The share of the limit the streams may fill: the container's boxes
    /// and the encoders' small overshoots take the rest.
    static let streamShare = 0.95
    /// Below this a picture is no longer worth watching: such a movie is
    /// too long for its limit.
    public static let lowestVideoBitrate = 150_000

    public var bytes: Int64 { Int64(megabytes) * 1_000_000 }

    /// The video bit rate (bits a second) that fills the limit for a movie
    /// `duration` nanoseconds long whose sound takes `audioBitrate`, no more
    /// than `highest` (a short movie needs no more than its usual rate); nil
    /// when even `lowestVideoBitrate` would not fit.
    public func videoBitrate(duration: Int64, audioBitrate: Int, highest: Int) -> Int? {
        guard duration > 0 else { return highest }
        let seconds = Double(duration) / 1e9
        let total = Double(bytes) * 8 * MovieSizeLimit.streamShare / seconds
        let video = Int(total) - audioBitrate
        guard video >= MovieSizeLimit.lowestVideoBitrate else { return nil }
        return min(video, highest)
    }
}
