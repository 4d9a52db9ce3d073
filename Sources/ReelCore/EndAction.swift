/// What the player does when a video ends (the `end-action` setting; the
/// seed's "play once or loop").
public enum EndAction: String, CaseIterable, Sendable {
    case stop
    case close
    case next
    case loop

    public var title: String {
        switch self {
        case .stop: return N_("Stop")
        case .close: return N_("Close the Player")
        case .next: return N_("Play the Next Video")
        case .loop: return N_("Loop")
        }
    }
}
