import CGLib
import CGtk
import GLibKit
import ReelCore

/// All / Local / Remote / Recent: linked toggle buttons in the header bar.
/// The choice is kept in GSettings (feed-filter).
enum FeedFilterSwitch {
    static func make(settings: Settings?, onChange: @escaping (FeedQuery.Section) -> Void) -> UnsafeMutablePointer<GtkWidget> {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_add_css_class(box, "linked")
        AccessibleLabel.set(box, tr("Show"))
        let saved = FeedQuery.Section(rawValue: settings?.string(.feedFilter) ?? "") ?? .all
        var first: UnsafeMutablePointer<GtkWidget>?
        for section in FeedQuery.Section.allCases {
            let button = gtk_toggle_button_new_with_label(tr(title(section)))!
            if let first { gtk_toggle_button_set_group(cast(button), cast(first)) } else { first = button }
            gtk_toggle_button_set_active(cast(button), section == saved ? 1 : 0)
            Signals.connect(button, "toggled") {
                guard gtk_toggle_button_get_active(cast(button)) != 0 else { return }
                settings?.setString(.feedFilter, section.rawValue)
                onChange(section)
            }
            gtk_box_append(cast(box), button)
        }
        if saved != .all { MainContext.soon { onChange(saved) } }
        return box
    }

    private static func title(_ section: FeedQuery.Section) -> String {
        switch section {
        case .all: return N_("All")
        case .local: return N_("Local")
        case .remote: return N_("Remote")
        case .recent: return N_("Recent")
        }
    }
}
