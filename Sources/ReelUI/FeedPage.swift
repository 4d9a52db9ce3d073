import CGLib
import CGtk
import GLibKit
import ReelCore
import ReelServices

/// The home screen: a recycling grid of cards over the feed's items, with a
/// search bar, a progress line while samples are made, the Continue
/// Watching row, and real pages for "nothing yet" and "nothing found".
///
/// The grid's model is a GtkStringList of item ids: GTK only ever creates
/// widgets for the cards on screen, so 10,000 items cost 10,000 short strings.
final class FeedPage: FeedDisplay {
    let widget: UnsafeMutablePointer<GtkWidget>
    /// The file holds the page's widgets for as long as the page lives.
    private let layout: UIFile
    let searchBar: UnsafeMutablePointer<GtkWidget>
    /// Where the preview strip sits, above the grid; it slides away while
    /// the feed is scrolled down and comes back at the top.
    private let stripSlot: UnsafeMutablePointer<GtkWidget>
    private var hasStrip = false
    /// The Continue Watching row's slot, under the strip's; it slides away
    /// with it.
    private let continueSlot: UnsafeMutablePointer<GtkWidget>
    private let continueRow: ContinueWatchingRow
    /// What was watched of each item (a line or the mark on its card).
    private var marks: [String: WatchHistory.Mark] = [:]
    private var scrollAdjustment: UnsafeMutablePointer<GtkAdjustment>?
    private let searchEntry: UnsafeMutablePointer<GtkWidget>
    private let stack: OpaquePointer
    private let ids: OpaquePointer          // GtkStringList
    private let grid: UnsafeMutablePointer<GtkWidget>
    private let progress: UnsafeMutablePointer<GtkWidget>
    private let progressLabel: UnsafeMutablePointer<GtkWidget>
    private let progressBar: UnsafeMutablePointer<GtkWidget>

    private var items: [String: VideoItem] = [:]
    private var order: [String] = []
    private var shown: [String] = []
    private var thumbnails: [String: String] = [:]
    private var searchKeys: [String: String] = [:]
    private var cards: [UnsafeMutableRawPointer: FeedCard] = [:]   // by GtkListItem
    private var reportedFirstCards = false
    private(set) var query = FeedQuery()
    /// The cards chosen for a movie, and whether clicks choose cards rather
    /// than play them (the header's Select button, Ctrl+click, Shift+click).
    private(set) var selection = FeedSelection()
    private let selectionBar: UnsafeMutablePointer<GtkWidget>
    private let selectionCount: UnsafeMutablePointer<GtkWidget>
    private let makeMovie: UnsafeMutablePointer<GtkWidget>
    var isSelecting = false {
        didSet {
            guard isSelecting != oldValue else { return }
            if !isSelecting { selection.clear() }
            selectionChanged()
            onEvent?(.selectingChanged(isSelecting))
        }
    }

    /// What the page tells the window.
    enum Event {
        /// A card was activated (click, Enter).
        case activate(VideoItem)
        /// A card of the Continue Watching row was: it goes on where it was left.
        case continueWatching(VideoItem)
        /// A card's context menu (right click, Menu key, long press).
        case contextMenu(VideoItem, card: UnsafeMutablePointer<GtkWidget>)
        /// Selection mode began or ended here (Ctrl+click, Escape).
        case selectingChanged(Bool)
        /// The strip came into view or left it (shown, not scrolled away).
        case stripVisibility(Bool)
        /// The ids of the cards on screen and near it, in feed order, so
        /// their work goes first (FeedController.cardsShown).
        case visibleItems([String])
    }

    var onEvent: ((Event) -> Void)?

    init() {
        layout = UIFile("feed-page.ui")
        widget = layout.widget("page", gtk_box_get_type())
        searchBar = layout.widget("search-bar", gtk_search_bar_get_type())
        searchEntry = layout.widget("search-entry", gtk_search_entry_get_type())
        progress = layout.widget("progress", gtk_revealer_get_type())
        progressLabel = layout.widget("progress-label", gtk_label_get_type())
        progressBar = layout.widget("progress-bar", gtk_progress_bar_get_type())
        stripSlot = layout.widget("strip-slot", gtk_revealer_get_type())
        continueSlot = layout.widget("continue-slot", gtk_revealer_get_type())
        continueRow = ContinueWatchingRow(box: layout.widget("continue-row", gtk_box_get_type()))
        stack = OpaquePointer(layout.widget("stack", gtk_stack_get_type()))
        grid = layout.widget("grid", gtk_grid_view_get_type())
        selectionBar = layout.widget("selection-bar", gtk_revealer_get_type())
        selectionCount = layout.widget("selection-count", gtk_label_get_type())
        makeMovie = layout.widget("make-movie", gtk_button_get_type())
        UnnamedButtons.nameByLabel(makeMovie)
        let scroller = layout.widget("scroller", gtk_scrolled_window_get_type())
        for page in ["empty-page", "no-results-page", "loading-page"] {
            StatusPage.withoutScrollStop(layout.widget(page, adw_status_page_get_type()))
        }
        ids = gtk_string_list_new(nil)
        let selection = gtk_no_selection_new(OpaquePointer(g_object_ref(UnsafeMutableRawPointer(ids))))!
        gtk_grid_view_set_model(cast(grid), selection)
        g_object_unref(UnsafeMutableRawPointer(selection))
        let factory = gtk_signal_list_item_factory_new()!
        gtk_grid_view_set_factory(cast(grid), factory)
        g_object_unref(UnsafeMutableRawPointer(factory))

        setUpGrid(factory: factory)
        setUpContinueRow()
        setUpSearch()
        setUpSelection()
        watchScrolling(scroller)
        StackPages.show(stack, Pane.loading)
    }

    // MARK: Content

    /// Puts `strip` above the feed (nil removes it).
    func setStrip(_ strip: UnsafeMutablePointer<GtkWidget>?) {
        // Setting the same child again would unparent (and free) it first.
        if gtk_revealer_get_child(cast(stripSlot)) != strip { gtk_revealer_set_child(cast(stripSlot), strip) }
        hasStrip = strip != nil
        revealStrip(atTop: scrollAdjustment.map { gtk_adjustment_get_value($0) < 1 } ?? true)
    }

    private func watchScrolling(_ scroller: UnsafeMutablePointer<GtkWidget>) {
        let adjustment = gtk_scrolled_window_get_vadjustment(cast(scroller))!
        scrollAdjustment = adjustment
        Signals.connect(UnsafeMutableRawPointer(adjustment), "value-changed") { [weak self] in
            self?.revealStrip(atTop: gtk_adjustment_get_value(adjustment) < 1)
            // Other cards come near the screen without being made anew.
            self?.scheduleVisibleReport()
        }
    }

    private func revealStrip(atTop: Bool) {
        revealContinueRow(atTop: atTop)
        let show = hasStrip && atTop
        guard (gtk_revealer_get_reveal_child(cast(stripSlot)) != 0) != show else { return }
        gtk_revealer_set_reveal_child(cast(stripSlot), show ? 1 : 0)
        onEvent?(.stripVisibility(show))
    }

    /// Replaces the whole feed (already merged and ordered by the library).
    func setItems(_ list: [VideoItem]) {
        Trace.shared.event(.feedItems, ["count": list.count])
        items = Dictionary(list.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        searchKeys.removeAll(keepingCapacity: true)
        order = list.map(\.id)
        refilter()
    }

    /// Redraws one item's card if it is bound, without touching the list.
    func update(_ item: VideoItem) {
        if continueRow.items.contains(where: { $0.id == item.id }) {
            continueRow.update(item, thumbnail: thumbnails[item.id], mark: marks[item.id])
        }
        guard items[item.id] != nil else { return }
        items[item.id] = item
        rebind(item.id)
    }

    func setThumbnail(_ path: String, for id: String) {
        thumbnails[id] = path
        rebind(id)
    }

    private func rebind(_ id: String) {
        guard let item = items[id] else { return }
        for card in cards.values where card.itemID == id {
            card.show(item, thumbnail: thumbnails[id], mark: marks[id])
        }
        if let rowItem = continueRow.items.first(where: { $0.id == id }) {
            continueRow.update(rowItem, thumbnail: thumbnails[id], mark: marks[id])
        }
    }

    func setQuery(_ newQuery: FeedQuery) {
        query = newQuery
        refilter()
        revealContinueRow(atTop: scrollAdjustment.map { gtk_adjustment_get_value($0) < 1 } ?? true)
    }

    /// Applies the query and splices the grid's model in one step.
    private func refilter() {
        let visible = order.filter { id in
            guard let item = items[id] else { return false }
            return query.matches(item) { self.searchKey(for: item) }
        }
        if visible != shown {
            let old = shown
            shown = visible   // bind handlers read it during the splice
            splice(from: old, to: visible)
            let before = selection
            selection.follow(visible)
            if selection != before { selectionChanged() }
        }
        let page: Pane
        if !order.isEmpty && visible.isEmpty {
            page = .noResults
        } else if order.isEmpty {
            page = isLoading ? .loading : .empty
        } else {
            page = .grid
        }
        StackPages.show(stack, page)
    }

    /// Folding 10,000 titles on every keystroke is the slow part of a
    /// search; each item's key is folded once per feed update.
    private func searchKey(for item: VideoItem) -> String {
        if let key = searchKeys[item.id] { return key }
        let key = FeedQuery.searchKey(title: item.title, subtitle: item.subtitle)
        searchKeys[item.id] = key
        return key
    }

    /// Replaces only the run that differs (common head and tail kept), so a
    /// new file in the Videos folder does not scroll the grid back to the top.
    private func splice(from old: [String], to new: [String]) {
        var head = 0
        while head < old.count, head < new.count, old[head] == new[head] { head += 1 }
        var tail = 0
        while tail < old.count - head, tail < new.count - head,
              old[old.count - 1 - tail] == new[new.count - 1 - tail] { tail += 1 }
        var added = new[head..<(new.count - tail)].map { UnsafePointer(strdup($0)) }
        added.append(nil)
        gtk_string_list_splice(ids, guint(head), guint(old.count - head - tail), added)
        added.forEach { free(UnsafeMutableRawPointer(mutating: $0)) }
    }

    /// While sources are still loading an empty feed shows a spinner, not the
    /// "No Videos Yet" page.
    var isLoading = true {
        didSet { refilter() }
    }

    var visibleCount: Int { shown.count }

    // MARK: Focus

    /// Gives the keyboard focus to the card of `id` wherever it is now,
    /// scrolled into view (a video that just played has moved up under
    /// Recent); false when the feed does not show it.
    @discardableResult
    func focusCard(_ id: String) -> Bool {
        guard let position = shown.firstIndex(of: id) else { return false }
        _ = gtk_widget_activate_action_variant(grid, "list.scroll-to-item", g_variant_new_uint32(guint32(position)))
        if grabCard(id) { return true }
        // Not made yet: the grid makes it for the new scroll position.
        MainContext.soon { [weak self] in _ = self?.grabCard(id) }
        return true
    }

    /// The list position of the card that holds `widget`, if any.
    func cardPosition(containing widget: UnsafeMutablePointer<GtkWidget>) -> Int? {
        for (listItem, card) in cards {
            guard let cell = card.cell, cell == widget || gtk_widget_is_ancestor(widget, cell) != 0 else { continue }
            return Int(gtk_list_item_get_position(cast(listItem)))
        }
        return nil
    }

    /// Gives the focus to the card made for `position`, without scrolling
    /// to another (false when none is made there).
    @discardableResult
    func focusCard(atPosition position: Int) -> Bool {
        for (listItem, card) in cards where Int(gtk_list_item_get_position(cast(listItem))) == position {
            if let cell = card.cell { return gtk_widget_grab_focus(cell) != 0 }
        }
        return false
    }

    /// The first card, for Down from the search entry.
    func focusFirstCard() -> Bool {
        guard let first = shown.first else { return false }
        return focusCard(first)
    }

    private func grabCard(_ id: String) -> Bool {
        guard let cell = cards.values.first(where: { $0.itemID == id })?.cell else { return false }
        return gtk_widget_grab_focus(cell) != 0
    }

    // MARK: Grid

    private func setUpGrid(factory: OpaquePointer) {
        Signals.connect(factory, .listItemSetup) { [unowned self] listItem in
            let card = FeedCard()
            self.cards[listItem] = card
            gtk_list_item_set_child(cast(listItem), card.widget)
            self.attachContextMenu(to: card)
            self.attachSelectionClick(to: card)
        }
        Signals.connect(factory, .listItemBind) { [unowned self] listItem in
            guard let card = self.cards[listItem],
                  let object = gtk_list_item_get_item(cast(listItem)),
                  let id = String(borrowingGString: gtk_string_object_get_string(OpaquePointer(object))),
                  let item = self.items[id] else { return }
            card.show(item, thumbnail: self.thumbnails[id], mark: self.marks[id])
            card.setChosen(self.selection.contains(id))
            self.scheduleVisibleReport()
            if !self.reportedFirstCards {
                self.reportedFirstCards = true
                Trace.shared.event(.feedFirstCard, ["items": self.shown.count])
                self.traceFirstPaint()
            }
        }
        Signals.connect(factory, .listItemTeardown) { [unowned self] listItem in
            self.cards[listItem] = nil
        }
        Signals.connect(grid, "map") { [unowned self] in self.scheduleVisibleReport() }
        Signals.connect(grid, .itemActivated) { [unowned self] position in
            guard position < self.shown.count, let item = self.items[self.shown[position]] else { return }
            // Enter on a card chooses it while selecting.
            if self.isSelecting {
                self.choose(item.id, .toggle)
                return
            }
            self.onEvent?(.activate(item))
        }
    }

    private func attachContextMenu(to card: FeedCard) {
        card.onContextMenu = { [unowned self, unowned card] in
            guard let id = card.itemID, let item = self.items[id] else { return }
            self.onEvent?(.contextMenu(item, card: card.widget))
        }
    }

    /// Notes in the trace when the first cards reach the screen (the frame
    /// after they were bound is painted): the bench's "first screen" time.
    private func traceFirstPaint() {
        // The grid may not be mapped yet (the loading page still shows); the
        // window's clock is there as soon as the window is.
        guard Trace.shared.isEnabled, let root = gtk_widget_get_root(grid),
              let clock = gtk_widget_get_frame_clock(cast(root)) else { return }
        var handler: gulong = 0
        handler = Signals.connect(clock, "after-paint") {
            Trace.shared.event(.feedFirstPaint)
            g_signal_handler_disconnect(UnsafeMutableRawPointer(clock), handler)
        }.id
    }

    /// Bind signals come in bursts while scrolling; report once per burst.
    private var visibleReportPending = false
    private var layoutRetries = 0
    private func scheduleVisibleReport() {
        guard !visibleReportPending else { return }
        visibleReportPending = true
        MainContext.soon { [weak self] in
            guard let self else { return }
            guard let near = self.cardsNearTheScreen() else {
                // Not laid out yet: after the next frames (a second at most;
                // the next scroll, bind or map reports again anyway).
                guard self.layoutRetries < 20 else { self.visibleReportPending = false; return }
                self.layoutRetries += 1
                MainContext.after(milliseconds: 50) { [weak self] in
                    self?.visibleReportPending = false
                    self?.scheduleVisibleReport()
                }
                return
            }
            self.visibleReportPending = false
            self.layoutRetries = 0
            self.onEvent?(.visibleItems(near))
        }
    }

    /// The items of the cards on screen and within a screen's height of it
    /// (in list order),
    /// by their place in the list and the scroll position (the grid makes
    /// cards for far more rows than show, up to 30 in GTK 4.8, and their
    /// allocations are not kept up to date off screen); nil while the grid
    /// has no size yet. Each card is a request to a disk or a server.
    private func cardsNearTheScreen() -> [String]? {
        // Off screen (the player shows): nothing now; "map" reports again.
        guard gtk_widget_get_mapped(grid) != 0 else { return [] }
        guard let adjustment = scrollAdjustment, !shown.isEmpty else { return [] }
        let upper = gtk_adjustment_get_upper(adjustment)
        let page = gtk_adjustment_get_page_size(adjustment)
        guard upper > 0, page > 0 else { return nil }
        let total = Double(shown.count)
        let first = Int(gtk_adjustment_get_value(adjustment) / upper * total)
        let onScreen = Int((page / upper * total).rounded(.up))
        let near = (first - onScreen)..<(first + 2 * onScreen)
        // In list order: the top cards are asked about first.
        return cards.compactMap { listItem, card -> (Int, String)? in
            let position = Int(gtk_list_item_get_position(cast(listItem)))
            guard near.contains(position), let id = card.itemID else { return nil }
            return (position, id)
        }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    // MARK: Continue Watching

    private func setUpContinueRow() {
        continueRow.onEvent = { [unowned self] event in
            switch event {
            case .activate(let item): self.onEvent?(.continueWatching(item))
            case .contextMenu(let item, let card): self.onEvent?(.contextMenu(item, card: card))
            }
        }
        // The Menu key (or Shift+F10) opens the focused card's menu, as a
        // right click does.
        let keys = gtk_event_controller_key_new()!
        Signals.connect(UnsafeMutableRawPointer(keys), .keyPressed) { [unowned self] key in
            let shiftF10 = key.keyval == UInt32(GDK_KEY_F10) && key.modifiers.rawValue & GDK_SHIFT_MASK.rawValue != 0
            guard key.keyval == UInt32(GDK_KEY_Menu) || shiftF10,
                  let root = gtk_widget_get_root(self.widget), let focus = gtk_root_get_focus(root),
                  let (item, card) = self.card(containing: focus) else { return false }
            self.onEvent?(.contextMenu(item, card: card))
            return true
        }
        gtk_widget_add_controller(widget, keys)
    }

    /// The item and card widget of the grid's or the row's card holding `widget`.
    private func card(containing widget: UnsafeMutablePointer<GtkWidget>) -> (VideoItem, UnsafeMutablePointer<GtkWidget>)? {
        if let found = continueRow.card(containing: widget) { return found }
        for card in cards.values {
            guard let cell = card.cell, cell == widget || gtk_widget_is_ancestor(widget, cell) != 0,
                  let id = card.itemID, let item = items[id] else { continue }
            return (item, card.widget)
        }
        return nil
    }

    /// Each card's line or watched mark, and the row's videos.
    func showHistory(_ marks: [String: WatchHistory.Mark], row: [VideoItem]) {
        self.marks = marks
        for card in cards.values {
            card.setMark(card.itemID.flatMap { marks[$0] })
        }
        continueRow.show(row, thumbnails: thumbnails, marks: marks)
        revealContinueRow(atTop: scrollAdjustment.map { gtk_adjustment_get_value($0) < 1 } ?? true)
    }

    /// The row shows while it has videos, the grid is at its top and no
    /// search is open (what was found matters then).
    private func revealContinueRow(atTop: Bool) {
        let show = !continueRow.isEmpty && atTop && query.searchText.isEmpty
        gtk_revealer_set_reveal_child(cast(continueSlot), show ? 1 : 0)
    }

    // MARK: Search

    private func setUpSearch() {
        gtk_search_bar_connect_entry(cast(searchBar), cast(searchEntry))
        Signals.connect(searchEntry, "search-changed") { [unowned self] in
            var next = self.query
            next.searchText = String(cString: gtk_editable_get_text(OpaquePointer(self.searchEntry)))
            // GTK 4.8 gives a search entry's text to no screen reader API
            // the tests can read; the trace says what the feed searches for.
            Trace.shared.event(.feedSearch, ["text": next.searchText])
            self.setQuery(next)
        }
        Signals.connect(searchEntry, "activate") { [unowned self] in
            if let first = self.shown.first, let item = self.items[first] { self.onEvent?(.activate(item)) }
        }
        // Down goes from the search to what it found, not to the strip
        // between them.
        let keys = gtk_event_controller_key_new()!
        Signals.connect(UnsafeMutableRawPointer(keys), .keyPressed) { [unowned self] key in
            guard key.keyval == UInt32(GDK_KEY_Down) else { return false }
            return self.focusFirstCard()
        }
        gtk_widget_add_controller(searchEntry, keys)
        // Escape closes the search wherever the focus is on the page (the
        // search bar itself only hears it in its entry).
        let escape = gtk_event_controller_key_new()!
        Signals.connect(UnsafeMutableRawPointer(escape), .keyPressed) { [unowned self] key in
            guard key.keyval == UInt32(GDK_KEY_Escape) else { return false }
            if gtk_search_bar_get_search_mode(cast(self.searchBar)) != 0 {
                gtk_search_bar_set_search_mode(cast(self.searchBar), 0)
                return true
            }
            // Then Escape leaves selection mode.
            guard self.isSelecting else { return false }
            self.isSelecting = false
            return true
        }
        gtk_widget_add_controller(widget, escape)
    }

    /// Lets typing anywhere in the window start a search.
    /// Typing anywhere in `window` starts a search; nil stops that (while
    /// the player has the window, keys are the player's).
    func captureKeys(from window: UnsafeMutablePointer<GtkWidget>?) {
        gtk_search_bar_set_key_capture_widget(cast(searchBar), window)
    }

    /// Opens the search on `text`, the cursor after it.
    func search(for text: String) {
        gtk_search_bar_set_search_mode(cast(searchBar), 1)
        gtk_editable_set_text(OpaquePointer(searchEntry), text)
        gtk_widget_grab_focus(searchEntry)
        gtk_editable_set_position(OpaquePointer(searchEntry), -1)
    }

    func toggleSearch() {
        let open = gtk_search_bar_get_search_mode(cast(searchBar)) == 0
        gtk_search_bar_set_search_mode(cast(searchBar), open ? 1 : 0)
        if open { gtk_widget_grab_focus(searchEntry) }
    }

    // MARK: Selection

    /// The chosen items, in the feed's order.
    var selectedItems: [VideoItem] { selection.ids.compactMap { items[$0] } }

    private func setUpSelection() {
        let group = g_simple_action_group_new()!
        let actions = ActionGroup<FeedAction>(map: UnsafeMutableRawPointer(group))
        let selectAll = actions.add(.selectAll) { [unowned self] in
            guard !self.shown.isEmpty else { return }
            self.isSelecting = true
            self.selection.selectAll()
            self.selectionChanged()
        }
        actions.insert(on: widget)
        g_object_unref(UnsafeMutableRawPointer(group))
        // Before the grid, which takes Ctrl+A for a selection it does not
        // have; but the search entry keeps its own Ctrl+A: the action is
        // off while a text field has the focus, and a disabled action lets
        // the key through.
        ScopedShortcuts.attach(scope: .feed, to: widget, capture: true)
        Signals.connect(widget, "realize") { [unowned self] in
            guard let root = gtk_widget_get_root(self.widget) else { return }
            Signals.connect(UnsafeMutableRawPointer(root), "notify::focus-widget") {
                let typing = gtk_root_get_focus(root).map { gtk_widget_get_ancestor($0, gtk_text_get_type()) != nil } ?? false
                g_simple_action_set_enabled(selectAll, typing ? 0 : 1)
            }
        }
    }

    /// Ctrl+click and Shift+click choose cards (starting selection mode);
    /// while selecting, a plain click does too. Any other click plays.
    private func attachSelectionClick(to card: FeedCard) {
        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(click, 1)
        Signals.connect(click, "pressed") { [unowned self, unowned card] in
            let state = gtk_event_controller_get_current_event_state(click).rawValue
            let shift = state & GDK_SHIFT_MASK.rawValue != 0
            let control = state & GDK_CONTROL_MASK.rawValue != 0
            guard let id = card.itemID, shift || control || self.isSelecting else {
                gtk_gesture_set_state(click, GTK_EVENT_SEQUENCE_DENIED)
                return
            }
            // Claimed: the grid's cell does not play the card.
            gtk_gesture_set_state(click, GTK_EVENT_SEQUENCE_CLAIMED)
            if let cell = card.cell { gtk_widget_grab_focus(cell) }
            self.isSelecting = true
            self.choose(id, shift ? .extend : .toggle)
        }
        gtk_widget_add_controller(card.widget, click)
    }

    private func choose(_ id: String, _ kind: FeedSelection.Click) {
        selection.click(id, kind)
        selectionChanged()
    }

    private func selectionChanged() {
        for card in cards.values {
            card.setChosen(card.itemID.map { selection.contains($0) } ?? false)
        }
        let count = selection.count
        let text = count == 0 ? tr("Choose videos for a movie")
            : CoreText.format(ntr("%s video selected", "%s videos selected", count), [String(count)])
        gtk_label_set_text(cast(selectionCount), text)
        gtk_widget_set_sensitive(makeMovie, count > 0 ? 1 : 0)
        gtk_revealer_set_reveal_child(cast(selectionBar), isSelecting ? 1 : 0)
    }

    // MARK: Progress

    /// Shows a line of progress above the grid (e.g. while samples are made).
    func showProgress(_ text: String, fraction: Double) {
        gtk_label_set_text(cast(progressLabel), text)
        AccessibleLabel.set(progressBar, text)
        gtk_progress_bar_set_fraction(cast(progressBar), min(max(fraction, 0), 1))
        gtk_revealer_set_reveal_child(cast(progress), 1)
    }

    func hideProgress() {
        gtk_revealer_set_reveal_child(cast(progress), 0)
    }
}
