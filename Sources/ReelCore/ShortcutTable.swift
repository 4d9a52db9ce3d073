/// Where a shortcut is listed in the shortcuts window.
public enum ShortcutSection: String, CaseIterable, Sendable {
    case general
    case window

    /// Untranslated title; the UI passes it through gettext.
    public var title: String {
        switch self {
        case .general: return N_("General")
        case .window: return N_("Window")
        }
    }
}

/// One keyboard shortcut: a GAction (`app.` or `win.` prefixed), the
/// accelerators that trigger it (GTK syntax, the first is shown), and how the
/// shortcuts window names it.
public struct Shortcut: Equatable, Sendable {
    public let action: String
    public let accelerators: [String]
    public let title: String
    public let section: ShortcutSection

    /// The action's name without its `app.` / `win.` scope.
    public var actionName: String { String(action.split(separator: ".", maxSplits: 1).last ?? "") }
    public var scope: String { String(action.split(separator: ".", maxSplits: 1).first ?? "") }
}

/// Every action with a key, in the order the shortcuts window lists them.
/// The UI registers a GAction for each entry and builds the shortcuts window
/// from this table, so a key cannot exist without being documented.
public enum ShortcutTable {
    public static let all: [Shortcut] = [
        Shortcut(action: "app.open", accelerators: ["<Control>o"], title: N_("Open Video"), section: .general),
        Shortcut(action: "app.open-url", accelerators: ["<Control>l"], title: N_("Open URL"), section: .general),
        Shortcut(action: "win.search", accelerators: ["<Control>f"], title: N_("Search"), section: .general),
        Shortcut(action: "app.shortcuts", accelerators: ["<Control>question"], title: N_("Keyboard Shortcuts"), section: .general),
        Shortcut(action: "app.quit", accelerators: ["<Control>q"], title: N_("Quit"), section: .general),
        Shortcut(action: "win.close", accelerators: ["<Control>w"], title: N_("Close Window"), section: .window),
    ]

    public static func shortcut(for action: String) -> Shortcut? {
        all.first { $0.action == action }
    }

    /// Sections that have at least one shortcut, in display order.
    public static var sections: [ShortcutSection] {
        ShortcutSection.allCases.filter { section in all.contains { $0.section == section } }
    }
}
