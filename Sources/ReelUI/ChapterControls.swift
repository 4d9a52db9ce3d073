import CGLib
import CGtk
import GLibKit
import ReelCore

/// The video's chapters on the player's controls: a mark on the seek bar
/// at each chapter's start, the chapter's title as the seek bar's tooltip
/// where the pointer is, and the Chapters menu (shown only when the video
/// has chapters). Jumping is the page's: the menu's items fire
/// `player.chapter` with the chapter's index.
final class ChapterControls {
    private let seekBar: UnsafeMutablePointer<GtkWidget>
    private let button: UnsafeMutablePointer<GtkWidget>
    private(set) var chapters = Chapters([])
    /// The marked part's start and end (PartMarks), ticked over the bar
    /// where the chapters' are under it.
    var partMarks: [Double] = [] {
        didSet { if partMarks != oldValue { drawMarks() } }
    }

    init(seekBar: UnsafeMutablePointer<GtkWidget>, button: UnsafeMutablePointer<GtkWidget>) {
        self.seekBar = seekBar
        self.button = button
        Signals.connect(UnsafeMutableRawPointer(seekBar), .queryTooltip) { [weak self] query in
            guard let self, let query, let text = self.tooltip(atX: Double(query.x)) else { return false }
            gtk_tooltip_set_text(query.tooltip, text)
            return true
        }
    }

    func show(_ chapters: Chapters) {
        self.chapters = chapters
        drawMarks()
        gtk_widget_set_has_tooltip(seekBar, chapters.isEmpty ? 0 : 1)
        let menu = g_menu_new()!
        for index in chapters.all.indices {
            let text = label(index) + "  " + DurationText.format(chapters.all[index].start)
            let item = g_menu_item_new(text, nil)!
            g_menu_item_set_action_and_target_value(item, PlayerAction.chapter.detailedName, g_variant_new_int32(Int32(index)))
            g_menu_append_item(menu, item)
            g_object_unref(UnsafeMutableRawPointer(item))
        }
        gtk_menu_button_set_menu_model(cast(button), cast(menu))
        g_object_unref(UnsafeMutableRawPointer(menu))
        button.isShown = !chapters.isEmpty
    }

    private func drawMarks() {
        gtk_scale_clear_marks(cast(seekBar))
        // The first chapter usually starts at 0, where the bar starts anyway.
        for chapter in chapters.all where chapter.start > 0 {
            gtk_scale_add_mark(cast(seekBar), chapter.start, GTK_POS_BOTTOM, nil)
        }
        for mark in partMarks { gtk_scale_add_mark(cast(seekBar), mark, GTK_POS_TOP, nil) }
    }

    /// The chapter's words: its title, or "Chapter 3".
    func label(_ index: Int) -> String {
        chapters.label(index, numbered: tr("Chapter %s"))
    }

    /// The title of the chapter at `position`, for the statistics.
    func title(at position: Double) -> String? {
        chapters.index(at: position).map(label)
    }

    /// The chapter under the pointer: the bar's value there, from the
    /// trough's extent (where GTK draws the range).
    private func tooltip(atX x: Double) -> String? {
        guard !chapters.isEmpty else { return nil }
        var trough = GdkRectangle()
        gtk_range_get_range_rect(cast(seekBar), &trough)
        let adjustment = gtk_range_get_adjustment(cast(seekBar))
        let upper = gtk_adjustment_get_upper(adjustment), lower = gtk_adjustment_get_lower(adjustment)
        guard trough.width > 0, upper > lower else { return nil }
        let fraction = min(1, max(0, (x - Double(trough.x)) / Double(trough.width)))
        return title(at: lower + fraction * (upper - lower))
    }
}
