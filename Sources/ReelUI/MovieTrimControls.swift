import CGtk
import Foundation
import GLibKit
import ReelCore

/// The chosen clip's trim: where it starts and ends in its file (two spin
/// buttons, in seconds) and a line saying which end the keys move (I and
/// O choose). A value the person types is reported; setting them from the
/// clip is not.
final class MovieTrimControls {
    var onTrim: ((MovieTrimHandle, Int64) -> Void)?
    private let keys: UnsafeMutablePointer<GtkWidget>
    private let start: UnsafeMutablePointer<GtkWidget>
    private let end: UnsafeMutablePointer<GtkWidget>
    /// Set while `show` sets the spin buttons, so their signals are not edits.
    private var showing = false
    /// The trim points last shown, in nanoseconds.
    private var shown: [MovieTrimHandle: Int64] = [:]

    init(keys: UnsafeMutablePointer<GtkWidget>, start: UnsafeMutablePointer<GtkWidget>, end: UnsafeMutablePointer<GtkWidget>) {
        self.keys = keys
        self.start = start
        self.end = end
        for (spin, which) in [(start, MovieTrimHandle.start), (end, .end)] {
            Signals.connect(spin, "value-changed") { [weak self] in
                guard let self, !self.showing else { return }
                let value = gtk_spin_button_get_value(OpaquePointer(spin))
                // Leaving the field sets it to the rounded number it shows
                // (2.11 for 2.1132 s): that is no trim of the person's.
                let shown = Double(self.shown[which] ?? -1) / 1e9
                let digits = Double(gtk_spin_button_get_digits(OpaquePointer(spin)))
                guard abs(value - shown) >= 0.5 * pow(10, -digits) else { return }
                self.onTrim?(which, Int64((value * 1e9).rounded()))
            }
        }
    }

    /// `clip`: the chosen one, called `name`, or nil when none is.
    func show(_ clip: MovieClip?, name: String, handle: MovieTrimHandle) {
        guard let clip else {
            for widget in [start, end] { gtk_widget_set_sensitive(widget, 0) }
            gtk_label_set_text(cast(keys), tr("No clip"))
            return
        }
        for widget in [start, end] { gtk_widget_set_sensitive(widget, 1) }
        let text = handle == .start ? tr("%s: the keys , and . move its start by one frame, with Shift by one second")
            : tr("%s: the keys , and . move its end by one frame, with Shift by one second")
        gtk_label_set_text(cast(keys), CoreText.format(text, [name]))
        showing = true
        defer { showing = false }
        let length = Double(clip.sourceDuration) / 1e9
        gtk_spin_button_set_range(OpaquePointer(start), 0, length)
        gtk_spin_button_set_range(OpaquePointer(end), 0, length)
        shown = [.start: clip.trimIn, .end: clip.trimOut]
        gtk_spin_button_set_value(OpaquePointer(start), Double(clip.trimIn) / 1e9)
        gtk_spin_button_set_value(OpaquePointer(end), Double(clip.trimOut) / 1e9)
    }
}
