import CGLib
import CGtk
import GLibKit
import ReelCore

/// How the chosen text or picture comes and goes, in the Text and
/// Pictures panel: its entrance and exit, how long each takes (each its
/// own length), and how they (and a move between two places) ease. A change the person makes
/// is reported; setting the rows from the overlay is not.
final class MovieOverlayAnimationRows {
    let widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)!
    var onChange: ((@escaping (inout MovieOverlay) -> Void) -> Void)?
    private let entrance = gtk_drop_down_new(nil, nil)!
    private let exit = gtk_drop_down_new(nil, nil)!
    private let entranceLength = PanelRow.spin(0.1...Double(OverlayAnimation.longest) / 1e9, step: 0.1, digits: 1)
    private let exitLength = PanelRow.spin(0.1...Double(OverlayAnimation.longest) / 1e9, step: 0.1, digits: 1)
    private let easing = gtk_drop_down_new(nil, nil)!
    private var showing = false

    init() {
        let kinds = OverlayAnimation.kinds.map { tr(OverlayAnimation.label(of: $0)) }
        PanelRow.setChoices(of: entrance, kinds)
        PanelRow.setChoices(of: exit, kinds)
        PanelRow.setChoices(of: easing, Easing.allCases.map { tr($0.label) })
        let rows: [(String, UnsafeMutablePointer<GtkWidget>)] = [
            (tr("Entra_nce"), entrance), (tr("Entrance Length (seconds)"), entranceLength),
            (tr("E_xit"), exit), (tr("Exit Length (seconds)"), exitLength), (tr("_Easing"), easing),
        ]
        for (label, control) in rows { gtk_box_append(cast(widget), PanelRow.make(label, control)) }
        connect()
    }

    private func change(_ body: @escaping (inout MovieOverlay) -> Void) {
        guard !showing else { return }
        onChange?(body)
    }

    private func connect() {
        for (dropDown, isEntrance) in [(entrance, true), (exit, false)] {
            Signals.connect(dropDown, "notify::selected") { [weak self] in
                guard let self else { return }
                let index = Int(gtk_drop_down_get_selected(cast(dropDown)))
                guard OverlayAnimation.kinds.indices.contains(index) else { return }
                let kind = OverlayAnimation.kinds[index]
                self.change { overlay in
                    // Keeps its length and easing; one that was none takes
                    // the default length.
                    let old = isEntrance ? overlay.entrance : overlay.exit
                    let animation = OverlayAnimation(kind: kind, duration: old.duration > 0 ? old.duration : OverlayAnimation.defaultDuration,
                                                     easing: old.easing)
                    if isEntrance { overlay.entrance = animation } else { overlay.exit = animation }
                }
            }
        }
        for (spin, isEntrance) in [(entranceLength, true), (exitLength, false)] {
            Signals.connect(spin, "value-changed") { [weak self] in
                guard let self else { return }
                let duration = Int64((gtk_spin_button_get_value(cast(spin)) * 1e9).rounded())
                self.change { overlay in
                    if isEntrance { overlay.entrance.duration = duration } else { overlay.exit.duration = duration }
                }
            }
        }
        Signals.connect(easing, "notify::selected") { [weak self] in
            guard let self else { return }
            let index = Int(gtk_drop_down_get_selected(cast(self.easing)))
            guard Easing.allCases.indices.contains(index) else { return }
            let chosen = Easing.allCases[index]
            self.change { overlay in
                overlay.entrance.easing = chosen
                overlay.exit.easing = chosen
                overlay.moveEasing = chosen
            }
        }
    }

    func show(_ overlay: MovieOverlay) {
        showing = true
        defer { showing = false }
        gtk_drop_down_set_selected(cast(entrance), guint(OverlayAnimation.kinds.firstIndex(of: overlay.entrance.kind) ?? 0))
        gtk_drop_down_set_selected(cast(exit), guint(OverlayAnimation.kinds.firstIndex(of: overlay.exit.kind) ?? 0))
        // A length shows (and can be set) for an entrance or exit there is.
        for (spin, animation) in [(entranceLength, overlay.entrance), (exitLength, overlay.exit)] {
            gtk_widget_set_sensitive(spin, animation.kind == .none ? 0 : 1)
            let length = animation.kind == .none ? OverlayAnimation.defaultDuration : animation.duration
            gtk_spin_button_set_value(cast(spin), Double(length) / 1e9)
        }
        gtk_drop_down_set_selected(cast(easing), guint(Easing.allCases.firstIndex(of: overlay.entrance.easing) ?? 0))
    }
}
