import CGLib
import CGtk
import GLibKit
import ReelCore

/// The chosen text's look, in the Text and Pictures panel: its font (a
/// family and weight from the system's fonts; its size is the panel's
/// height row), its alignment, and an outline and a shadow. A change the
/// person makes is reported; setting the rows from the text is not.
final class MovieTextStyleRows {
    let widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)!
    var onChange: ((@escaping (inout MovieText) -> Void) -> Void)?
    private let font = gtk_font_button_new()!
    private let alignment = gtk_drop_down_new(nil, nil)!
    private let outline = PanelRow.toggle()
    private let shadow = PanelRow.toggle()
    private var showing = false

    init() {
        // Families and styles only: the size is a share of the movie's
        // height, set beside the words.
        gtk_font_chooser_set_level(cast(font), GtkFontChooserLevel(rawValue: GTK_FONT_CHOOSER_LEVEL_FAMILY.rawValue
                                                                    | GTK_FONT_CHOOSER_LEVEL_STYLE.rawValue))
        gtk_font_button_set_use_font(cast(font), 1)
        gtk_font_button_set_title(cast(font), tr("Font of the Words"))
        PanelRow.setChoices(of: alignment, [tr("Left"), tr("Centre"), tr("Right")])
        gtk_box_append(cast(widget), PanelRow.make(tr("_Font"), font))
        gtk_box_append(cast(widget), PanelRow.make(tr("A_lignment"), alignment))
        gtk_box_append(cast(widget), PanelRow.make(tr("Out_line"), outline))
        gtk_box_append(cast(widget), PanelRow.make(tr("Sh_adow"), shadow))
        connect()
    }

    private func change(_ body: @escaping (inout MovieText) -> Void) {
        guard !showing else { return }
        onChange?(body)
    }

    private func connect() {
        Signals.connect(font, "font-set") { [weak self] in
            guard let self, let description = gtk_font_chooser_get_font_desc(cast(self.font)) else { return }
            defer { pango_font_description_free(description) }
            let family = pango_font_description_get_family(description).map { String(cString: $0) } ?? MovieText.defaultFamily
            let weight = Int(pango_font_description_get_weight(description).rawValue)
            self.change { text in
                text.family = family
                text.weight = weight
            }
        }
        Signals.connect(alignment, "notify::selected") { [weak self] in
            guard let self else { return }
            let index = Int(gtk_drop_down_get_selected(cast(self.alignment)))
            guard MovieText.Alignment.allCases.indices.contains(index) else { return }
            self.change { $0.alignment = MovieText.Alignment.allCases[index] }
        }
        Signals.connect(outline, "notify::active") { [weak self] in
            guard let self else { return }
            let on = gtk_switch_get_active(cast(self.outline)) != 0
            // A dark outline around light words, a light one around dark words.
            self.change { $0.outline = on ? $0.colour.contrasting : nil }
        }
        Signals.connect(shadow, "notify::active") { [weak self] in
            guard let self else { return }
            let on = gtk_switch_get_active(cast(self.shadow)) != 0
            self.change { $0.shadow = on ? .shadow : nil }
        }
    }

    func show(_ text: MovieText) {
        showing = true
        defer { showing = false }
        let description = pango_font_description_new()!
        pango_font_description_set_family(description, text.family)
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(text.weight)))
        pango_font_description_set_size(description, 12 * PANGO_SCALE)
        gtk_font_chooser_set_font_desc(cast(font), description)
        pango_font_description_free(description)
        gtk_drop_down_set_selected(cast(alignment), guint(MovieText.Alignment.allCases.firstIndex(of: text.alignment) ?? 1))
        gtk_switch_set_active(cast(outline), text.outline == nil ? 0 : 1)
        gtk_switch_set_active(cast(shadow), text.shadow == nil ? 0 : 1)
    }
}
