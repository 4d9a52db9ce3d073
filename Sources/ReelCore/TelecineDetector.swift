/// Tells telecined film (24 film frames a second spread over 60 fields by
/// 3:2 pulldown) from truly interlaced video, so that only film goes
/// through GStreamer's inverse telecine (`ivtc`, which turns anything it is
/// given into 24 frames a second: true 60i would lose motion).
///
/// The caps alone cannot tell them apart: a hard-telecined H.264 or MPEG-2
/// file decodes as "interleaved" or "mixed" at 30000/1001 with every frame
/// flagged interlaced, exactly like 60i video shot on a camera. So the caps
/// only say whether a stream may be film (`mayBeTelecined`), and the
/// pictures decide: in film, two frames in every five are woven from two
/// film frames and comb where things move, the other three are whole film
/// frames and do not; in 60i every moving frame combs.
public struct TelecineDetector: Sendable {
    public enum Verdict: Equatable, Sendable {
        case undecided
        case telecined
        case notTelecined
    }

    /// Windows of five frames whose combed pair sat in the same place, one
    /// after the other, that make a stream film: a third of a second.
    static let windowsForFilm = 3
    /// Windows with motion but no cadence that make a stream not film.
    static let windowsAgainst = 2
    /// Frames without motion enough to judge after which the detector gives
    /// up (a still picture for 10 seconds of 30 frames): the stream stays on
    /// the deinterlacer.
    static let patience = 300
    /// The fewest combed pixels (a fraction of those sampled) a woven frame
    /// of film must show to count as motion: a moving edge or two.
    static let motion = 0.002
    /// How many times more the woven pair must comb than the whole frames,
    /// which comb a little too where a picture has fine horizontal detail
    /// (videotestsrc's SMPTE bars: 0.012 whole, 0.05 woven).
    static let contrast = 2.0

    public private(set) var verdict = Verdict.undecided
    private var window: [Double] = []
    private var phase: Int?
    private var agreeing = 0
    private var against = 0
    private var frames = 0

    public init() {}

    /// Whether a stream with these caps may be telecined film: interlaced
    /// (any mode but progressive) at 60 fields a second (30000/1001, or
    /// 30/1), in a format and width `ivtc` takes (planar 8-bit I420, Y42B or
    /// Y444, at most 2048 wide). Anything else keeps today's path.
    public static func mayBeTelecined(interlaceMode: String, frameRate: (numerator: Int, denominator: Int),
                                      format: String, width: Int) -> Bool {
        guard interlaceMode != "progressive", ["I420", "Y42B", "Y444"].contains(format), width <= 2048,
              frameRate.denominator > 0 else { return false }
        let fieldsPerSecond = 2 * Double(frameRate.numerator) / Double(frameRate.denominator)
        return abs(fieldsPerSecond - 60) < 0.2
    }

    /// Takes one frame's comb score (`combScore`, in stream order) and says
    /// what the stream is so far. Once decided, the verdict stays.
    @discardableResult
    public mutating func add(comb: Double) -> Verdict {
        guard verdict == .undecided else { return verdict }
        frames += 1
        window.append(comb)
        if window.count == 5 {
            judge(window)
            window.removeAll(keepingCapacity: true)
        }
        if verdict == .undecided, frames >= TelecineDetector.patience { verdict = .notTelecined }
        return verdict
    }

    /// Five frames in a row: film has two neighbours (the same two places
    /// in every window) combing far more than the other three.
    private mutating func judge(_ scores: [Double]) {
        let order = scores.indices.sorted { scores[$0] > scores[$1] }
        let woven = order.prefix(2), whole = order.dropFirst(2)
        let wovenLeast = woven.map { scores[$0] }.min()!, wholeMost = whole.map { scores[$0] }.max()!
        guard wovenLeast >= TelecineDetector.motion else { return } // nothing moves: no evidence
        let first = woven.min()!, second = woven.max()!
        let neighbours = second - first == 1 || (first == 0 && second == 4)
        if neighbours && wovenLeast >= TelecineDetector.contrast * wholeMost
            && wovenLeast - wholeMost >= TelecineDetector.motion {
            let place = second - first == 1 ? first : 4
            agreeing = place == phase ? agreeing + 1 : 1
            phase = place
            against = 0
            if agreeing >= TelecineDetector.windowsForFilm { verdict = .telecined }
        } else {
            agreeing = 0
            phase = nil
            against += 1
            if against >= TelecineDetector.windowsAgainst { verdict = .notTelecined }
        }
    }

    /// The fraction of sampled luma pixels that comb: a pixel on one row
    /// that is brighter, or darker, than both rows around it (the other
    /// field's) by more than a little, in a run of a few along the row, as
    /// moving edges woven from two moments are. Every second row pair and
    /// every second column are sampled, which is plenty for a verdict.
    public static func combScore(luma: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int) -> Double {
        guard width >= 8, height >= 8 else { return 0 }
        let threshold = 8, run = 3
        var combed = 0, sampled = 0
        var y = 2
        while y < height - 2 {
            let above = luma + (y - 1) * stride, row = luma + y * stride, below = luma + (y + 1) * stride
            var streak = 0
            var x = 0
            while x < width {
                let a = Int(above[x]), b = Int(row[x]), c = Int(below[x])
                if b > max(a, c) + threshold || b < min(a, c) - threshold {
                    streak += 1
                    if streak >= run { combed += 1 }
                } else {
                    streak = 0
                }
                sampled += 1
                x += 2
            }
            y += 4
        }
        return sampled == 0 ? 0 : Double(combed) / Double(sampled)
    }
}
