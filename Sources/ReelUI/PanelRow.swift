import CGtk
import CShims
import GLibKit
import ReelCore

/// A row of a side panel (the movie page's Text and Pictures): a control
/// with its label before it. The label's mnemonic focuses the control, and
/// the label names it for a screen reader.
enum PanelRow {
    static func make(_ label: String, _ control: UnsafeMutablePointer<GtkWidget>,
                     mnemonicOf target: UnsafeMutablePointer<GtkWidget>? = nil) -> UnsafeMutablePointer<GtkWidget> {
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        let name = gtk_label_new_with_mnemonic(label)!
        gtk_widget_set_hexpand(name, 1)
        gtk_widget_set_halign(name, GTK_ALIGN_START)
        // Also its name for a screen reader (GTK labels it by the label).
        gtk_label_set_mnemonic_widget(cast(name), target ?? control)
        nameInnerButton(of: target ?? control, MnemonicText.plain(label))
        focusOnMnemonic(target ?? control)
        gtk_box_append(cast(row), name)
        gtk_box_append(cast(row), control)
        return row
    }

    /// A drop-down, a font or a colour button takes the focus with a button
    /// inside it, which GTK 4.8 leaves named by its class: it is named
    /// `name` instead (a spin button, switch or scale is named by its label).
    static func nameInnerButton(of control: UnsafeMutablePointer<GtkWidget>, _ name: String) {
        let wrappers = [gtk_drop_down_get_type(), gtk_font_button_get_type(), gtk_color_button_get_type()]
        guard wrappers.contains(where: { g_type_is_a(reel_instance_type(control), $0) != 0 }) else { return }
        var child = gtk_widget_get_first_child(control)
        while let current = child {
            if g_type_is_a(reel_instance_type(current), gtk_button_get_type()) != 0 {
                gtk_accessible_reset_relation(OpaquePointer(current), GTK_ACCESSIBLE_RELATION_LABELLED_BY)
                AccessibleLabel.set(current, name)
                return
            }
            child = gtk_widget_get_next_sibling(current)
        }
    }

    /// A drop-down's mnemonic focuses it (the panel scrolls to it) rather
    /// than opening its list at once: a list opened from a drop-down
    /// scrolled out of sight is placed against nothing (GDK complains of no
    /// monitor) and shows away from its row. Space or Return then opens it.
    static func focusOnMnemonic(_ control: UnsafeMutablePointer<GtkWidget>) {
        guard g_type_is_a(reel_instance_type(control), gtk_drop_down_get_type()) != 0 else { return }
        Signals.connect(UnsafeMutableRawPointer(control), .mnemonicActivate) {
            gtk_widget_grab_focus(control)
            return true
        }
    }

    /// Sets a drop-down's items.
    static func setChoices(of dropDown: UnsafeMutablePointer<GtkWidget>, _ labels: [String]) {
        let list = gtk_string_list_new(nil)!
        for label in labels { gtk_string_list_append(list, label) }
        gtk_drop_down_set_model(cast(dropDown), list)
        g_object_unref(UnsafeMutableRawPointer(list))
    }

    /// A spin button over `range` in `step`s, shown with `digits` decimals.
    static func spin(_ range: ClosedRange<Double>, step: Double, digits: UInt32 = 0) -> UnsafeMutablePointer<GtkWidget> {
        let spin = gtk_spin_button_new_with_range(range.lowerBound, range.upperBound, step)!
        gtk_spin_button_set_digits(cast(spin), digits)
        return spin
    }

    /// A switch, centred in its row.
    static func toggle() -> UnsafeMutablePointer<GtkWidget> {
        let toggle = gtk_switch_new()!
        gtk_widget_set_valign(toggle, GTK_ALIGN_CENTER)
        return toggle
    }
}
