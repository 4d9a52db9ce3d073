import CGLib
import CGtk
import GLibKit
import ReelCore

/// How fast the chosen video plays in the movie, among the chosen clip's
/// rows: Speed, a menu of `MovieClip.speedPresets` and Other, which shows
/// a spin button for any speed between them; and, for a clip with sound
/// faster than 2×, Keep Its Sound (off, it is silent there). A change the
/// person makes is reported; setting the rows from the clip is not.
final class MovieClipSpeedRows {
    let widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)!
    var onSpeed: ((Double) -> Void)?
    var onKeepsFastSound: ((Bool) -> Void)?
    private let menu = gtk_drop_down_new(nil, nil)!
    private let otherRow: UnsafeMutablePointer<GtkWidget>
    private let other = PanelRow.spin(MovieClip.slowest...MovieClip.fastest, step: 0.05, digits: 2)
    private let keepRow: UnsafeMutablePointer<GtkWidget>
    private let keep = PanelRow.toggle()
    private var showing = false

    init() {
        PanelRow.setChoices(of: menu, MovieClip.speedPresets.map(MovieClipSpeedRows.label) + [tr("Other")])
        gtk_box_append(cast(widget), PanelRow.make(tr("Speed"), menu))
        otherRow = PanelRow.make(tr("Other Speed (times)"), other)
        gtk_box_append(cast(widget), otherRow)
        keepRow = PanelRow.make(tr("_Keep Its Sound Above 2×"), keep)
        gtk_box_append(cast(widget), keepRow)
        Signals.connect(menu, "notify::selected") { [weak self] in
            guard let self, !self.showing else { return }
            let index = Int(gtk_drop_down_get_selected(cast(self.menu)))
            if index < MovieClip.speedPresets.count {
                self.onSpeed?(MovieClip.speedPresets[index])
            } else {
                // Other: the spin button, from the speed the clip has.
                gtk_widget_set_visible(self.otherRow, 1)
            }
        }
        Signals.connect(other, "value-changed") { [weak self] in
            guard let self, !self.showing else { return }
            self.onSpeed?(gtk_spin_button_get_value(cast(self.other)))
        }
        Signals.connect(keep, "notify::active") { [weak self] in
            guard let self, !self.showing else { return }
            self.onKeepsFastSound?(gtk_switch_get_active(cast(self.keep)) != 0)
        }
    }

    /// "1×" reads as the clip's own speed.
    private static func label(_ speed: Double) -> String {
        speed == 1 ? tr("Normal") : PlaybackSpeed.label(speed)
    }

    /// Sets the rows from a video: Other when its speed is none of the
    /// presets (or Other was just chosen for it), Keep Its Sound when it
    /// has sound and is faster than 2×.
    func show(_ clip: MovieClip, sameClip: Bool) {
        showing = true
        defer { showing = false }
        let preset = MovieClip.presetIndex(of: clip.speed)
        let otherChosen = sameClip && gtk_widget_get_visible(otherRow) != 0
        gtk_drop_down_set_selected(cast(menu), UInt32(otherChosen ? MovieClip.speedPresets.count
                                                        : preset ?? MovieClip.speedPresets.count))
        gtk_widget_set_visible(otherRow, otherChosen || preset == nil ? 1 : 0)
        gtk_spin_button_set_value(cast(other), clip.speed)
        gtk_widget_set_visible(keepRow, clip.hasSound && clip.speed > MovieClip.fastestWithSound ? 1 : 0)
        gtk_switch_set_active(cast(keep), clip.keepsFastSound ? 1 : 0)
    }
}
