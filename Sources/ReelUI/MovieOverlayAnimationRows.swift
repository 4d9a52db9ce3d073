import CGLib
import CGtk
import GLibKit
import ReelCore

/// How the chosen text or picture comes and goes, in the Text and
/// Pictures panel: its entrance and exit, how long each takes, and how
/// they (and a move between two places) ease. A change the person makes
/// is reported; setting the rows from the overlay is not.
final class MovieOverlayAnimationRows {
    let widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)!
    var onChange: ((@escaping (inout MovieOverlay) -> Void) -> Void)?
    private let entrance = gtk_drop_down_new(nil, nil)!
    private let exit = gtk_drop_down_new(nil, nil)!
    private let length = PanelRow.spin(0.1...Double(OverlayAnimation.longest) / 1e9, step: 0.1, digits: 1)
    private let easing = gtk_drop_down_new(nil, nil)!
    private var showing = false

    init() {
        let kinds = OverlayAnimation.kinds.map { tr(OverlayAnimation.label(of: $0)) }
        PanelRow.setChoices(of: entrance, kinds)
        PanelRow.setChoices(of: exit, kinds)
        PanelRow.setChoices(of: easing, Easing.allCases.map { tr($0.label) })
        let rows: [(String, UnsafeMutablePointer<GtkWidget>)] = [
            (tr("Entra_nce"), entrance), (tr("E_xit"), exit),
            (tr("Entrance and Exit (seconds)"), length), (tr("_Easing"), easing),
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
                    // the other's length, or the default.
                    let old = isEntrance ? overlay.entrance : overlay.exit
                    let animation = OverlayAnimation(kind: kind, duration: MovieOverlayAnimationRows.length(of: overlay),
                                                     easing: old.easing)
                    if isEntrance { overlay.entrance = animation } else { overlay.exit = animation }
                }
            }
        }
        Signals.connect(length, "value-changed") { [weak self] in
            guard let self else { return }
            let duration = Int64((gtk_spin_button_get_value(cast(self.length)) * 1e9).rounded())
            self.change { overlay in
                if overlay.entrance.kind != .none { overlay.entrance.duration = duration }
                if overlay.exit.kind != .none { overlay.exit.duration = duration }
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

    /// How long its entrance and exit take: the longer of the two, or the
    /// default when it has neither.
    private static func length(of overlay: MovieOverlay) -> Int64 {
        let longer = max(overlay.entrance.duration, overlay.exit.duration)
        return longer > 0 ? longer : OverlayAnimation.defaultDuration
    }

    func show(_ overlay: MovieOverlay) {
        showing = true
        defer { showing = false }
        gtk_drop_down_set_selected(cast(entrance), guint(OverlayAnimation.kinds.firstIndex(of: overlay.entrance.kind) ?? 0))
        gtk_drop_down_set_selected(cast(exit), guint(OverlayAnimation.kinds.firstIndex(of: overlay.exit.kind) ?? 0))
        gtk_spin_button_set_value(cast(length), Double(MovieOverlayAnimationRows.length(of: overlay)) / 1e9)
        gtk_drop_down_set_selected(cast(easing), guint(Easing.allCases.firstIndex(of: overlay.entrance.easing) ?? 0))
    }
}
