/// The picture size of a movie. Clips of another shape are fitted inside
/// it whole, centred, with black bars (letterboxing or pillarboxing): a
/// picture is never stretched or cropped.
public enum MovieSize: String, CaseIterable, Equatable, Sendable {
    /// The first clip's size.
    case asFirstClip
    /// 1920×1080, or 1080×1920 when the first clip is portrait.
    case fullHD
    /// 1280×720, or 720×1280 when the first clip is portrait.
    case hd

    /// What the movie page's Size menu says: translated for the first
    /// clip's size, the same in every language for the others.
    public var label: String {
        switch self {
        case .asFirstClip: return N_("As the First Clip")
        case .fullHD: return "1080p"
        case .hd: return "720p"
        }
    }

    /// The frame for a movie whose first clip is `first` (width, height).
    /// Dimensions are even: 4:2:0 video has one colour sample per 2×2.
    public func frame(first: (width: Int, height: Int)) -> (width: Int, height: Int) {
        let portrait = first.height > first.width
        func oriented(_ long: Int, _ short: Int) -> (width: Int, height: Int) {
            portrait ? (short, long) : (long, short)
        }
        switch self {
        case .asFirstClip: return (MovieSize.even(first.width), MovieSize.even(first.height))
        case .fullHD: return oriented(1920, 1080)
        case .hd: return oriented(1280, 720)
        }
    }

    /// Where a picture of size `source` goes in `frame`: the largest
    /// rectangle of the source's shape that fits, centred (x, y, width,
    /// height in the frame's pixels, even sizes).
    public static func fit(_ source: (width: Int, height: Int), into frame: (width: Int, height: Int))
        -> (x: Int, y: Int, width: Int, height: Int) {
        guard source.width > 0, source.height > 0 else { return (0, 0, frame.width, frame.height) }
        // Compare source.w / source.h with frame.w / frame.h in integers.
        let widthLimited = source.width * frame.height >= frame.width * source.height
        let width = widthLimited ? frame.width : min(even(frame.height * source.width / source.height), frame.width)
        let height = widthLimited ? min(even(frame.width * source.height / source.width), frame.height) : frame.height
        return ((frame.width - width) / 2, (frame.height - height) / 2, width, height)
    }

    private static func even(_ value: Int) -> Int { max(value / 2 * 2, 2) }
}
