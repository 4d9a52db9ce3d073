import CGLib
import CGtk
import GLibKit
import ReelCore

/// The subtitle lines over the video: labels drawn by GTK, not text blended
/// into each frame, so they are crisp at any size and cost nothing per
/// frame. Lines sit near the bottom of the picture (not of the black bars),
/// in a size that follows the picture's height (Ctrl+plus and minus scale
/// it), and rise above the control bar while the bar shows. An ASS line
/// that says where it goes (`SubtitlePlacement`) is put there in the
/// picture, in a label of its own: lines at one place share a label, and
/// labels are added to the overlay as places are needed. The player page
/// and the mini window each have one, in the overlay over their video.
final class SubtitleView {
    /// The first label, which the owner puts in its overlay; the others
    /// join that overlay beside it.
    let widget: UnsafeMutablePointer<GtkWidget>
    private let style = gtk_css_provider_new()!
    private var fontSize = 0
    /// A label and what it shows.
    private final class Label {
        let widget: UnsafeMutablePointer<GtkWidget>
        var markup: String?
        var placement: SubtitlePlacement?
        var opacity = 1.0
        init(_ widget: UnsafeMutablePointer<GtkWidget>) { self.widget = widget }
    }
    private var labels: [Label] = []
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
        widget = gtk_label_new(nil)
        labels = [Label(widget)]
        setUp(widget)
    }

    deinit {
        for label in labels { g_object_unref(UnsafeMutableRawPointer(label.widget)) }
    }

    private func setUp(_ label: UnsafeMutablePointer<GtkWidget>) {
        // Held here too: the mini window's Swift object, and the player page
        // that fills its lines, may outlive the window they were in.
        _ = g_object_ref_sink(UnsafeMutableRawPointer(label))
        gtk_widget_add_css_class(label, "reel-subtitles")
        gtk_label_set_wrap(cast(label), 1)
        gtk_label_set_justify(cast(label), GTK_JUSTIFY_CENTER)
        gtk_widget_set_halign(label, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(label, GTK_ALIGN_END)
        // Clicks and the pointer go to the video beneath.
        gtk_widget_set_can_target(label, 0)
        label.isShown = false
        gtk_style_context_add_provider(gtk_widget_get_style_context(label), cast(style),
                                       guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }

    /// Shows `lines` (none hides them all), each at its place. A label
    /// keeps the place it shows, so a line coming or going elsewhere
    /// leaves it alone.
    func show(_ lines: [SubtitleCues.Shown]) {
        var free = Array(labels.indices)
        var chosen: [Int?] = lines.map { line in
            let showing = free.firstIndex { labels[$0].markup != nil && SubtitlePlacement.together(labels[$0].placement, line.placement) }
            return showing.map { free.remove(at: $0) }
        }
        for index in chosen.indices where chosen[index] == nil {
            if free.isEmpty, let label = addLabel() {
                labels.append(label)
                free.append(labels.count - 1)
            }
            if !free.isEmpty { chosen[index] = free.removeFirst() }
        }
        for (line, index) in zip(lines, chosen) {
            guard let index else { continue }
            let label = labels[index]
            if label.markup != line.markup { gtk_label_set_markup(cast(label.widget), line.markup) }
            if label.markup == nil { gtk_widget_set_visible(label.widget, 1) }
            label.markup = line.markup
            label.placement = line.placement
            if label.opacity != line.opacity {
                label.opacity = line.opacity
                gtk_widget_set_opacity(label.widget, line.opacity)
            }
        }
        for index in free where labels[index].markup != nil {
            labels[index].markup = nil
            gtk_widget_set_visible(labels[index].widget, 0)
        }
    }

    /// Another label in the first one's overlay, just above it.
    private func addLabel() -> Label? {
        guard let overlay = gtk_widget_get_parent(widget) else { return nil }
        let label = gtk_label_new(nil)!
        setUp(label)
        gtk_overlay_add_overlay(cast(overlay), label)
        gtk_widget_insert_after(label, overlay, labels.last?.widget ?? widget)
        return Label(label)
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

    /// Places the lines in the picture shown in the overlay they are in
    /// (the size of the view under them): `aspect` is the picture's shape,
    /// `lift` the room controls take at the bottom when they show (0 when
    /// hidden), `drop` the room they take at the top.
    func place(aspect: Double?, mode: ContentMode, lift: Int32, drop: Int32 = 0) {
        guard let overlay = gtk_widget_get_parent(widget) else { return }
        let width = Double(gtk_widget_get_width(overlay)), height = Double(gtk_widget_get_height(overlay))
        guard width > 0, height > 0 else { return }
        // The part of the view the picture shows in (fill crops it).
        let whole = aspect.map { mode.placement(aspect: $0, width: width, height: height) }
            ?? ContentMode.Rect(x: 0, y: 0, width: width, height: height)
        let left = max(0, whole.x), top = max(0, whole.y)
        let picture = ContentMode.Rect(x: left, y: top, width: min(width, whole.x + whole.width) - left,
                                       height: min(height, whole.y + whole.height) - top)
        let bar = height - picture.y - picture.height
        let bottom = max(bar + Double(bottomRoom), Double(lift))
        // A twentieth of the picture's height, at least the minimum, times
        // the person's scale: Ctrl+plus shows in a small mini window too.
        // Set first: a line at a point is placed by its size.
        let size = Int((max(minimumSize, picture.height / 20) * scale).rounded())
        if size != fontSize {
            fontSize = size
            gtk_css_provider_load_from_data(style, ".reel-subtitles { font-size: \(size)px;\(SubtitleView.css(font: font)) }", -1)
        }
        for label in labels where label.markup != nil {
            // Where lines show by default: a little above the picture's bottom.
            let placement = label.placement ?? SubtitlePlacement(horizontal: .centre, vertical: .end, verticalMargin: 0.06)
            let margins = placement.margins(in: picture, width: width, height: height, side: Double(sideMargin),
                                             top: Double(drop), bottom: bottom,
                                             size: placement.point == nil ? nil : SubtitleView.size(of: label.widget, within: width))
            // The default line may use the view's width, bars and all.
            let sides = label.placement == nil ? (Double(sideMargin), Double(sideMargin)) : (margins.start, margins.end)
            // Rounded down: a line given its natural width, less a pixel,
            // would wrap its last word.
            gtk_widget_set_margin_start(label.widget, Int32(sides.0.rounded(.down)))
            gtk_widget_set_margin_end(label.widget, Int32(sides.1.rounded(.down)))
            gtk_widget_set_margin_top(label.widget, Int32(margins.top.rounded(.down)))
            gtk_widget_set_margin_bottom(label.widget, Int32(margins.bottom.rounded(.down)))
            gtk_widget_set_halign(label.widget, SubtitleView.align(placement.horizontal))
            gtk_widget_set_valign(label.widget, SubtitleView.align(placement.vertical))
            gtk_label_set_justify(cast(label.widget), placement.horizontal == .start ? GTK_JUSTIFY_LEFT
                                  : placement.horizontal == .end ? GTK_JUSTIFY_RIGHT : GTK_JUSTIFY_CENTER)
        }
    }

    /// A label's natural width (at most `width`) and its height at that
    /// width, its margins left out.
    private static func size(of label: UnsafeMutablePointer<GtkWidget>, within width: Double) -> (width: Double, height: Double) {
        let sides = gtk_widget_get_margin_start(label) + gtk_widget_get_margin_end(label)
        let ends = gtk_widget_get_margin_top(label) + gtk_widget_get_margin_bottom(label)
        var natural: Int32 = 0
        gtk_widget_measure(label, GTK_ORIENTATION_HORIZONTAL, -1, nil, &natural, nil, nil)
        let inner = min(Double(natural - sides), width)
        gtk_widget_measure(label, GTK_ORIENTATION_VERTICAL, Int32(inner.rounded(.up)) + sides, nil, &natural, nil, nil)
        return (inner, Double(natural - ends))
    }

    private static func align(_ edge: SubtitlePlacement.Edge) -> GtkAlign {
        switch edge {
        case .start: return GTK_ALIGN_START
        case .centre: return GTK_ALIGN_CENTER
        case .end: return GTK_ALIGN_END
        }
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
