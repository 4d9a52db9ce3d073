import CGLib
import CGtk
import GLibKit
import ReelCore

/// The marked part on the player's controls: a row over the seek bar,
/// shown while a mark is set, with the part's times, Loop, Add to a Movie
/// (the movie being edited, or a new one) and Clear; while a web video's
/// part is saved for a movie, its progress and Stop take Add's place.
/// The marks themselves are ticks on the seek bar (ChapterControls).
final class PartControls {
    private let row: UnsafeMutablePointer<GtkWidget>
    private let label: Label
    private let addButton: MenuButton
    private let progress: UnsafeMutablePointer<GtkWidget>
    private let stopButton: Button
    /// The Add menu's items, listed anew as it opens (the movie being
    /// edited changes while the player plays).
    private let menu = g_menu_new()!
    /// The movie the part can join besides a new one ("Tram 28 (3 clips)"),
    /// asked as the menu is built.
    var openMovie: () -> String? = { nil }

    init(layout: UIFile) {
        row = layout.widget("part", gtk_box_get_type())
        label = layout.label("part-label")
        addButton = layout.menuButton("part-add")
        progress = layout.widget("part-progress", gtk_progress_bar_get_type())
        stopButton = layout.button("part-stop")
        addButton.setMenu(cast(menu))
        if let popover = gtk_menu_button_get_popover(cast(addButton.widget)) {
            Signals.connect(popover, "show") { [weak self] in self?.fillMenu() }
        }
        fillMenu()
    }

    var menuButton: MenuButton { addButton }

    /// The marks as the row shows them; the row hides without one.
    func show(_ marks: PartMarks, text: String) {
        row.isShown = !marks.isEmpty
        label.text = text
    }

    /// Saving a web video's part: `fraction` done, or nil when it ended.
    func showSaving(_ fraction: Double?) {
        addButton.widget.isShown = fraction == nil
        progress.isShown = fraction != nil
        stopButton.widget.isShown = fraction != nil
        guard let fraction else { return }
        gtk_progress_bar_set_fraction(cast(progress), min(max(fraction, 0), 1))
        gtk_progress_bar_set_text(cast(progress), CoreText.format(tr("Saving the part… %s"), ["\(Int((fraction * 100).rounded(.down))) %"]))
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(menu)) }

    private func fillMenu() {
        g_menu_remove_all(menu)
        if let movie = openMovie() {
            append(CoreText.format(tr("Add to “%s”"), [DisplayText.isolated(movie)]), target: "open")
        }
        append(tr("Add to a New Movie"), target: "new")
    }

    private func append(_ text: String, target: String) {
        let item = g_menu_item_new(text, nil)!
        g_menu_item_set_action_and_target_value(item, PlayerAction.addPartToMovie.detailedName, g_variant_new_string(target))
        g_menu_append_item(menu, item)
        g_object_unref(UnsafeMutableRawPointer(item))
    }
}
