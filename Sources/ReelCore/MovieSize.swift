/// How large a movie's frame is: its short side's pixels (2160p, 1080p,
/// 720p, 480p, as television names them), or its first clip's. With the
/// shape (`MovieShape`) it makes the frame. Clips of another shape are
/// fitted inside it whole, centred, with black bars (letterboxing or
/// pillarboxing), or fill it as each clip's framing says.
public enum MovieSize: String, CaseIterable, Equatable, Sendable {
    /// The first clip's short side.
    case asFirstClip
    case uhd
    case fullHD
    case hd
    case sd

    /// What the movie page's Size menu says: translated for the first
    /// clip's size, the same in every language for the others.
    public var label: String {
        switch self {
        case .asFirstClip: return N_("As the First Clip")
        case .uhd: return "2160p"
        case .fullHD: return "1080p"
        case .hd: return "720p"
        case .sd: return "480p"
        }
    }

    /// The short side's pixels; nil for the first clip's.
    public var lines: Int? {
        switch self {
        case .asFirstClip: return nil
        case .uhd: return 2160
        case .fullHD: return 1080
        case .hd: return 720
        case .sd: return 480
        }
    }

    /// The sizes offered for a movie whose largest picture's short side is
    /// `largest`: 2160p only when a source is that large (a larger movie
    /// than its sources would only be blurred and heavy), and `current`
    /// always (an edit keeps its choice when that clip goes).
    public static func offered(largest: Int, current: MovieSize) -> [MovieSize] {
        allCases.filter { $0 != .uhd || largest >= 2160 || $0 == current }
    }

    /// The frame for a movie of `shape` whose first clip is `first`
    /// (width, height, as framed). Dimensions are even: 4:2:0 video has
    /// one colour sample per 2×2.
    public func frame(first: (width: Int, height: Int), shape: MovieShape = .asFirstClip) -> (width: Int, height: Int) {
        let first = (width: max(first.width, 2), height: max(first.height, 2))
        let ratio = shape.ratio ?? first
        let short = lines ?? min(first.width, first.height)
        if ratio.width >= ratio.height {
            return (MovieSize.even(short * ratio.width / ratio.height), MovieSize.even(short))
        }
        return (MovieSize.even(short), MovieSize.even(short * ratio.height / ratio.width))
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
