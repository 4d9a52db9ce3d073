import CGLib
import CGtk
import GLibKit
import ReelCore
import ReelServices

/// The Continue Watching row above the feed's grid: the videos left part
/// way, newest first, each a card in a button (Tab and the arrow keys go
/// from one to the next, Enter continues it). Its widgets are in
/// feed-page.ui; the page shows or hides its slot. A dozen cards at most,
/// so they are made anew whenever the row changes, not recycled.
final class ContinueWatchingRow {
    private let box: UnsafeMutablePointer<GtkWidget>
    private var cards: [(button: UnsafeMutablePointer<GtkWidget>, card: FeedCard)] = []
    private(set) var items: [VideoItem] = []

    /// What the row tells its page.
    enum Event {
        /// A card was activated (click, Enter, Space): continue it.
        case activate(VideoItem)
        /// A card's context menu (right click, long press).
        case contextMenu(VideoItem, card: UnsafeMutablePointer<GtkWidget>)
    }

    var onEvent: ((Event) -> Void)?

    init(box: UnsafeMutablePointer<GtkWidget>) {
        self.box = box
    }

    var isEmpty: Bool { items.isEmpty }

    /// Shows `list` (newest first), each card with its picture and line.
    func show(_ list: [VideoItem], thumbnails: [String: String], marks: [String: WatchHistory.Mark]) {
        let focusedID = cards.first { gtk_widget_has_focus($0.button) != 0 }.flatMap { $0.card.itemID }
        for (button, _) in cards { gtk_box_remove(cast(box), button) }
        cards = []
        items = list
        for item in list {
            let card = FeedCard()
            let button = gtk_button_new()!
            gtk_widget_add_css_class(button, "flat")
            gtk_button_set_child(cast(button), card.widget)
            Signals.connect(button, "clicked") { [weak self] in
                guard let self, let item = self.items.first(where: { $0.id == card.itemID }) else { return }
                self.onEvent?(.activate(item))
            }
            card.onContextMenu = { [weak self, unowned card] in
                guard let self, let item = self.items.first(where: { $0.id == card.itemID }) else { return }
                self.onEvent?(.contextMenu(item, card: card.widget))
            }
            gtk_box_append(cast(box), button)
            // In its button first: the card names the button it is in.
            card.show(item, thumbnail: thumbnails[item.id], mark: marks[item.id])
            cards.append((button, card))
        }
        // The focus stays on the video it was on, wherever it went.
        if let focusedID, let button = cards.first(where: { $0.card.itemID == focusedID })?.button {
            gtk_widget_grab_focus(button)
        }
    }

    /// One item changed (its metadata, its picture, its mark).
    func update(_ item: VideoItem, thumbnail: String?, mark: WatchHistory.Mark?) {
        guard let index = items.firstIndex(where: { $0.id == item.id }) else { return }
        items[index] = item
        cards[index].card.show(item, thumbnail: thumbnail, mark: mark)
    }

    /// The card's button that holds `widget`, if any (the Menu key's card).
    func card(containing widget: UnsafeMutablePointer<GtkWidget>) -> (VideoItem, UnsafeMutablePointer<GtkWidget>)? {
        for (button, card) in cards where button == widget || gtk_widget_is_ancestor(widget, button) != 0 {
            guard let item = items.first(where: { $0.id == card.itemID }) else { return nil }
            return (item, card.widget)
        }
        return nil
    }
}
