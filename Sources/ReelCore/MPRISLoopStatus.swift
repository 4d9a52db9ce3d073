/// MPRIS LoopStatus, which is Reel's end action as far as MPRIS can say it:
/// "Track" is the end action `loop`, "Playlist" `repeat-queue`; every other
/// end action is "None".
public enum MPRISLoopStatus: String, Sendable {
    case none = "None"
    case track = "Track"
    case playlist = "Playlist"

    public init(_ action: EndAction) {
        switch action {
        case .loop: self = .track
        case .repeatQueue: self = .playlist
        case .stop, .close, .next: self = .none
        }
    }

    /// The end action a client's request leads to, or nil when it keeps the
    /// current one: "Track" loops, "Playlist" repeats the queue; "None" ends
    /// a loop with `stop`, a repeated queue by playing on to its end, and
    /// leaves any other end action (close, next) as the person chose it.
    public func endAction(replacing current: EndAction) -> EndAction? {
        switch self {
        case .track: return current == .loop ? nil : .loop
        case .playlist: return current == .repeatQueue ? nil : .repeatQueue
        case .none:
            switch current {
            case .loop: return .stop
            case .repeatQueue: return .next
            case .stop, .close, .next: return nil
            }
        }
    }
}
