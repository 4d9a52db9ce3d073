/// Tells a click from a double-click on the preview strip. A click toggles
/// the sound, a double-click the speed; the double-click must not first
/// toggle the sound, so a single click only acts once the double-click time
/// has passed without a second press.
public struct ClickIntent: Equatable, Sendable {
    public enum Action: Equatable, Sendable {
        case toggleSound
        case toggleSpeed
    }

    /// The desktop's double-click time, in seconds (GtkSettings).
    public let doubleClickTime: Double
    /// When a lone click will act, if no second press comes first.
    public private(set) var pendingUntil: Double?

    public init(doubleClickTime: Double) {
        self.doubleClickTime = doubleClickTime
    }

    /// A press; `count` is GTK's n_press (1, 2, …) at time `now`. Returns an
    /// action to do now, if any; a first press only arms the timer.
    public mutating func press(count: Int, at now: Double) -> Action? {
        if count >= 2 {
            pendingUntil = nil
            return count == 2 ? .toggleSpeed : nil
        }
        pendingUntil = now + doubleClickTime
        return nil
    }

    /// The timer armed by a first press fired (or time moved on): the lone
    /// click acts if no second press came in time.
    public mutating func tick(at now: Double) -> Action? {
        guard let deadline = pendingUntil, now >= deadline else { return nil }
        pendingUntil = nil
        return .toggleSound
    }
}
