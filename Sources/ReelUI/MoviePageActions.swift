import CGLib
import CGtk
import GLibKit
import ReelCore

/// The movie page's actions (its keys and buttons, ShortcutTable's movie
/// sections), each case registered on the page and enabled as the page
/// says. Keys that type in a text field (Space, `,`, `.`, Delete, i, o)
/// are the field's while it has the focus: their actions are disabled
/// then, and a disabled action lets the key through.
final class MoviePageActions {
    private static let typingKeys: Set<MovieAction> = [.playPause, .remove, .trimStart, .trimEnd, .frameEarlier, .frameLater,
                                                        .secondEarlier, .secondLater, .undo, .redo]
    private var actions: [MovieAction: OpaquePointer] = [:]
    private var enabled: [MovieAction: Bool] = [:]
    private var typing = false

    init(on widget: UnsafeMutablePointer<GtkWidget>, perform: @escaping (MovieAction) -> Void) {
        let group = g_simple_action_group_new()!
        let map = ActionGroup<MovieAction>(map: UnsafeMutableRawPointer(group))
        for action in MovieAction.allCases { actions[action] = map.add(action) { perform(action) } }
        map.insert(on: widget)
        g_object_unref(UnsafeMutableRawPointer(group))
        ScopedShortcuts.attach(scope: .movie, to: widget, capture: true)
        Signals.connect(widget, "realize") { [weak self] in
            guard self != nil, let root = gtk_widget_get_root(widget) else { return }
            Signals.connect(UnsafeMutableRawPointer(root), "notify::focus-widget") { [weak self] in
                guard let self else { return }
                let focus = gtk_root_get_focus(root)
                // A one-line field (GtkText) or the overlay panel's words (GtkTextView).
                self.typing = focus.map { focus in
                    [gtk_text_get_type(), gtk_text_view_get_type()].contains { gtk_widget_get_ancestor(focus, $0) != nil }
                } ?? false
                self.apply()
            }
        }
    }

    /// Which actions are on; an action not named keeps its state.
    func enable(_ enabled: [MovieAction: Bool]) {
        self.enabled.merge(enabled) { $1 }
        apply()
    }

    private func apply() {
        for (name, on) in enabled {
            let allowed = on && !(typing && MoviePageActions.typingKeys.contains(name))
            if let action = actions[name] { g_simple_action_set_enabled(action, allowed ? 1 : 0) }
        }
    }
}
