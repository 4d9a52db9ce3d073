import CGLib
import CGtk
import GLibKit
import ReelCore
import ReelMedia

/// Focus and exposure, for cameras whose V4L2 node has the controls: a
/// button on the camera bar with a popover of switches (automatic focus,
/// automatic exposure) and sliders (usable while the automatic mode is
/// off). Hidden for cameras without any.
final class CameraControlsPopover {
    let button: UnsafeMutablePointer<GtkWidget>
    private let content: UnsafeMutablePointer<GtkWidget>
    private var camera: CaptureDevice?

    init() {
        button = gtk_menu_button_new()
        gtk_menu_button_set_icon_name(cast(button), "camera-focus-symbolic")
        IconButton.describe(button, tr("Focus and Exposure"))
        gtk_widget_add_css_class(button, "osd")
        gtk_widget_add_css_class(button, "circular")
        gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
        content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)
        gtk_widget_set_size_request(content, 260, -1)
        let popover = gtk_popover_new()!
        gtk_popover_set_child(cast(popover), content)
        gtk_menu_button_set_popover(cast(button), popover)
        button.isShown = false
    }

    /// Reads `camera`'s controls and rebuilds the popover (nil: hides it).
    func show(for camera: CaptureDevice?) {
        self.camera = camera
        while let child = gtk_widget_get_first_child(content) { gtk_box_remove(cast(content), child) }
        let layout = CameraControlsLayout(controls: camera.map(CameraControls.read) ?? [])
        button.isShown = !layout.isEmpty
        guard !layout.isEmpty else { return }
        let focus = layout.focus.map { slider($0, tr("Focus"), usable: layout.focusAdjustable) }
        if let on = layout.autoFocus {
            addSwitch(tr("Automatic Focus"), on: on) { [weak self] on in
                self?.set(.autoFocus, on ? 1 : 0)
                if let focus { gtk_widget_set_sensitive(focus, on ? 0 : 1) }
            }
        }
        if let focus { gtk_box_append(cast(content), focus) }
        let exposure = layout.exposure.map { slider($0, tr("Exposure"), usable: layout.exposureAdjustable) }
        if let on = layout.autoExposure {
            addSwitch(tr("Automatic Exposure"), on: on) { [weak self] on in
                self?.set(.autoExposure, on ? CameraControl.automaticExposure : CameraControl.manualExposure)
                if let exposure { gtk_widget_set_sensitive(exposure, on ? 0 : 1) }
            }
        }
        if let exposure { gtk_box_append(cast(content), exposure) }
    }

    private func set(_ kind: CameraControl.Kind, _ value: Int) {
        guard let camera else { return }
        CameraControls.set(kind, to: value, on: camera)
    }

    private func addSwitch(_ title: String, on: Bool, _ changed: @escaping (Bool) -> Void) {
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        let label = gtk_label_new(title)!
        gtk_widget_set_hexpand(label, 1)
        gtk_label_set_xalign(cast(label), 0)
        let toggle = gtk_switch_new()!
        gtk_switch_set_active(cast(toggle), on ? 1 : 0)
        AccessibleLabel.set(toggle, title)
        Signals.connect(UnsafeMutableRawPointer(toggle), "notify::active") {
            changed(gtk_switch_get_active(cast(toggle)) != 0)
        }
        gtk_box_append(cast(row), label)
        gtk_box_append(cast(row), toggle)
        gtk_box_append(cast(content), row)
    }

    private func slider(_ control: CameraControl, _ title: String, usable: Bool) -> UnsafeMutablePointer<GtkWidget> {
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        let label = gtk_label_new(title)!
        gtk_label_set_xalign(cast(label), 0)
        gtk_widget_add_css_class(label, "dim-label")
        let scale = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, Double(control.minimum), Double(control.maximum),
                                             Double(control.step))!
        gtk_range_set_value(cast(scale), Double(control.value))
        AccessibleLabel.set(scale, title)
        let kind = control.kind
        Signals.connect(UnsafeMutableRawPointer(scale), "value-changed") { [weak self] in
            self?.set(kind, Int(gtk_range_get_value(cast(scale)).rounded()))
        }
        gtk_box_append(cast(box), label)
        gtk_box_append(cast(box), scale)
        box.isSensitive = usable
        return box
    }
}
