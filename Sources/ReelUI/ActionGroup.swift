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

    /// Adds an action that takes a string (an item id), for menus that act
    /// on one card: `g_menu_item_set_action_and_target_value`.
    @discardableResult
    func add(_ name: String, withString activate: @escaping (String) -> Void) -> OpaquePointer {
        let stringType = g_variant_type_new("s")
        defer { g_variant_type_free(stringType) }
        let action = g_simple_action_new(name, stringType)!
        Signals.connect(UnsafeMutableRawPointer(action), "activate") { args in
            guard let variant = args.pointer(1) else { return }
            activate(String(cString: g_variant_get_string(OpaquePointer(variant), nil)))
        }
        g_action_map_add_action(OpaquePointer(map), action)
        g_object_unref(UnsafeMutableRawPointer(action))
        return action
    }

    /// Adds a stateful string action for a menu of radio items (speed,
    /// aspect, end action): choosing an item sets the state and calls
    /// `change`, which may refuse by returning false.
    @discardableResult
    func add(_ name: String, state initial: String, _ change: @escaping (String) -> Bool) -> OpaquePointer {
        let stringType = g_variant_type_new("s")
        defer { g_variant_type_free(stringType) }
        let action = g_simple_action_new_stateful(name, stringType, g_variant_new_string(initial))!
        Signals.connect(UnsafeMutableRawPointer(action), "change-state") { args in
            guard let variant = args.pointer(1) else { return }
            let value = String(cString: g_variant_get_string(OpaquePointer(variant), nil))
            if change(value) { g_simple_action_set_state(action, OpaquePointer(variant)) }
        }
        g_action_map_add_action(OpaquePointer(map), action)
        g_object_unref(UnsafeMutableRawPointer(action))
        return action
    }

    /// Adds a boolean stateful action (a check item in a menu); activating it
    /// flips the state and calls `change` with the new value.
    @discardableResult
    func add(_ name: String, toggle initial: Bool, _ change: @escaping (Bool) -> Void) -> OpaquePointer {
        let action = g_simple_action_new_stateful(name, nil, g_variant_new_boolean(initial ? 1 : 0))!
        Signals.connect(UnsafeMutableRawPointer(action), "change-state") { args in
            guard let variant = args.pointer(1) else { return }
            g_simple_action_set_state(action, OpaquePointer(variant))
            change(g_variant_get_boolean(OpaquePointer(variant)) != 0)
        }
        g_action_map_add_action(OpaquePointer(map), action)
        g_object_unref(UnsafeMutableRawPointer(action))
        return action
    }

    /// Adds an action that takes an integer (0–9 jump to a tenth).
    @discardableResult
    func add(_ name: String, withInt activate: @escaping (Int) -> Void) -> OpaquePointer {
        let intType = g_variant_type_new("i")
        defer { g_variant_type_free(intType) }
        let action = g_simple_action_new(name, intType)!
        Signals.connect(UnsafeMutableRawPointer(action), "activate") { args in
            guard let variant = args.pointer(1) else { return }
            activate(Int(g_variant_get_int32(OpaquePointer(variant))))
        }
        g_action_map_add_action(OpaquePointer(map), action)
        g_object_unref(UnsafeMutableRawPointer(action))
        return action
    }

    /// Sets a stateful string action's state without calling its handler.
    static func setState(_ action: OpaquePointer, _ value: String) {
        g_simple_action_set_state(action, g_variant_new_string(value))
    }
}
