import CGLib
import CGtk
import GLibKit
import ReelCore

/// The shortcuts window (Ctrl+?), generated from ReelCore's ShortcutTable so
/// that every key the app binds is listed and nothing else is. GTK 4.8 has no
/// API to add shortcuts to the window, so it is built from GtkBuilder XML.
/// It opens on the page of what the user is doing (the feed, or the player
/// and its mini window); the title switches between the two.
enum ShortcutsWindow {
    static func present(over parent: UnsafeMutablePointer<GtkWindow>, page: ShortcutPage) {
        let builder = gtk_builder_new_from_string(interface(), -1)!
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
        guard let window = gtk_builder_get_object(builder, "shortcuts") else { return }
        // Once its sections exist (a property in the XML comes before them).
        PropertyValue.string(page.rawValue).set(on: UnsafeMutableRawPointer(window), "section-name")
        gtk_window_set_transient_for(cast(window), parent)
        UnnamedButtons.name(in: cast(window))
        gtk_window_present(cast(window))
    }

    static func interface() -> String {
        let sections = ShortcutPage.allCases.map { page in
            let groups = ShortcutTable.sections.filter { $0.page == page }.map { section in
                let items = ShortcutTable.all.filter { $0.section == section }.map { shortcut in
                    element("GtkShortcutsShortcut", properties: [
                        ("title", tr(shortcut.title)),
                        ("accelerator", shortcut.displayAccelerator),
                    ])
                }
                return element("GtkShortcutsGroup", properties: [("title", tr(section.title))], children: items)
            }
            return element("GtkShortcutsSection", properties: [
                ("section-name", page.rawValue), ("title", tr(page.title)), ("max-height", "18"),
            ], children: groups)
        }
        // Named for window lists and screen readers (GTK 4.8 gives it none).
        let window = element("GtkShortcutsWindow", id: "shortcuts",
                             properties: [("modal", "1"), ("title", tr("Keyboard Shortcuts"))], children: sections)
        return "<interface>" + window + "</interface>"
    }

    private static func element(_ className: String, id: String? = nil, properties: [(String, String)],
                                children: [String] = []) -> String {
        let idAttribute = id.map { " id=\"\($0)\"" } ?? ""
        let props = properties.map { "<property name=\"\($0.0)\">\(escape($0.1))</property>" }.joined()
        let kids = children.map { "<child>\($0)</child>" }.joined()
        return "<object class=\"\(className)\"\(idAttribute)>\(props)\(kids)</object>"
    }

    private static func escape(_ text: String) -> String {
        String(consumingGString: g_markup_escape_text(text, -1)) ?? ""
    }
}
