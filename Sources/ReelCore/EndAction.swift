/// What the player does when a video ends (the `end-action` setting; the
/// seed's "play once or loop").
public enum EndAction: String, CaseIterable, Sendable {
    case stop
    case close
    case next
    /// The next video, and after the last the first again.
    case repeatQueue = "repeat-queue"
    case loop

    public var title: String {
        switch self {
        case .stop: return N_("Stop")
        case .close: return N_("Close the Player")
        case .next: return N_("Play the Next Video")
        case .repeatQueue: return N_("Repeat the Queue")
        case .loop: return N_("Loop")
        }
    }

    /// How the queue's ends behave: Next and Previous (the buttons, the
    /// keys, MPRIS) go round them only while the queue repeats.
    public var queueEnds: PlayQueue.Ends { self == .repeatQueue ? .wrap : .stop }
}
