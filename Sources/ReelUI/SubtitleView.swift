import CGLib
import CGtk
import GLibKit
import ReelCore

/// The subtitle line over the video: a label drawn by GTK, not text blended
/// into each frame, so it is crisp at any size and costs nothing per frame.
/// It sits near the bottom of the picture (not of the black bars), in a
/// size that follows the picture's height (Ctrl+plus and minus scale it),
/// and rises above the control bar while the bar shows. The player page and
/// the mini window each have one, in the overlay over their video.
final class SubtitleView {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let style = gtk_css_provider_new()!
    private var fontSize = 0
    private var markup: String?
    /// The person's size, 1 = the default.
    private(set) var scale = 1.0
    private var font = ""
    /// The smallest size in pixels, the room kept at each side and the
    /// least room under the line (the mini window's progress bar): a mini
    /// window's picture is too small for the player's.
    private let minimumSize: Double
    private let sideMargin: Int32
    private let bottomRoom: Int32

    init(minimumSize: Double = 16, sideMargin: Int32 = 24, bottomRoom: Int32 = 0) {
        self.minimumSize = minimumSize
        self.sideMargin = sideMargin
        self.bottomRoom = bottomRoom
        // Held here too: the mini window's Swift object, and the player page
        // that fills its line, may outlive the window it was in.
        widget = gtk_label_new(nil)
        _ = g_object_ref_sink(UnsafeMutableRawPointer(widget))
        gtk_widget_add_css_class(widget, "reel-subtitles")
        gtk_label_set_wrap(cast(widget), 1)
        gtk_label_set_justify(cast(widget), GTK_JUSTIFY_CENTER)
        gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(widget, GTK_ALIGN_END)
        // Clicks and the pointer go to the video beneath.
        gtk_widget_set_can_target(widget, 0)
        gtk_widget_set_visible(widget, 0)
        gtk_style_context_add_provider(gtk_widget_get_style_context(widget), cast(style),
                                       guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(widget))
    }

    /// Shows `markup` (nil hides the line).
    func show(_ markup: String?) {
        guard markup != self.markup else { return }
        self.markup = markup
        if let markup { gtk_label_set_markup(cast(widget), markup) }
        gtk_widget_set_visible(widget, markup == nil ? 0 : 1)
    }

    /// Bigger or smaller by `steps` (each a tenth), within half to twice.
    func resize(by steps: Int) -> Double {
        setScale(((scale + Double(steps) / 10) * 10).rounded() / 10)
        return scale
    }

    /// The person's size (the `subtitle-size` setting), within half to twice.
    func setScale(_ value: Double) {
        scale = min(2, max(0.5, value))
        fontSize = 0
    }

    /// The person's font (a Pango description such as "Sans Bold"; its
    /// size, if any, is left to the picture's height).
    func setFont(_ description: String) {
        guard description != font else { return }
        font = description
        fontSize = 0
    }

    /// Places the line in the picture shown in the overlay it is in (the
    /// size of the view under it): `aspect` is the picture's shape, `lift`
    /// the room controls take at the bottom when they show (0 when hidden).
    func place(aspect: Double?, mode: ContentMode, lift: Int32) {
        guard let overlay = gtk_widget_get_parent(widget) else { return }
        let width = gtk_widget_get_width(overlay), height = gtk_widget_get_height(overlay)
        guard width > 0, height > 0 else { return }
        var picture = Double(height)
        if mode == .fit, let aspect, aspect > 0 { picture = min(Double(height), Double(width) / aspect) }
        let bar = (Double(height) - picture) / 2
        let margin = max(Int32(bar + picture * 0.06), Int32(bar) + bottomRoom, lift)
        gtk_widget_set_margin_bottom(widget, margin)
        gtk_widget_set_margin_start(widget, sideMargin)
        gtk_widget_set_margin_end(widget, sideMargin)
        // A twentieth of the picture's height, at least the minimum, times
        // the person's scale: Ctrl+plus shows in a small mini window too.
        let size = Int((max(minimumSize, picture / 20) * scale).rounded())
        guard size != fontSize else { return }
        fontSize = size
        gtk_css_provider_load_from_data(style, ".reel-subtitles { font-size: \(size)px;\(SubtitleView.css(font: font)) }", -1)
    }

    /// CSS for a Pango font description's family, weight and style.
    private static func css(font: String) -> String {
        guard !font.isEmpty, let description = pango_font_description_from_string(font) else { return "" }
        defer { pango_font_description_free(description) }
        var css = ""
        if let family = pango_font_description_get_family(description) {
            css += " font-family: \"\(String(cString: family).replacingOccurrences(of: "\"", with: ""))\";"
        }
        css += " font-weight: \(pango_font_description_get_weight(description).rawValue);"
        if pango_font_description_get_style(description) != PANGO_STYLE_NORMAL { css += " font-style: italic;" }
        return css
    }
}
