import CGLib
import CGtk
import GLibKit
import ReelCore

/// Adds GActions of one scope to an action map (the application, a window,
/// or a page's GSimpleActionGroup), each named by a case of the scope's enum.
struct ActionGroup<Action: ScopedAction> {
    let map: UnsafeMutableRawPointer

    init(map: UnsafeMutableRawPointer) { self.map = map }

    /// Adds `action` and returns it so callers can enable or disable it.
    @discardableResult
    func add(_ action: Action, _ activate: @escaping () -> Void) -> OpaquePointer {
        let made = g_simple_action_new(action.rawValue, nil)!
        Signals.connect(UnsafeMutableRawPointer(made), "activate", activate)
        return register(made)
    }

    /// Adds an action that takes a string (an item id), for menus that act
    /// on one card: `g_menu_item_set_action_and_target_value`.
    @discardableResult
    func add(_ action: Action, withString activate: @escaping (String) -> Void) -> OpaquePointer {
        let stringType = g_variant_type_new("s")
        defer { g_variant_type_free(stringType) }
        let made = g_simple_action_new(action.rawValue, stringType)!
        Signals.connect(UnsafeMutableRawPointer(made), .actionActivate) { variant in
            guard let variant else { return }
            activate(String(cString: g_variant_get_string(variant, nil)))
        }
        return register(made)
    }

    /// Adds a stateful string action for a menu of radio items (speed,
    /// aspect, end action): choosing an item sets the state and calls
    /// `change`, which may refuse by returning false.
    @discardableResult
    func add(_ action: Action, state initial: String, _ change: @escaping (String) -> Bool) -> OpaquePointer {
        let stringType = g_variant_type_new("s")
        defer { g_variant_type_free(stringType) }
        let made = g_simple_action_new_stateful(action.rawValue, stringType, g_variant_new_string(initial))!
        Signals.connect(UnsafeMutableRawPointer(made), .actionChangeState) { variant in
            guard let variant else { return }
            let value = String(cString: g_variant_get_string(variant, nil))
            if change(value) { g_simple_action_set_state(made, variant) }
        }
        return register(made)
    }

    /// Adds a boolean stateful action (a check item in a menu); activating it
    /// flips the state and calls `change` with the new value.
    @discardableResult
    func add(_ action: Action, toggle initial: Bool, _ change: @escaping (Bool) -> Void) -> OpaquePointer {
        let made = g_simple_action_new_stateful(action.rawValue, nil, g_variant_new_boolean(initial ? 1 : 0))!
        Signals.connect(UnsafeMutableRawPointer(made), .actionChangeState) { variant in
            guard let variant else { return }
            g_simple_action_set_state(made, variant)
            change(g_variant_get_boolean(variant) != 0)
        }
        return register(made)
    }

    /// Adds an action that takes an integer (0–9 jump to a tenth).
    @discardableResult
    func add(_ action: Action, withInt activate: @escaping (Int) -> Void) -> OpaquePointer {
        let intType = g_variant_type_new("i")
        defer { g_variant_type_free(intType) }
        let made = g_simple_action_new(action.rawValue, intType)!
        Signals.connect(UnsafeMutableRawPointer(made), .actionActivate) { variant in
            guard let variant else { return }
            activate(Int(g_variant_get_int32(variant)))
        }
        return register(made)
    }

    private func register(_ action: OpaquePointer) -> OpaquePointer {
        g_action_map_add_action(OpaquePointer(map), action)
        g_object_unref(UnsafeMutableRawPointer(action))
        return action
    }

    /// Puts the page's group (this map) on `widget` under its scope's prefix,
    /// once its actions are all added.
    func insert(on widget: UnsafeMutablePointer<GtkWidget>) {
        checkComplete()
        gtk_widget_insert_action_group(widget, Action.scope.rawValue, OpaquePointer(map))
    }

    /// Once the scope's actions are all added: each case of its enum must be
    /// there. A missing one is a key, a menu or a `.ui` button naming an
    /// action nobody registered (it would do nothing), said as a CRITICAL,
    /// which fails any UI test that starts Reel.
    func checkComplete() {
        for action in Action.allCases where g_action_map_lookup_action(OpaquePointer(map), action.rawValue) == nil {
            Log.write(.critical, domain: "Reel", "The action \(action.detailedName) was never registered")
        }
    }
}

/// The state of a stateful string action, set without calling its handler
/// (the speed shown after a key changed it).
enum ActionState {
    static func set(_ action: OpaquePointer, _ value: String) {
        g_simple_action_set_state(action, g_variant_new_string(value))
    }
}
