/// MPRIS LoopStatus, which is Reel's end action as far as MPRIS can say it:
/// "Track" is the end action `loop`; every other end action is "None".
public enum MPRISLoopStatus: String, Sendable {
    case none = "None"
    case track = "Track"
    /// Looping a playlist: Reel has no queue, so it is never reported and
    /// a request for it changes nothing.
    case playlist = "Playlist"

    public init(_ action: EndAction) {
        self = action == .loop ? .track : .none
    }

    /// The end action a client's request leads to, or nil when it keeps the
    /// current one: "Track" loops; "None" ends a loop with `stop` and
    /// leaves any other end action (close, next) as the person chose it.
    public func endAction(replacing current: EndAction) -> EndAction? {
        switch self {
        case .track: return current == .loop ? nil : .loop
        case .none: return current == .loop ? .stop : nil
        case .playlist: return nil
        }
    }
}
