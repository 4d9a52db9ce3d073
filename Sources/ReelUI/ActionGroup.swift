import CGLib
import GLibKit

/// Adds stateless GActions to an action map (the application or a window).
struct ActionGroup {
    let map: UnsafeMutableRawPointer

    init(map: UnsafeMutableRawPointer) { self.map = map }

    /// Adds `name` (without its `app.`/`win.` scope) and returns the action so
    /// callers can enable or disable it.
    @discardableResult
    func add(_ name: String, _ activate: @escaping () -> Void) -> OpaquePointer {
        let action = g_simple_action_new(name, nil)!
        Signals.connect(UnsafeMutableRawPointer(action), "activate", activate)
        g_action_map_add_action(OpaquePointer(map), action)
        g_object_unref(UnsafeMutableRawPointer(action))
        return action
    }
}
