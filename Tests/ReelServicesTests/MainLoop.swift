import GLibKit

/// Runs the GLib main context, blocking between events, until a condition
/// holds: the controller's and the bus's answers arrive as main-context
/// sources, so each iteration is one of them (no polling).
enum MainLoop {
    /// False when `seconds` went by first: a guard, so that a broken test
    /// stops by itself rather than hangs, not a measure of anything.
    @discardableResult
    static func run(seconds: UInt32 = 60, until condition: () -> Bool) -> Bool {
        var expired = false
        let guardTimer = MainContext.after(milliseconds: seconds * 1000) { expired = true }
        defer { if !expired { guardTimer.remove() } }
        while !condition() && !expired { MainContext.iterate(mayBlock: true) }
        return condition()
    }

    /// Runs whatever is ready now (idle sources included) and returns.
    static func drain() {
        while MainContext.iterate(mayBlock: false) {}
    }
}
