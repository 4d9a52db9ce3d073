import CGLib
import CGtk
import GLibKit
import ReelCore

/// Where and when the chosen text or picture shows, in the Text and
/// Pictures panel: its centre across and down the frame and its size (in
/// percent, as dragging it on the preview sets them), when it starts in
/// what it is over and how long it lasts, and, when it moves, the place
/// and size it ends at. A change the person makes is reported; setting
/// the rows from the overlay is not.
final class MovieOverlayPlaceRows {
    let widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)!
    var onChange: ((@escaping (inout MovieOverlay) -> Void) -> Void)?
    private let across = PanelRow.spin(0...100, step: 1)
    private let down = PanelRow.spin(0...100, step: 1)
    private let size = PanelRow.spin(OverlayPlace.smallest * 100...OverlayPlace.largest * 100, step: 5)
    private let starts = PanelRow.spin(0...1, step: 0.5, digits: 1)
    private let lasts = PanelRow.spin(0.1...1, step: 0.5, digits: 1)
    private let moves = PanelRow.toggle()
    private let endRows = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)!
    private let endAcross = PanelRow.spin(0...100, step: 1)
    private let endDown = PanelRow.spin(0...100, step: 1)
    private let endSize = PanelRow.spin(OverlayPlace.smallest * 100...OverlayPlace.largest * 100, step: 5)
    private var showing = false

    init() {
        let rows: [(String, UnsafeMutablePointer<GtkWidget>)] = [
            (tr("Acro_ss (percent)"), across), (tr("Do_wn (percent)"), down), (tr("Si_ze (percent)"), size),
            (tr("Sta_rts at (seconds)"), starts), (tr("Las_ts (seconds)"), lasts), (tr("_Moves"), moves),
        ]
        for (label, control) in rows { gtk_box_append(cast(widget), PanelRow.make(label, control)) }
        for (label, control) in [(tr("Ends Across (percent)"), endAcross), (tr("Ends Down (percent)"), endDown),
                                 (tr("Ends at Size (percent)"), endSize)] {
            gtk_box_append(cast(endRows), PanelRow.make(label, control))
        }
        gtk_box_append(cast(widget), endRows)
        connect()
    }

    private func change(_ body: @escaping (inout MovieOverlay) -> Void) {
        guard !showing else { return }
        onChange?(body)
    }

    private static func value(_ spin: UnsafeMutablePointer<GtkWidget>) -> Double { gtk_spin_button_get_value(cast(spin)) }

    private static func place(_ x: UnsafeMutablePointer<GtkWidget>, _ y: UnsafeMutablePointer<GtkWidget>,
                              _ scale: UnsafeMutablePointer<GtkWidget>) -> OverlayPlace {
        OverlayPlace(x: value(x) / 100, y: value(y) / 100, scale: value(scale) / 100)
    }

    private func connect() {
        for spin in [across, down, size] {
            Signals.connect(spin, "value-changed") { [weak self] in
                guard let self else { return }
                let place = MovieOverlayPlaceRows.place(self.across, self.down, self.size)
                self.change { $0.place = place }
            }
        }
        for spin in [endAcross, endDown, endSize] {
            Signals.connect(spin, "value-changed") { [weak self] in
                guard let self else { return }
                let place = MovieOverlayPlaceRows.place(self.endAcross, self.endDown, self.endSize)
                self.change { if $0.endPlace != nil { $0.endPlace = place } }
            }
        }
        Signals.connect(starts, "value-changed") { [weak self] in
            guard let self else { return }
            let offset = Int64((MovieOverlayPlaceRows.value(self.starts) * 1e9).rounded())
            self.change { $0.offset = offset }
        }
        Signals.connect(lasts, "value-changed") { [weak self] in
            guard let self else { return }
            let length = Int64((MovieOverlayPlaceRows.value(self.lasts) * 1e9).rounded())
            self.change { $0.length = length }
        }
        Signals.connect(moves, "notify::active") { [weak self] in
            guard let self else { return }
            let on = gtk_switch_get_active(cast(self.moves)) != 0
            gtk_widget_set_visible(self.endRows, on ? 1 : 0)
            // It starts moving from where it is, to the middle of the frame.
            self.change { $0.endPlace = on ? OverlayPlace(x: 0.5, y: 0.5, scale: $0.place.scale) : nil }
        }
    }

    /// Shows `overlay`, over something `span` nanoseconds long (its clip,
    /// or the whole movie).
    func show(_ overlay: MovieOverlay, span: Int64) {
        showing = true
        defer { showing = false }
        let spanSeconds = max(Double(span) / 1e9, 0.1)
        gtk_spin_button_set_range(cast(starts), 0, spanSeconds)
        gtk_spin_button_set_range(cast(lasts), 0.1, spanSeconds)
        gtk_spin_button_set_value(cast(starts), Double(overlay.offset) / 1e9)
        gtk_spin_button_set_value(cast(lasts), Double(overlay.length ?? max(span - overlay.offset, 0)) / 1e9)
        for (spins, place) in [([across, down, size], overlay.place), ([endAcross, endDown, endSize], overlay.endPlace ?? overlay.place)] {
            gtk_spin_button_set_value(cast(spins[0]), (place.x * 100).rounded())
            gtk_spin_button_set_value(cast(spins[1]), (place.y * 100).rounded())
            gtk_spin_button_set_value(cast(spins[2]), (place.scale * 100).rounded())
        }
        gtk_switch_set_active(cast(moves), overlay.endPlace == nil ? 0 : 1)
        gtk_widget_set_visible(endRows, overlay.endPlace == nil ? 0 : 1)
    }
}
