import CGLib
import CGtk
import GLibKit
import ReelCore

/// The player page's toasts: notes and the offer to resume, shown above the
/// control bar, never over its buttons. How many are on screen is the
/// page's to count (`PlayerPageState`): the subtitle line rises above them.
final class PlayerToasts {
    /// The control bars' margin in style.css (`.reel-player-bar`).
    static let barMargin: Int32 = 12
    /// Room for one toast (libadwaita's are about 46 px high) and a gap.
    static let toastHeight: Int32 = 56

    enum Event {
        case shown
        case dismissed
    }

    var onEvent: ((Event) -> Void)?

    private let overlay: OpaquePointer
    /// The control bar the toasts stay above.
    private let bar: UnsafeMutablePointer<GtkWidget>
    /// Lifts the toasts above the control bar (see `show`).
    private let style = gtk_css_provider_new()!
    /// The bar's height the toasts were last lifted above.
    private(set) var lift: Int32 = 0

    /// `overlay`: the page's toast overlay; `bar`: the bottom control bar.
    init(overlay: OpaquePointer, above bar: UnsafeMutablePointer<GtkWidget>) {
        self.overlay = overlay
        self.bar = bar
        gtk_style_context_add_provider_for_display(gtk_widget_get_display(bar), cast(style),
                                                   guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }

    /// A note: brief ones (a speed, a size) go by in a second, ahead of
    /// others.
    func note(_ text: String, brief: Bool) {
        let toast = adw_toast_new(text)!
        adw_toast_set_timeout(toast, brief ? 1 : 5)
        if brief { adw_toast_set_priority(toast, ADW_TOAST_PRIORITY_HIGH) }
        show(toast)
    }

    /// A note with a button ("Edit the Movie"), for five seconds.
    func note(_ text: String, button: ToastButton) {
        let toast = adw_toast_new(text)!
        adw_toast_set_button_label(toast, button.label)
        adw_toast_set_action_name(toast, button.action)
        adw_toast_set_action_target_value(toast, g_variant_new_string(button.target))
        adw_toast_set_timeout(toast, 5)
        show(toast)
    }

    func offerResume(at seconds: Double) {
        let toast = adw_toast_new(CoreText.format(tr("Resume from %s?"), [DurationText.format(seconds)]))!
        adw_toast_set_button_label(toast, tr("_Resume"))
        adw_toast_set_action_name(toast, PlayerAction.resume.detailedName)
        adw_toast_set_action_target_value(toast, g_variant_new_string(String(seconds)))
        adw_toast_set_timeout(toast, 10)
        show(toast)
    }

    /// Toasts sit at the bottom of the page, so their bottom margin is the
    /// bar's height (which the font and the window's width change) plus a
    /// gap.
    func show(_ toast: OpaquePointer) {
        // Measured, not read from the allocation: the first toast may come
        // before the page was ever laid out.
        var natural: Int32 = 0
        gtk_widget_measure(bar, GTK_ORIENTATION_VERTICAL, -1, nil, &natural, nil, nil)
        let height = max(gtk_widget_get_height(bar), natural)
        if height > 0, height != lift {
            lift = height
            let margin = height + 2 * PlayerToasts.barMargin
            gtk_css_provider_load_from_data(style, ".reel-player-toasts > toast { margin-bottom: \(margin)px; }", -1)
        }
        Signals.connect(UnsafeMutableRawPointer(toast), "dismissed") { [weak self] in self?.onEvent?(.dismissed) }
        UnnamedButtons.add(toast, to: overlay)
        onEvent?(.shown)
    }
}
