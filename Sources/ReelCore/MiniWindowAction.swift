/// The mini window's actions (`pip.`): the player's keys under its own names,
/// so the shortcuts window lists them apart, and its own.
public enum MiniWindowAction: String, ScopedAction {
    case playPause = "play-pause"
    case seekBackward = "seek-backward"
    case seekForward = "seek-forward"
    case mute
    case markStart = "mark-start"
    case markEnd = "mark-end"
    case loopPart = "loop-part"
    case subtitleEarlier = "subtitle-earlier"
    case subtitleLater = "subtitle-later"
    case subtitleBigger = "subtitle-bigger"
    case subtitleSmaller = "subtitle-smaller"
    case backToPlayer = "back-to-player"
    case close

    public static let scope = ActionScope.pip

    /// The player's action this key of the mini window stands for, if any.
    public var playerAction: PlayerAction? {
        switch self {
        case .playPause: return .playPause
        case .seekBackward: return .seekBackward
        case .seekForward: return .seekForward
        case .mute: return .mute
        case .markStart: return .markStart
        case .markEnd: return .markEnd
        case .loopPart: return .loopPart
        case .subtitleEarlier: return .subtitleEarlier
        case .subtitleLater: return .subtitleLater
        case .subtitleBigger: return .subtitleBigger
        case .subtitleSmaller: return .subtitleSmaller
        case .backToPlayer, .close: return nil
        }
    }
}
