import ReelCore

/// What the MPRIS object asks of the player it speaks for (the main
/// window, with the player page and the mini window).
public protocol MPRISPlayer: AnyObject {
    /// The player's state as MPRIS says it; nil while no video the person
    /// chose is in the player or the mini window (then the bus name goes).
    var mprisState: MPRISState? { get }
    /// Where the video is, in seconds.
    var mprisPosition: Double { get }
    /// Carries out a client's request.
    func perform(_ command: MPRISCommand)
}
