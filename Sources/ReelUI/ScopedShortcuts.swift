import CGLib
import CGtk
import ReelCore

/// A shortcut controller with the keys of one ShortcutTable scope ("player",
/// "strip", "pip"), each firing its named action; keys with arguments pass
/// theirs (0…9 in the player).
enum ScopedShortcuts {
    /// Adds the controller to `widget`. `capture`: the keys act before
    /// focused children see them (Space plays rather than clicks a button).
    static func attach(scope: ActionScope, to widget: UnsafeMutablePointer<GtkWidget>, capture: Bool) {
        let controller = gtk_shortcut_controller_new()!
        if capture { gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE) }
        for shortcut in ShortcutTable.all where shortcut.scope == scope {
            for (index, accelerator) in shortcut.accelerators.enumerated() {
                guard let trigger = gtk_shortcut_trigger_parse_string(accelerator) else { continue }
                let entry = gtk_shortcut_new(trigger, gtk_named_action_new(shortcut.action))!
                if let arguments = shortcut.arguments {
                    gtk_shortcut_set_arguments(entry, g_variant_new_int32(Int32(arguments[index])))
                }
                gtk_shortcut_controller_add_shortcut(controller, entry)
            }
        }
        gtk_widget_add_controller(widget, controller)
    }
}
