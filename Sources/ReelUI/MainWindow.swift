import CGLib
import Foundation
import CGtk
import GLibKit
import ReelCore
import ReelMedia
import ReelServices

/// The main window: header bar, the feed and the player over it, with
/// toasts over them.
final class MainWindow {
    private let window: ObjectRef
    private let settings: Settings?
    /// The window's content (data/ui/main-window.ui), kept with the window.
    private let layout = UIFile("main-window.ui")
    private let stack: OpaquePointer
    private let toasts: OpaquePointer
    private let playerPage: PlayerPage
    private let cameraPage: CameraPage
    private let moviePage = MoviePage()
    /// The primary menu's list of saved movies.
    private let moviesMenu = g_menu_new()!
    private let strip = PreviewStrip()
    private var stripClips: [String] = []
    private let settingWatch: SettingWatch
    private var header: UnsafeMutablePointer<GtkWidget>?
    /// The screen and the way back from it (ARCHITECTURE: Navigation): the
    /// window carries out its effects.
    private var navigator = Navigator()
    private let feedPage = FeedPage()
    private let feed: FeedController
    private var fileChooser: FileChooser?
    /// The picture-in-picture window, while the video plays there.
    private var miniWindow: PictureInPictureWindow?
    /// A web video's part being saved for a movie.
    private var partSaver: VideoPartSaver?
    private(set) var isAlive = true
    /// The control that had the focus when the feed was left (the Camera
    /// button, a header button), for `FeedFocus.control`.
    private var focusedControl: ObjectRef?
    /// The player on the session bus for the desktop's media controls.
    private var mpris: MPRISService?
    /// What plays in turn: the feed as the user saw it when they opened a
    /// video from it, or the files opened together.
    private var queue = PlayQueue(addresses: [])
    /// The titles opened playlists gave their videos (shown when the feed
    /// has none of its own).
    private var playlistTitles: [String: String] = [:]
    /// The last toast Play Next or Add to Queue showed.
    private var queueToast: ObjectRef?

    init(application: UnsafeMutablePointer<GtkApplication>, settings: Settings?) {
        window = ObjectRef(retaining: adw_application_window_new(application))
        self.settings = settings
        settingWatch = SettingWatch(settings)
        stack = OpaquePointer(layout.widget("stack", gtk_stack_get_type()))
        toasts = OpaquePointer(layout.widget("toasts", adw_toast_overlay_get_type()))
        feed = FeedController(page: feedPage, settings: settings)
        playerPage = PlayerPage(settings: settings)
        cameraPage = CameraPage(settings: settings)

        gtk_window_set_title(gtkWindow, AppInfo.name)
        restoreState()

        for (page, widget) in [(WindowPage.feed, feedPage.widget), (.video, playerPage.widget),
                               (.camera, cameraPage.widget), (.movie, moviePage.widget)] {
            gtk_stack_add_named(stack, widget, page.rawValue)
        }
        Signals.connect(UnsafeMutableRawPointer(stack), "notify::visible-child-name") { [weak self] in
            guard let self, let name = gtk_stack_get_visible_child_name(self.stack) else { return }
            Trace.shared.event(.windowPage, ["page": String(cString: name)])
        }
        let header = layout.widget("header", adw_header_bar_get_type())
        self.header = header
        setUpHeaderBar(header)
        adw_application_window_set_content(window.cast(), layout.widget("content", gtk_box_get_type()))

        addActions()
        feedPage.captureKeys(from: window.cast())
        feedPage.onEvent = { [weak self] event in self?.handle(event) }
        feed.onEvent = { [weak self] event in self?.handle(event) }
        DropTarget.attach(to: window.cast()) { [weak self] addresses in self?.dropped(addresses) }
        watchMinimized()
        connectPlayerPage()
        if let connection = g_application_get_dbus_connection(UnsafeMutableRawPointer(application).assumingMemoryBound(to: GApplication.self)) {
            let service = MPRISService(connection: connection)
            service.player = self
            mpris = service
        }
        window.connect("notify::fullscreened") { [weak self] in self?.mpris?.setNeedsRefresh() }
        cameraPage.onEvent = { [weak self] event in
            switch event {
            case .close: self?.navigate(.showFeed)
            case .toast(let text, let button, let extra): self?.showToast(text, button: button, extra: extra)
            }
        }
        setUpMovies()

        window.connect(.closeRequest) { [weak self] in
            guard let self else { return false }
            // Kept open (hidden) while the mini window plays on.
            return self.navigate(.closeMainWindow).contains(.hideMainWindow)
        }
        window.connect("destroy") { [weak self] in self?.isAlive = false }
        keepFocus()
        navigate(.showFeed)
        feed.start()
        // Recordings and movie exports a crash or a quit cut short, in the
        // chosen folders and in Videos › Reel (where movies went before a
        // folder was chosen).
        let folders = ChosenFolders.current(settings)
        RecordingRecovery.recover(in: [folders.folder(for: .recording), CaptureFile.folder(for: .movie),
                                       folders.folder(for: .movie)]) { [weak self] paths in
            guard let self, let path = paths.last else { return }
            self.showToast(tr("A recording cut short by a crash was recovered"),
                           button: ToastButton(label: tr("_Play"), action: WindowAction.feedPlay.detailedName,
                                               target: URL(fileURLWithPath: path).absoluteString))
        }
    }

    private func handle(_ event: FeedController.Event) {
        switch event {
        case .message(let text): showToast(text)
        case .stripClips(let clips):
            stripClips = clips
            updateStrip()
        case .published: onFeedChange?()
        case .unfinishedStart(let catalogs):
            // Once the window is up, over it.
            MainContext.soon { [weak self] in
                guard let self else { return }
                UnfinishedStartDialog.present(over: self.gtkWindow, catalogs: catalogs) { [weak self] keep in
                    if keep { self?.feed.keepCatalogs(catalogs) } else { self?.feed.removeCatalogs(catalogs) }
                }
            }
        }
    }

    private func handle(_ event: FeedPage.Event) {
        switch event {
        case .activate(let item): openFromFeed(item.uri)
        case .continueWatching(let item): open(address: item.uri, resumingAt: feed.savedPosition(for: item.uri))
        case .contextMenu(let item, let card):
            FeedContextMenu.present(for: item, at: card, watched: feed.isWatched(item.id), canMark: feed.keepsHistory)
        case .selectingChanged(let on):
            // The header's Select button follows (Ctrl+click, Escape).
            let select = layout.widget("select", gtk_toggle_button_get_type())
            if (gtk_toggle_button_get_active(cast(select)) != 0) != on { gtk_toggle_button_set_active(cast(select), on ? 1 : 0) }
        case .stripVisibility(let inView): strip.setInView(inView)
        case .visibleItems(let ids): feed.cardsShown(ids)
        }
    }

    /// The strip shows when it has clips and the setting allows it.
    private func updateStrip() {
        let show = !stripClips.isEmpty && (settings?.bool(.showPreviewStrip) ?? true)
        strip.setClips(show ? stripClips.map { uri in
            let title = feed.item(withID: uri)?.title ?? (try? MediaLocator.parse(uri).get())?.displayName
            return PreviewStrip.Clip(uri: uri, title: title ?? uri)
        } : [])
        feedPage.setStrip(show ? strip.widget : nil)
    }

    /// A minimized window pauses the strip (GdkToplevel's state).
    private func watchMinimized() {
        window.connect("realize") { [weak self] in
            guard let self, let surface = gtk_native_get_surface(OpaquePointer(self.window.object)) else { return }
            Signals.connect(UnsafeMutableRawPointer(surface), "notify::state") { [weak self] in
                let state = gdk_toplevel_get_state(surface)
                self?.strip.setWindowHidden(state.rawValue & GDK_TOPLEVEL_STATE_MINIMIZED.rawValue != 0)
            }
        }
    }

    private func addActions() {
        let actions = ActionGroup<WindowAction>(map: window.object)
        let showStrip = actions.add(.showPreviewStrip, toggle: settings?.bool(.showPreviewStrip) ?? true) { [weak self] on in
            // The key's watch updates the strip; with no key to write, here.
            guard let self, self.settings?.setBool(.showPreviewStrip, on) != true else { return }
            self.updateStrip()
        }
        // The menu's check and the strip follow the key, wherever it changed.
        settingWatch.on(.showPreviewStrip) { [weak self] in
            guard let self else { return }
            g_simple_action_set_state(showStrip, g_variant_new_boolean(self.settings?.bool(.showPreviewStrip) ?? true ? 1 : 0))
            self.updateStrip()
        }
        strip.setSoundOn(settings?.bool(.previewStripSound) ?? false)
        settingWatch.on(.previewStripSound) { [weak self] in
            guard let self else { return }
            self.strip.setSoundOn(self.settings?.bool(.previewStripSound) ?? false)
        }
        actions.add(.close) { [weak self] in self?.close() }
        actions.add(.camera) { [weak self] in self?.navigate(.showCamera(nil)) }
        actions.add(.takeVideo) { [weak self] in self?.navigate(.showCamera(.video)) }
        actions.add(.search) { [weak self] in
            self?.navigate(.showFeed)
            self?.feedPage.toggleSearch()
        }
        actions.add(.addCatalog) { [weak self] in
            guard let self else { return }
            OpenURLDialog.present(over: self.gtkWindow, heading: tr("Add Catalog"),
                                  body: tr("Enter the address of a catalog feed (a JSON file on this computer or on the web)."),
                                  placeholder: "https://example.com/feed.json", entryName: tr("Catalog address")) { [weak self] locator in
                self?.feed.addCatalog(locator.uri)
            }
        }
        actions.add(.feedPlay, withString: { [weak self] id in self?.openFromFeed(id) })
        actions.add(.feedPictureInPicture, withString: { [weak self] id in self?.openFromFeed(id, inMiniWindow: true) })
        actions.add(.feedPlayNext, withString: { [weak self] id in self?.queueFromFeed(id, next: true) })
        actions.add(.feedAddToQueue, withString: { [weak self] id in self?.queueFromFeed(id, next: false) })
        actions.add(.feedMarkWatched, withString: { [weak self] id in self?.feed.markWatched(id) })
        actions.add(.feedMarkUnwatched, withString: { [weak self] id in self?.feed.markUnwatched(id) })
        actions.add(.feedShowInFiles, withString: { [weak self] id in
            guard let self else { return }
            FileManager1.show(fileURI: id, parent: self.gtkWindow)
        })
        actions.add(.makeMovie) { [weak self] in
            guard let self else { return }
            let items = self.feedPage.selectedItems
            self.feedPage.isSelecting = false
            self.makeMovie(from: items, adding: false)
        }
        actions.add(.addToMovie, withString: { [weak self] id in
            guard let self, let item = self.feed.item(withID: id) else { return }
            self.makeMovie(from: [item], adding: true)
        })
        // A new movie from one file (the camera's toast after a recording).
        actions.add(.movieFromFile, withString: { [weak self] uri in
            self?.moviePage.start(with: [uri])
            self?.navigate(.showMovie)
        })
        actions.add(.newMovie) { [weak self] in
            self?.moviePage.start(with: [])
            self?.navigate(.showMovie)
        }
        actions.add(.openMovie, withString: { [weak self] id in
            guard let self, let document = MovieStore(folder: MoviePage.folder).load(id) else { return }
            self.moviePage.open(document)
            self.navigate(.showMovie)
        })
        actions.add(.feedRemove, withString: { [weak self] id in
            guard let self, let item = self.feed.item(withID: id) else { return }
            self.feed.remove(item)
            self.queue.remove(item.uri)
            self.playerPage.setQueue(self.queue)
            self.mpris?.setNeedsRefresh()
            self.showToast(CoreText.format(tr("“%s” was removed from the feed"), [DisplayText.isolated(item.title)]))
        })
        actions.checkComplete()
    }

    var gtkWindow: UnsafeMutablePointer<GtkWindow> { window.cast() }

    func present() { gtk_window_present(gtkWindow) }

    private var isShown: Bool { gtk_widget_get_visible(window.cast()) != 0 }

    /// The shortcuts that matter now.
    var shortcutPage: ShortcutPage { navigator.screen.shortcutPage }

    func close() { gtk_window_close(gtkWindow) }

    /// Preferences' Clear History; gives what it forgot, for Undo.
    func clearHistory() -> FeedController.History { feed.clearHistory() }

    func restoreHistory(_ history: FeedController.History) { feed.restoreHistory(history) }

    /// The feed's list, for GNOME Shell's search.
    var feedLibrary: FeedLibrary { feed.library }

    /// The feed's list changed.
    var onFeedChange: (() -> Void)?

    /// The feed with its search open on `text` (the Shell's "more results").
    func search(for text: String) {
        navigate(.showFeed)
        feedPage.search(for: text)
    }

    /// What the header's layout cannot say: the feed's filter as its title
    /// (a button per section) and Search bound to the feed's search bar.
    private func setUpHeaderBar(_ header: UnsafeMutablePointer<GtkWidget>) {
        adw_header_bar_set_title_widget(cast(header), FeedFilterSwitch.make(settings: settings) { [weak self] section in
            guard let self else { return }
            var query = self.feedPage.query
            query.section = section
            self.feedPage.setQuery(query)
        })
        let select = layout.widget("select", gtk_toggle_button_get_type())
        Signals.connect(select, "toggled") { [weak self] in
            self?.feedPage.isSelecting = gtk_toggle_button_get_active(cast(select)) != 0
        }
        let search = layout.widget("search", gtk_toggle_button_get_type())
        g_object_bind_property(UnsafeMutableRawPointer(search), "active", UnsafeMutableRawPointer(feedPage.searchBar),
                               "search-mode-enabled", GBindingFlags(rawValue: G_BINDING_BIDIRECTIONAL.rawValue | G_BINDING_SYNC_CREATE.rawValue))
    }

    // MARK: Navigation

    /// Takes the window where `intent` leads (`Navigator`) and returns what
    /// it did. `facts`: read before the intent's own work changed them (the
    /// feed moves a video it opens up under Recent); `opening`: the video to
    /// open, with its title.
    @discardableResult
    private func navigate(_ intent: NavigationIntent, facts: WindowFacts? = nil,
                          opening: Opening? = nil) -> [NavigationEffect] {
        let effects = navigator.handle(intent, facts: facts ?? currentFacts())
        for effect in effects { perform(effect, opening: opening) }
        return effects
    }

    private func currentFacts() -> WindowFacts {
        WindowFacts(isFullscreen: gtk_window_is_fullscreen(gtkWindow) != 0, isMainWindowShown: isShown,
                    feedFocus: navigator.screen.windowPage == .feed ? feedFocus() : .nothing,
                    videoCanMove: playerPage.playbackState.map { $0 != .failed } ?? false)
    }

    /// What has the focus on the feed: a card (reached by keyboard when the
    /// focus is visible), another control, or nothing.
    private func feedFocus() -> FeedFocus {
        guard let focus = gtk_root_get_focus(OpaquePointer(window.object)) else { return .nothing }
        guard let position = feedPage.cardPosition(containing: focus) else { return .control }
        return .card(position: position, byKeyboard: gtk_window_get_focus_visible(gtkWindow) != 0)
    }

    /// The video a navigation opens: its title, and where it starts when
    /// that is not the player's choice.
    private typealias Opening = (locator: MediaLocator, title: String, position: Double?)

    private func perform(_ effect: NavigationEffect, opening: Opening?) {
        switch effect {
        case .rememberFocusedControl:
            focusedControl = gtk_root_get_focus(OpaquePointer(window.object)).map { ObjectRef(retaining: UnsafeMutableRawPointer($0)) }
        case .closeCamera:
            cameraPage.close()
        case .closeMovie:
            moviePage.close()
            updateMoviesMenu()
        case .stopPlayer:
            playerPage.stop()
        case .dismissMiniWindow:
            dismissMiniWindow()
        case .openVideo(let address):
            if let opening, opening.locator.uri == address {
                playerPage.open(opening.locator, title: opening.title, at: opening.position)
            } else if case .success(let locator) = MediaLocator.parse(address) {
                playerPage.open(locator, title: playlistTitles[address] ?? feed.item(withID: address)?.title ?? locator.displayName)
            }
        case .showMiniWindow:
            showMiniWindow()
        case .presentMiniWindow:
            miniWindow?.present()
        case .stripMayPlay(let mayPlay):
            strip.setOtherPlayback(!mayPlay)
        case .showPage(let page):
            show(page)
        case .fullscreen(let on):
            if on { gtk_window_fullscreen(gtkWindow) } else { gtk_window_unfullscreen(gtkWindow) }
        case .restoreFeedFocus(let focus, let played):
            restoreFeedFocus(focus, played: played)
        case .openCamera(let mode):
            cameraPage.open(mode: mode)
        case .focusPage:
            focusPage()
        case .presentMainWindow:
            present()
        case .hideMainWindow:
            gtk_widget_set_visible(window.cast(), 0)
        case .refreshMPRIS:
            mpris?.setNeedsRefresh()
        case .refreshMPRISNow:
            mpris?.refresh()
        case .shutDown:
            shutDown()
        case .destroyMainWindow:
            gtk_window_destroy(gtkWindow)
        }
    }

    /// The stack shows `page`, with the window's header bar on the feed
    /// only, the player's style, and the feed's type-to-search keys.
    private func show(_ page: WindowPage) {
        if let header { gtk_widget_set_visible(header, page.showsHeaderBar ? 1 : 0) }
        if page == .video {
            gtk_widget_add_css_class(window.cast(), "reel-playing")
        } else {
            gtk_widget_remove_css_class(window.cast(), "reel-playing")
        }
        feedPage.captureKeys(from: page.takesTypedKeys ? window.cast() : nil)
        StackPages.show(stack, page)
    }

    /// The page shown puts the focus on its first control.
    private func focusPage() {
        switch navigator.screen.windowPage {
        case .camera: cameraPage.focusDefault()
        case .movie: moviePage.focusDefault()
        case .video: playerPage.focusDefault()
        case .feed: break
        }
    }

    /// The keyboard focus is never left on nothing: GTK 4.8 drops it when
    /// Shift+Tab wraps around a page with a single stop (the camera page
    /// without a camera). Once the window settles with no focus, the page's
    /// first control takes it.
    private func keepFocus() {
        window.connect("notify::focus-widget") { [weak self] in
            guard let self, gtk_root_get_focus(OpaquePointer(self.window.object)) == nil else { return }
            MainContext.soon { [weak self] in
                guard let self, self.isAlive, gtk_root_get_focus(OpaquePointer(self.window.object)) == nil,
                      gtk_window_is_active(self.gtkWindow) != 0 else { return }
                self.focusPage()
            }
        }
    }

    /// A card the keyboard reached: the focus goes to the played video's
    /// card wherever it moved, scrolling to it. A card clicked: the focus
    /// comes back to the same place in the grid and the feed stays
    /// scrolled where the person left it. Another control: that control.
    private func restoreFeedFocus(_ focus: FeedFocus, played: String?) {
        switch focus {
        case .card(_, byKeyboard: true):
            if let played { _ = feedPage.focusCard(played) }
        case .card(let position, byKeyboard: false):
            _ = feedPage.focusCard(atPosition: position)
        case .control:
            if let widget = focusedControl?.cast(GtkWidget.self), gtk_widget_is_visible(widget) != 0 {
                gtk_widget_grab_focus(widget)
            }
        case .nothing:
            break
        }
    }

    // MARK: Movies

    private func setUpMovies() {
        moviePage.onEvent = { [weak self] event in
            switch event {
            case .close: self?.navigate(.showFeed)
            case .toast(let text, let button): self?.showToast(text, button: button)
            }
        }
        let cache = ThumbnailCache()
        moviePage.lookups = MoviePage.Lookups(thumbnail: { uri in cache.existing(for: uri) },
                                              title: { [weak self] uri in self?.feed.item(withID: uri)?.title },
                                              window: { [weak self] in self?.gtkWindow },
                                              saveFolders: { [weak self] in ChosenFolders.current(self?.settings) })
        let menu = OpaquePointer(layout.object("movies-menu", g_menu_get_type()))
        g_menu_append_section(menu, nil, cast(moviesMenu))
        updateMoviesMenu()
        // Listed anew as the menu opens: the feed has the clips' titles by
        // then, and another window may have saved a movie.
        let button = layout.widget("primary-menu-button", gtk_menu_button_get_type())
        if let popover = gtk_menu_button_get_popover(cast(button)) {
            Signals.connect(popover, "show") { [weak self] in self?.updateMoviesMenu() }
        }
    }

    /// The saved movies, newest first, under Movies in the primary menu.
    private func updateMoviesMenu() {
        g_menu_remove_all(moviesMenu)
        for (document, _) in MovieStore(folder: MoviePage.folder).all().prefix(10) {
            let label = movieLabel(document)
            let item = g_menu_item_new(label, nil)!
            g_menu_item_set_action_and_target_value(item, WindowAction.openMovie.detailedName, g_variant_new_string(document.id))
            g_menu_append_item(moviesMenu, item)
            g_object_unref(UnsafeMutableRawPointer(item))
        }
    }

    /// A movie from feed items: the local files that play; the others are
    /// refused with the reason, in a toast.
    private func makeMovie(from items: [VideoItem], adding: Bool) {
        let sorted = MovieCandidate.sort(items)
        if let (item, verdict) = sorted.refused.first, let refusal = verdict.refusal {
            var text = CoreText.format(tr(refusal), [DisplayText.isolated(item.title)])
            if sorted.refused.count > 1 {
                text += " " + CoreText.format(ntr("%s more video was left out.", "%s more videos were left out.", sorted.refused.count - 1),
                                              [String(sorted.refused.count - 1)])
            }
            showToast(text)
        }
        guard !sorted.accepted.isEmpty else { return }
        let uris = sorted.accepted.map(\.uri)
        if adding { moviePage.add(uris) } else { moviePage.start(with: uris) }
        navigate(.showMovie)
    }

    // MARK: Picture in picture

    /// A mini window for the playing video, which moves into it; the main
    /// window goes back to the feed and stays usable.
    private func showMiniWindow() {
        let mini = PictureInPictureWindow(application: gtk_window_get_application(gtkWindow), playerActions: playerPage.actionGroup,
                                          title: playerPage.title, aspect: playerPage.videoAspect, near: gtkWindow, settings: settings)
        mini.onEvent = { [weak self] event in
            switch event {
            case .returnToPlayer: self?.navigate(.returnFromMiniWindow)
            case .close: self?.navigate(.closeMiniWindow)
            case .cannotKeepAbove: self?.explainKeepingAbove()
            }
        }
        mini.progress = { [weak self] in self?.playerPage.progress }
        miniWindow = mini
        playerPage.showVideo(in: (mini.view, mini.subtitles))
        playerPage.showBriefNoteElsewhere = { [weak mini] text in mini?.showNote(text) }
        mini.setPlaying(playerPage.playbackState?.isUnderWay ?? false)
    }

    private func dismissMiniWindow() {
        guard let mini = miniWindow else { return }
        miniWindow = nil
        playerPage.showVideo(in: nil)
        playerPage.showBriefNoteElsewhere = nil
        mini.destroy()
    }

    /// Wayland has no protocol for an app to keep a window on top; the
    /// window menu of GNOME Shell and KDE has "Always on Top". Said once.
    private func explainKeepingAbove() {
        let shown = settings.map { !$0.bool(.miniWindowAboveHintShown) } ?? false
        Trace.shared.event(.pipAboveHint, ["shown": shown ? 1 : 0])
        guard let settings, shown else { return }
        settings.setBool(.miniWindowAboveHintShown, true)
        showToast(tr("To keep the mini window above other windows, choose “Always on Top” in its window menu (Alt+Space)."))
    }

    /// Dropped files: a subtitle file on a playing video loads into it;
    /// anything else opens (several in their order).
    private func dropped(_ addresses: [String]) {
        if playerPage.address != nil, navigator.screen.windowPage == .video,
           let subtitle = addresses.first(where: { SubtitleFiles.isSubtitle($0) }) {
            playerPage.loadSubtitle(subtitle)
            return
        }
        open(addresses: addresses)
    }

    /// Opens a typed, dropped or passed address, or says why it can't. A
    /// video opens in the full player (a video in the mini window stops:
    /// one plays at a time), or with `inMiniWindow` straight in the mini
    /// window. `queue`: what plays before and after it (else it plays
    /// alone); `stepping`: Previous or Next, which keep the mini window;
    /// `resumingAt`: where it starts (Continue Watching), without asking.
    func open(address: String, inMiniWindow: Bool = false, queue: PlayQueue? = nil, stepping: Bool = false,
              resumingAt position: Double? = nil) {
        switch MediaLocator.parse(address) {
        case .success(let locator) where locator.isCatalog:
            feed.addCatalog(locator.uri)
            navigate(.showFeed)
        case .success(let locator):
            // Before the feed moves the video up under Recent.
            let facts = currentFacts()
            feed.recordOpened(locator)
            // The desktop's recent files too (GNOME Files' Recent, the
            // Shell); a web address there would open in Files, not here.
            if MediaLocator.isLocal(locator.uri) {
                _ = gtk_recent_manager_add_item(gtk_recent_manager_get_default(), locator.uri)
            }
            // A playlist's title for it says more than its file's name.
            let title = playlistTitles[locator.uri] ?? feed.item(withID: locator.uri)?.title ?? locator.displayName
            self.queue = queue ?? PlayQueue(addresses: [locator.uri])
            playerPage.setQueue(self.queue)
            navigate(.openVideo(address: locator.uri, inMiniWindow: inMiniWindow, stepping: stepping), facts: facts,
                     opening: (locator, title, position))
        case .failure(let rejection):
            showToast(CoreText.describe(rejection))
        }
    }

    /// A video chosen in the feed: what follows it is the feed as shown
    /// (its section, its search, its order) at that moment.
    private func openFromFeed(_ uri: String, inMiniWindow: Bool = false) {
        let queue = PlayQueue(feed: feed.library.items, query: feedPage.query, current: uri)
        open(address: uri, inMiniWindow: inMiniWindow, queue: queue)
    }

    /// Play Next or Add to Queue on a card: into the queue of what plays
    /// (the player or the mini window), said on a toast; with nothing
    /// playing, the video plays.
    private func queueFromFeed(_ id: String, next: Bool) {
        guard let item = feed.item(withID: id) else { return }
        guard navigator.screen.video != nil else { return openFromFeed(item.uri) }
        if next { queue.playNext(item.uri) } else { queue.add(item.uri) }
        playerPage.setQueue(queue)
        mpris?.setNeedsRefresh()
        Trace.shared.event(.playerQueue, ["count": queue.count, "next": queue.next() ?? ""])
        let title = DisplayText.isolated(item.title)
        // One queue toast at a time: the newest replaces the last rather
        // than waiting behind it.
        if let queueToast { adw_toast_dismiss(OpaquePointer(queueToast.object)) }
        let toast = ObjectRef(retaining: UnsafeMutableRawPointer(
            showToast(CoreText.format(next ? tr("“%s” plays next.") : tr("“%s” was added to the queue."), [title]))))
        toast.connect("dismissed") { [weak self, weak toast] in
            if let toast, self?.queueToast === toast { self?.queueToast = nil }
        }
        queueToast = toast
    }

    /// Several addresses at once (the command line, the file chooser, a
    /// drop): the videos play in this order, a playlist's entries where it
    /// is (read off the main thread, what could not be played named on a
    /// toast); catalogs join the feed.
    func open(addresses: [String]) {
        guard addresses.contains(where: PlaylistReader.isCandidate) else { return openRead(addresses) }
        PlaylistReader.open(addresses, then: MainThreadHandler { [weak self] opened in
            self?.playlistTitles.merge(opened.titles) { _, newer in newer }
            self?.openRead(opened.addresses)
            self?.notePlaylist(opened)
        })
    }

    /// Says which playlist entries were left out (the first by name, the
    /// rest counted), and whether some were for a queue too long.
    private func notePlaylist(_ opened: PlaylistReader.Opened) {
        var words: [String] = []
        if let first = opened.skipped.first {
            words.append(CoreText.format(tr("“%s” in the playlist is missing or is not a video file."), [DisplayText.isolated(first)]))
            if opened.skipped.count > 1 {
                let more = opened.skipped.count - 1
                words.append(CoreText.format(ntr("%s more entry was left out.", "%s more entries were left out.", more), [String(more)]))
            }
        }
        if opened.truncated {
            words.append(CoreText.format(tr("The queue holds the first %s videos."), [String(PlaylistExpansion.largest)]))
        }
        guard !words.isEmpty else { return }
        Trace.shared.event(.playlistSkipped, ["count": opened.skipped.count, "truncated": opened.truncated])
        note(words.joined(separator: " "))
    }

    private func openRead(_ addresses: [String]) {
        var videos: [String] = []
        for address in addresses {
            guard case .success(let locator) = MediaLocator.parse(address), !locator.isCatalog else {
                open(address: address)
                continue
            }
            videos.append(locator.uri)
        }
        guard let first = videos.first else { return }
        open(address: first, queue: PlayQueue(addresses: videos, current: first))
    }

    @discardableResult
    func showToast(_ text: String, button: ToastButton? = nil, extra: ToastButton? = nil) -> OpaquePointer {
        ToastButton.show(text, button: button, extra: extra, in: toasts)
    }

    // MARK: Dialogs

    func chooseFiles() {
        let chooser = FileChooser(parent: gtkWindow, title: tr("Open Video"), accept: tr("_Open"), kinds: [.videosAndPlaylists, .allFiles],
                                  multiple: true) { [weak self] uris in
            self?.fileChooser = nil
            self?.open(addresses: uris)
        }
        fileChooser = chooser
        chooser.show()
    }

    func askForURL() {
        OpenURLDialog.present(over: gtkWindow) { [weak self] locator in
            self?.open(address: locator.uri)
        }
    }

    // MARK: Window state

    private func restoreState() {
        guard let settings else { return }
        let size = WindowSize.restored(width: Int(settings.int(.windowWidth)),
                                       height: Int(settings.int(.windowHeight)))
        gtk_window_set_default_size(gtkWindow, Int32(size.width), Int32(size.height))
        if settings.bool(.windowMaximized) { gtk_window_maximize(gtkWindow) }
    }

    /// Before the window closes or the app quits: the player remembers where
    /// a long video was left, the window its size.
    func shutDown() {
        navigate(.quit)
        saveState()
        feed.finishStart()  // quitting normally is no sign of a start that hangs
    }

    /// GTK 4 keeps default-width/height in step with the window while it is
    /// not maximized, so they are the size to come back to.
    func saveState() {
        guard let settings, isAlive else { return }
        var width: Int32 = 0
        var height: Int32 = 0
        gtk_window_get_default_size(gtkWindow, &width, &height)
        let maximized = gtk_window_is_maximized(gtkWindow) != 0
        settings.delay()
        if !maximized {
            settings.setInt(.windowWidth, width)
            settings.setInt(.windowHeight, height)
        }
        settings.setBool(.windowMaximized, maximized)
        settings.apply()
    }
}

extension MainWindow {
    /// What the player page reports.
    private func handle(_ event: PlayerPage.Event) {
        switch event {
        case .close: navigate(.showFeed)
        case .step(let forward): step(forward: forward)
        case .togglePictureInPicture: navigate(.togglePictureInPicture)
        case .opened(let title):
            // The end action "next" opens the next video in the mini window.
            miniWindow?.setTitle(title)
            mpris?.setNeedsRefresh()
        case .stateChanged(let state): miniWindow?.setPlaying(state.isUnderWay)
        case .failedElsewhere: navigate(.returnFromMiniWindow)
        case .changed: mpris?.setNeedsRefresh()
        case .seeked(let position): mpris?.seeked(to: position)
        case .addPart(let uri, let title, let start, let end, let toNewMovie):
            addPart(uri: uri, title: title, trim: (start, end), toNewMovie: toNewMovie)
        case .stopSavingPart: partSaver?.cancel()
        case .saveQueue: chooseQueueFile()
        }
    }

    /// Save Queue…: the queue as a playlist file where the person chooses
    /// (XSPF unless the name ends in .m3u), each video with its title.
    private func chooseQueueFile() {
        let chooser = FileChooser(parent: gtkWindow, title: tr("Save Queue"), accept: tr("_Save"),
                                  kinds: [FileChooser.Kind(name: tr("Playlists"), suffixes: ["xspf", "m3u", "m3u8"])],
                                  saving: tr("Queue") + ".xspf") { [weak self] uris in
            self?.fileChooser = nil
            guard let uri = uris.first else { return }
            self?.saveQueue(to: uri)
        }
        fileChooser = chooser
        chooser.show()
    }

    private func saveQueue(to uri: String) {
        guard let chosen = URL(string: uri), chosen.isFileURL else { return }
        // The name as chosen (the dialog asked before replacing it).
        let file = chosen, name = chosen.lastPathComponent
        let format = PlaylistWriter.format(forName: name)
        // The feed's title, else a local file's as the feed would give it.
        let items = queue.addresses.map { address in
            let local = try? MediaLocator.parse(address).get()
            let title = playlistTitles[address] ?? feed.item(withID: address)?.title
                ?? local.flatMap { MediaLocator.isLocal($0.uri) ? LibraryScanRules.title(fileName: $0.displayName) : nil }
            return PlaylistWriter.Item(address: address, title: title)
        }
        do {
            try Data(PlaylistWriter.text(items, format: format).utf8).write(to: file, options: .atomic)
            Trace.shared.event(.playerQueueSaved, ["path": file.path, "count": items.count])
            note(CoreText.format(tr("The queue was saved as “%s”."), [DisplayText.isolated(name)]))
        } catch {
            Trace.shared.event(.playerQueueSaved, ["path": file.path, "error": "\(error)"])
            note(CoreText.format(tr("The queue could not be saved as “%s”: the folder cannot be written to, or the disk is full."),
                                 [DisplayText.isolated(name)]))
        }
    }

    /// A part marked in the player goes into the movie being edited, or
    /// starts a new one; the player plays on, and a toast offers the movie.
    private func addPart(uri: String, title: String, trim: (start: Int64, end: Int64)?, toNewMovie: Bool) {
        if !MediaLocator.isLocal(uri), let trim { return savePart(uri: uri, title: title, trim: trim, toNewMovie: toNewMovie) }
        let added: (Int) -> Void = { [weak self] count in
            guard let self else { return }
            guard count > 0 else {
                self.note(CoreText.format(tr("“%s” could not be added to the movie."), [DisplayText.isolated(title)]))
                return
            }
            Trace.shared.event(.playerPartAdded, ["uri": uri, "start": trim.map { Double($0.start) / 1e9 } ?? -1,
                                                  "end": trim.map { Double($0.end) / 1e9 } ?? -1, "movie": self.moviePage.document.id])
            self.note(CoreText.format(tr("The part of “%s” was added to the movie."), [DisplayText.isolated(title)]),
                          button: ToastButton(label: tr("_Edit the Movie"), action: WindowAction.openMovie.detailedName,
                                              target: self.moviePage.document.id))
        }
        if toNewMovie || moviePage.document.edit.clips.isEmpty {
            moviePage.start(with: [uri], trim: trim, then: added)
        } else {
            moviePage.add([uri], trim: trim, then: added)
        }
    }

    /// A web video's part is saved as a local file first (the movie maker
    /// takes local files), with its progress on the part's row, then goes
    /// into the movie whole. One at a time.
    private func savePart(uri: String, title: String, trim: (start: Int64, end: Int64), toNewMovie: Bool) {
        guard partSaver == nil else { return note(tr("A part is being saved already: wait for it, or stop it.")) }
        let folder = ChosenFolders.current(settings).folder(for: .movie)
        let saver = VideoPartSaver(uri: uri, start: Double(trim.start) / 1e9, end: Double(trim.end) / 1e9, folder: folder)
        partSaver = saver
        playerPage.controls.part.showSaving(0)
        Trace.shared.event(.playerPartSaving, ["uri": uri])
        // Both are called on the main thread.
        let progress = MainThreadHandler { [weak self] (fraction: Double) in self?.playerPage.controls.part.showSaving(fraction) }
        let finished = MainThreadHandler { [weak self] (outcome: VideoPartSaver.Outcome) in
            self?.partSaved(outcome, title: title, toNewMovie: toNewMovie)
        }
        saver.start(onProgress: { progress.call($0) }, onFinished: { finished.call($0) })
    }

    private func partSaved(_ outcome: VideoPartSaver.Outcome, title: String, toNewMovie: Bool) {
        partSaver = nil
        playerPage.controls.part.showSaving(nil)
        switch outcome {
        case .saved(let path):
            Trace.shared.event(.playerPartSaved, ["path": path])
            addPart(uri: URL(fileURLWithPath: path).absoluteString, title: title, trim: nil, toNewMovie: toNewMovie)
        case .cancelled:
            Trace.shared.event(.playerPartSaved, ["cancelled": 1])
            note(tr("Saving the part was stopped."))
        case .failed(let problem):
            Trace.shared.event(.playerPartSaved, ["problem": problem.kind])
            note(CoreText.translate(problem.message, detail: problem.detail))
        }
    }

    /// Words about what plays (a part, a playlist), where the person is:
    /// over the player (above its controls), or the window's page while
    /// the video plays in the mini window.
    private func note(_ text: String, button: ToastButton? = nil) {
        guard navigator.screen.windowPage == .video else {
            showToast(text, button: button)
            return
        }
        if let button { playerPage.toasts.note(text, button: button) } else { playerPage.toast(text) }
    }

    /// The movie a part can join besides a new one, as the Movies menu
    /// names it; nil while the movie page holds none.
    private var openMovieLabel: String? {
        let document = moviePage.document
        guard !document.edit.clips.isEmpty else { return nil }
        return movieLabel(document)
    }

    func movieLabel(_ document: MovieDocument) -> String {
        let count = document.edit.clips.count
        let name = document.edit.clips.first.flatMap { feed.item(withID: $0.uri)?.title } ?? document.title
        return CoreText.format(ntr("%s (%s clip)", "%s (%s clips)", count), [name, String(count)])
    }

    /// Previous or Next: the video before or after this one in the queue.
    private func step(forward: Bool) {
        var moved = queue
        let ends = playerPage.endAction.queueEnds
        guard let address = forward ? moved.moveNext(ends) : moved.movePrevious(ends) else { return }
        open(address: address, queue: moved, stepping: true)
    }

    /// The player page reports here and keeps what it remembers in the feed.
    private func connectPlayerPage() {
        playerPage.onEvent = { [weak self] event in self?.handle(event) }
        playerPage.memory = feed
        playerPage.controls.part.openMovie = { [weak self] in self?.openMovieLabel }
    }
}

extension MainWindow: MPRISPlayer {
    /// The player page's state, with what the window knows: full screen
    /// only for the full player, and the queue (Next and Previous).
    var mprisState: MPRISState? {
        guard var state = playerPage.mprisState else { return nil }
        let ends = playerPage.endAction.queueEnds
        state.canGoNext = queue.hasNext(ends)
        state.canGoPrevious = queue.hasPrevious(ends)
        let inPlayer = navigator.screen.windowPage == .video
        state.canSetFullscreen = inPlayer
        state.fullscreen = inPlayer && playerPage.isFullscreen
        return state
    }

    var mprisPosition: Double { playerPage.position }

    func perform(_ command: MPRISCommand) {
        switch command {
        case .raise:
            // The window the video is in comes to the front.
            if let miniWindow { miniWindow.present() } else { present() }
        case .quit:
            if let application = gtk_window_get_application(gtkWindow) {
                g_action_group_activate_action(OpaquePointer(application), AppAction.quit.rawValue, nil)
            }
        case .fullscreen(let on):
            guard navigator.screen.windowPage == .video else { return }
            if on { gtk_window_fullscreen(gtkWindow) } else { gtk_window_unfullscreen(gtkWindow) }
        case .open(let address):
            open(address: address)
        case .next:
            step(forward: true)
        case .previous:
            step(forward: false)
        default:
            playerPage.perform(command)
        }
    }
}
