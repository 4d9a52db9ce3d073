import CGLib
import CGtk
import GLibKit
import ReelCore

/// How the chosen video's picture is turned, mirrored, cropped and put in
/// the movie's frame (`ClipFraming`), among the chosen clip's rows: Rotate
/// Left and Right, Flip Horizontally and Vertically, Fill the Frame (off:
/// fitted whole, with bars) with the point kept in the middle, and under
/// Crop (folded away until a clip has a crop) how much is cut from each
/// edge. A change the person makes is reported; setting the rows from the
/// clip is not.
final class MovieClipFramingRows {
    let widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)!
    var onChange: ((@escaping (inout ClipFraming) -> Void) -> Void)?
    private let fill = PanelRow.toggle()
    private let focusRows = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)!
    private let focusAcross = PanelRow.spin(0...100, step: 5)
    private let focusDown = PanelRow.spin(0...100, step: 5)
    private let cropLeft = PanelRow.spin(0...90, step: 1)
    private let cropTop = PanelRow.spin(0...90, step: 1)
    private let cropRight = PanelRow.spin(0...90, step: 1)
    private let cropBottom = PanelRow.spin(0...90, step: 1)
    private let cropRows = gtk_expander_new(tr("Crop"))!
    private var showing = false

    init() {
        let buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_widget_add_css_class(buttons, "linked")
        let turns: [(String, String, (inout ClipFraming) -> Void)] = [
            ("object-rotate-left-symbolic", tr("Rotate Left"), { $0.turn(clockwise: false) }),
            ("object-rotate-right-symbolic", tr("Rotate Right"), { $0.turn(clockwise: true) }),
            ("object-flip-horizontal-symbolic", tr("Flip Horizontally"), { $0.flipHorizontally() }),
            ("object-flip-vertical-symbolic", tr("Flip Vertically"), { $0.flipVertically() }),
        ]
        for (icon, name, body) in turns {
            let button = gtk_button_new_from_icon_name(icon)!
            IconButton.describe(button, name)
            Signals.connect(button, "clicked") { [weak self] in self?.change(body) }
            gtk_box_append(cast(buttons), button)
        }
        // The buttons name themselves: the row's label is not theirs.
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        let label = gtk_label_new(tr("Picture"))!
        gtk_widget_set_hexpand(label, 1)
        gtk_widget_set_halign(label, GTK_ALIGN_START)
        gtk_box_append(cast(row), label)
        gtk_box_append(cast(row), buttons)
        gtk_box_append(cast(widget), row)
        gtk_box_append(cast(widget), PanelRow.make(tr("Fill the Frame"), fill))
        for (label, spin) in [(tr("Middle Across (percent)"), focusAcross), (tr("Middle Down (percent)"), focusDown)] {
            gtk_box_append(cast(focusRows), PanelRow.make(label, spin))
        }
        gtk_box_append(cast(widget), focusRows)
        let crops = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)!
        gtk_widget_set_margin_top(crops, 8)
        for (label, spin) in [(tr("Crop Left (percent)"), cropLeft), (tr("Crop Top (percent)"), cropTop),
                              (tr("Crop Right (percent)"), cropRight), (tr("Crop Bottom (percent)"), cropBottom)] {
            gtk_box_append(cast(crops), PanelRow.make(label, spin))
        }
        gtk_expander_set_child(cast(cropRows), crops)
        // GTK 4.8 names an expander by its class, not its label.
        AccessibleLabel.set(cropRows, tr("Crop"))
        gtk_box_append(cast(widget), cropRows)
        connect()
    }

    private func change(_ body: @escaping (inout ClipFraming) -> Void) {
        guard !showing else { return }
        onChange?(body)
    }

    private static func share(_ spin: UnsafeMutablePointer<GtkWidget>) -> Double { gtk_spin_button_get_value(cast(spin)) / 100 }

    private func connect() {
        Signals.connect(fill, "notify::active") { [weak self] in
            guard let self else { return }
            let on = gtk_switch_get_active(cast(self.fill)) != 0
            self.change { $0.fill = on }
        }
        for spin in [focusAcross, focusDown] {
            Signals.connect(spin, "value-changed") { [weak self] in
                guard let self else { return }
                let focus = ClipFraming.Point(x: Self.share(self.focusAcross), y: Self.share(self.focusDown))
                self.change { $0.focus = focus }
            }
        }
        for spin in [cropLeft, cropTop, cropRight, cropBottom] {
            Signals.connect(spin, "value-changed") { [weak self] in
                guard let self else { return }
                let crop = ClipFraming.Crop(left: Self.share(self.cropLeft), top: Self.share(self.cropTop),
                                            right: Self.share(self.cropRight), bottom: Self.share(self.cropBottom))
                self.change { $0.crop = crop }
            }
        }
    }

    /// Sets the rows from a video's framing.
    func show(_ framing: ClipFraming) {
        showing = true
        defer { showing = false }
        gtk_switch_set_active(cast(fill), framing.fill ? 1 : 0)
        gtk_widget_set_visible(focusRows, framing.fill ? 1 : 0)
        if framing.crop != .none { gtk_expander_set_expanded(cast(cropRows), 1) }
        for (spin, share) in [(focusAcross, framing.focus.x), (focusDown, framing.focus.y), (cropLeft, framing.crop.left),
                              (cropTop, framing.crop.top), (cropRight, framing.crop.right), (cropBottom, framing.crop.bottom)] {
            gtk_spin_button_set_value(cast(spin), (share * 100).rounded())
        }
    }
}
