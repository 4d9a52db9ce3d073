import CGLib
import Foundation
import GLibKit
import ReelCore
import ReelMedia

/// Fills the feed: the Videos folder, the sample library, the user's
/// catalogs and the recently opened, merged by ReelCore's FeedLibrary; then
/// metadata and thumbnails, visible cards first. All of it arrives on the
/// main thread; the work itself runs on ReelMedia's workers.
public final class FeedController {
    private let page: FeedDisplay
    private let settings: Settings?
    public private(set) var library: FeedLibrary
    private var state: AppState
    private let store: AppStateStore
    /// Where the state file and the start mark are (a test's own folder).
    private let stateFolder: String
    private let folders = LocalVideoFolders()
    private var samples: SampleLibrary?
    private var samplesCatalogURI: String?
    private let settingWatch: SettingWatch
    /// The desktop's privacy switch: off, nothing watched is kept.
    private let fileHistory: FileHistorySetting
    /// The Continue Watching row and the cards' marks as last shown: its
    /// videos are discovered like the cards on screen.
    private var shownRow: [VideoItem] = []
    private var shownMarks: [String: WatchHistory.Mark] = [:]
    // All in the media worker's process: a video that crashes a decoder
    // takes that process down, not the app.
    private let probes = ProbeQueue(worker: .shared)
    private let thumbnails = ThumbnailQueue(worker: .shared)
    /// Remote items wait on servers (up to the probe's time limit each):
    /// queues of their own, so a slow server never holds up local files.
    private let remoteProbes: ProbeQueue
    private let remoteThumbnails = ThumbnailQueue(worker: .shared, workers: 1)
    private var requested: Set<String> = []
    /// Servers that failed several entries in a row are left alone for a
    /// while; the cards of theirs not asked about meanwhile say why, and
    /// are asked again (if still near the screen) when the pause is over.
    /// Shared with the remote probes' workers, which record each answer
    /// as it comes and skip a resting server's entries themselves.
    private let servers: ServerGate
    private var restingCards: [String: Set<String>] = [:]   // by host
    private var backoffWake: SourceID?
    /// The items whose cards are on screen or near it, in feed order
    /// (`cardsShown`).
    private var shownIDs: [String] = []
    private var pendingSources = 0
    private var discoveryScheduled = false

    /// What the controller tells the window.
    public enum Event: Equatable {
        /// A message for the person (a toast).
        case message(String)
        /// The preview strip's clips changed (catalog clips, else the
        /// feed's first local videos).
        case stripClips([String])
        /// The feed's list was shown anew (`library` changed).
        case published
        /// The last start never finished loading the feed: these catalogs
        /// wait for `keepCatalogs` or `removeCatalogs`.
        case unfinishedStart([String])
    }

    public var onEvent: ((Event) -> Void)?
    /// Each catalog's preview clips, by catalog URI (the samples first).
    private var catalogClips: [(uri: String, clips: [String])] = []
    private var stripClips: [String] = []

    public init(page: FeedDisplay, settings: Settings?, stateFolder: String = FeedController.stateFolder,
                fileHistory: FileHistorySetting = FileHistorySetting()) {
        self.stateFolder = stateFolder
        self.page = page
        self.settings = settings
        self.fileHistory = fileHistory
        let servers = ServerGate()
        self.servers = servers
        remoteProbes = ProbeQueue(worker: .shared, workers: 2, servers: servers)
        settingWatch = SettingWatch(settings)
        store = AppStateStore(path: FeedController.stateFile(in: stateFolder))
        let loaded = store.load()
        state = loaded.state
        library = FeedLibrary(hiddenIDs: loaded.state.hiddenIDs)
        if loaded.wasCorrupt { FeedController.log("the state file was damaged; a copy is kept as state.json.corrupt") }
    }

    public func start() {
        _ = library.setItems(state.recent.videoItems, from: .recent)
        publish()
        fileHistory.onChange = { [weak self] in
            Trace.shared.event(.feedFileHistory, ["on": self?.fileHistory.isOn == true ? 1 : 0])
        }
        startVideosFolder()
        if settings?.bool(.showSamples) ?? true { startSamples() }
        settingWatch.on(.showSamples) { [weak self] in self?.showSamplesChanged() }
        let catalogs = settings?.stringList(.catalogs) ?? []
        let lastStartFinished = !FileManager.default.fileExists(atPath: startMark)
        markStart()
        switch StartCheck.decide(lastStartFinished: lastStartFinished, catalogs: catalogs) {
        case .loadAll:
            for uri in catalogs { loadCatalog(uri, origin: .catalog(uri)) }
        case .ask(let suspects):
            Trace.shared.event(.startUnfinishedBefore, ["catalogs": suspects.count])
            onEvent?(.unfinishedStart(suspects))
        }
        settleIfIdle()
    }

    public func keepCatalogs(_ catalogs: [String]) {
        for uri in catalogs { loadCatalog(uri, origin: .catalog(uri)) }
    }

    public func removeCatalogs(_ catalogs: [String]) {
        settings?.setStringList(.catalogs, (settings?.stringList(.catalogs) ?? []).filter { !catalogs.contains($0) })
    }

    // MARK: The start mark (ReelCore.StartCheck)

    /// Where recent videos, hidden ones and playback positions are kept,
    /// with the start mark.
    public static var stateFolder: String { UserDirectories.state + "/reel" }
    public static func stateFile(in folder: String = stateFolder) -> String { folder + "/state.json" }
    public static func startMark(in folder: String = stateFolder) -> String { folder + "/starting" }

    private var startMark: String { FeedController.startMark(in: stateFolder) }

    private func markStart() {
        try? FileManager.default.createDirectory(atPath: stateFolder, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: startMark, contents: Data("\(getpid())\n".utf8))
    }

    /// The feed has loaded, or the app quits normally: this start finished.
    public func finishStart() {
        unlink(startMark)
    }

    // MARK: Sources

    /// The Videos folder and the folders recordings and movies are saved
    /// in (Preferences › Saving), followed as they change.
    private func startVideosFolder() {
        beginSource()
        folders.onChange = { [weak self] items in
            guard let self else { return }
            _ = self.library.setItems(items, from: .videosFolder)
            self.publish()
        }
        folders.onFirstScan = { [weak self] in self?.endSource() }
        folders.start(ChosenFolders.current(settings))
        for key in ChosenFolders.keys.map(\.key) {
            settingWatch.on(key) { [weak self] in
                guard let self else { return }
                self.folders.start(ChosenFolders.current(self.settings))
            }
        }
    }

    private func startSamples() {
        guard let catalogPath = InstallLocation.data("reel/catalogs/samples.json"), InstallLocation.exists(catalogPath),
              let plan = try? SamplePlan(catalogPath: catalogPath) else {
            FeedController.log("the sample catalog is not installed")
            return
        }
        let library = SampleLibrary(plan: plan)
        samples = library
        let catalogURI = FeedController.sampleCatalogURI(library)
        samplesCatalogURI = catalogURI
        guard !library.isComplete else {
            loadSampleCatalog(catalogPath, as: catalogURI)
            return
        }
        beginSource()
        page.showProgress(tr("Preparing sample videos…"), fraction: 0)
        library.start(progress: { [weak self] progress in
            let text = CoreText.format(tr("Preparing sample videos (%s of %s)…"),
                                       ["\(progress.working)", "\(progress.total)"])
            self?.page.showProgress(text, fraction: Double(progress.done) / Double(max(progress.total, 1)))
        }, completion: { [weak self] outcome in
            guard let self else { return }
            // Turned off meanwhile (the run was cancelled): nothing to show.
            guard self.samples === library else { return self.endSource() }
            self.page.hideProgress()
            if case .failed(let failure) = outcome {
                self.onEvent?(.message(CoreText.format(tr("The sample videos could not be made: %s"), [failure.description])))
            }
            self.loadSampleCatalog(catalogPath, as: catalogURI)
            self.endSource()
        })
    }

    /// Where the sample catalog is read as if it were (next to its files).
    public static func sampleCatalogURI(_ library: SampleLibrary) -> String {
        URL(fileURLWithPath: library.folder + "/samples.json").absoluteString
    }

    /// The sample videos come and go with the setting (Preferences); the
    /// sample library's files stay in the cache for the next time.
    private func showSamplesChanged() {
        if settings?.bool(.showSamples) ?? true {
            if samples == nil { startSamples() }
        } else {
            samples?.cancel()
            samples = nil
            page.hideProgress()
            catalogClips.removeAll { $0.uri == samplesCatalogURI }
            library.removeSource(.samples)
            publish()
        }
    }

    /// The sample catalog ships with the app but its files live in the cache,
    /// so it is parsed as if it sat next to them.
    private func loadSampleCatalog(_ path: String, as catalogURI: String) {
        beginSource()
        CatalogLoader.load(URL(fileURLWithPath: path).absoluteString, resolvingAs: catalogURI) { [weak self] result in
            guard let self else { return }
            defer { self.endSource() }
            guard case .success(let catalog) = result else { return FeedController.log("the sample catalog does not load") }
            guard self.samples != nil else { return }  // turned off meanwhile
            _ = self.library.setItems(catalog.entries.map { $0.videoItem(origin: .samples) }, from: .samples)
            self.publish()
        }
    }

    /// Adds a catalog to the feed and remembers it (GSettings `catalogs`).
    public func addCatalog(_ uri: String) {
        var catalogs = settings?.stringList(.catalogs) ?? []
        if !catalogs.contains(uri) {
            catalogs.append(uri)
            settings?.setStringList(.catalogs, catalogs)
        }
        loadCatalog(uri, origin: .catalog(uri))
    }

    /// Reads a catalog (file or web) and parses it off the main thread.
    public func loadCatalog(_ uri: String, origin: VideoOrigin) {
        beginSource()
        CatalogLoader.load(uri) { [weak self] result in self?.catalogLoaded(result, uri: uri, origin: origin) }
    }

    private func catalogLoaded(_ result: Result<Catalog, CatalogLoader.Failure>, uri: String, origin: VideoOrigin) {
        defer { endSource() }
        let name = FeedController.name(of: uri)
        switch result {
        case .success(let catalog):
            for rejection in catalog.rejected {
                FeedController.log("\(uri): entry \(rejection.index + 1) skipped: \(rejection.reason.message)")
            }
            if let message = FeedController.skippedMessage(catalog.rejected, catalog: name) { onEvent?(.message(message)) }
            _ = library.setItems(catalog.videoItems, from: origin)
            catalogClips.removeAll { $0.uri == uri }
            if !catalog.clips.isEmpty {
                let entry = (uri: uri, clips: catalog.clips)
                if origin == .samples { catalogClips.insert(entry, at: 0) } else { catalogClips.append(entry) }
            }
            publish()
        case .failure(.syntax(let error)) where error.line > 0:
            onEvent?(.message(CoreText.format(tr("The catalog “%s” has an error on line %s: %s"), [name, "\(error.line)", tr(error.message)])))
        case .failure(.syntax(let error)):
            onEvent?(.message(CoreText.format(tr("The catalog “%s” could not be loaded: %s"), [name, tr(error.message)])))
        case .failure(.fetch(let error)):
            onEvent?(.message(CoreText.format(tr("The catalog “%s” could not be loaded: %s"), [name, CoreText.describe(error)])))
        case .failure(.missing):
            onEvent?(.message(CoreText.format(tr("The catalog “%s” could not be loaded: %s"), [name, tr("The file does not exist.")])))
        case .failure(.unusable(let problem)):
            onEvent?(.message(CoreText.format(tr("The catalog “%s” could not be loaded: %s"), [name, CoreText.describe(problem)])))
        }
    }

    /// What the user hears of a catalog's skipped entries: how many, and
    /// the reason most of them share.
    private static func skippedMessage(_ rejected: [Catalog.Rejection], catalog name: String) -> String? {
        guard !rejected.isEmpty else { return nil }
        var counts: [String: Int] = [:]
        for rejection in rejected { counts[rejection.reason.message, default: 0] += 1 }
        // The most frequent, the first of them on a tie: the same words every time.
        let reason = tr(rejected.map(\.reason.message).max { counts[$0]! < counts[$1]! }!)
        let template = ntr("%s entry of the catalog “%s” was skipped: %s",
                           "%s entries of the catalog “%s” were skipped, for example: %s", rejected.count)
        return CoreText.format(template, ["\(rejected.count)", name, reason])
    }

    /// A source counts as loading until its first result; the feed shows a
    /// spinner (not "No Videos Yet") until every source has answered.
    private func beginSource() { pendingSources += 1 }

    private func endSource() {
        pendingSources = max(0, pendingSources - 1)
        settleIfIdle()
    }

    private func settleIfIdle() {
        guard pendingSources == 0 else { return }
        page.isLoading = false
        finishStart()
    }

    // MARK: Recent and removal

    /// Remembers an opened video in the Recent section (and the state file),
    /// unless the desktop keeps no file history.
    public func recordOpened(_ locator: MediaLocator) {
        guard fileHistory.isOn else { return }
        state.recent.record(uri: locator.uri, title: title(of: locator))
        _ = library.unhide(id: locator.uri)
        _ = library.setItems(state.recent.videoItems, from: .recent)
        publish()
        saveState()
    }

    /// The feed's title for a video, else its file's name as the feed
    /// would title it, else its address's.
    private func title(of locator: MediaLocator) -> String {
        let fallback = locator.kind == .file ? LibraryScanRules.title(fileName: locator.displayName) : locator.displayName
        return library.item(withID: locator.uri)?.title ?? fallback
    }

    public func remove(_ item: VideoItem) {
        state.recent.remove(uri: item.uri)
        _ = library.setItems(state.recent.videoItems, from: .recent)
        _ = library.hide(id: item.id)
        publish()
        state.hiddenIDs = library.hiddenIDs
        saveState()
    }

    public func item(withID id: String) -> VideoItem? { library.item(withID: id) }

    // MARK: Playback positions

    public func savedPosition(for uri: String) -> Double? { state.playbackPositions[uri] }

    /// Stores where a long video was left (nil forgets it). With the
    /// desktop's file history off, a new position is not kept and the old
    /// one goes: it would say where the video was left before.
    public func storePosition(_ position: Double?, for uri: String) {
        let kept = fileHistory.isOn ? position : nil
        guard state.playbackPositions[uri] != kept else { return }
        state.playbackPositions[uri] = kept
        saveState()
        publishHistory()
    }

    public func trackChoice(for uri: String) -> TrackChoice? { state.trackChoices[uri] }

    /// Stores the sound and subtitles chosen for a video.
    public func storeTrackChoice(_ choice: TrackChoice, for uri: String) {
        guard state.trackChoices[uri] != choice else { return }
        state.trackChoices[uri] = choice.isEmpty ? nil : choice
        saveState()
    }

    // MARK: What was watched (ReelCore.WatchHistory)

    /// The player stopped `uri` at `position` of `duration` (after storing
    /// the position resume uses).
    public func recordWatched(_ uri: String, title: String, position: Double?, duration: Double?) {
        guard fileHistory.isOn else { return }
        let before = state.watchHistory
        // The feed's words for it, as the Recent section has them.
        let name = (try? MediaLocator.parse(uri).get()).map(self.title(of:)) ?? title
        state.watchHistory.record(uri: uri, title: name, position: position, duration: duration)
        guard state.watchHistory != before else { return }
        saveState()
        publishHistory()
    }

    public func isWatched(_ id: String) -> Bool { state.watchHistory.isWatched(id) }

    /// Whether the desktop lets Reel keep what was watched (Mark as Watched
    /// is offered only then).
    public var keepsHistory: Bool { fileHistory.isOn }

    /// Mark as Watched: out of the row, the watched mark on its card, and
    /// it starts from the beginning next time.
    public func markWatched(_ id: String) {
        guard fileHistory.isOn else { return }
        let item = library.item(withID: id)
        let title = item?.title ?? state.watchHistory.entries[id]?.title ?? ""
        state.watchHistory.markWatched(uri: id, title: title, duration: item?.info?.duration)
        state.playbackPositions[id] = nil
        Trace.shared.event(.feedMarkWatched, ["uri": id, "watched": 1])
        saveState()
        publishHistory()
    }

    /// Mark as Unwatched: as if it had never been played.
    public func markUnwatched(_ id: String) {
        state.watchHistory.markUnwatched(uri: id)
        state.playbackPositions[id] = nil
        Trace.shared.event(.feedMarkWatched, ["uri": id, "watched": 0])
        saveState()
        publishHistory()
    }

    /// What Clear History takes away, to put back with `restoreHistory`
    /// (the toast's Undo).
    public struct History {
        fileprivate let watched: WatchHistory
        fileprivate let positions: [String: Double]
    }

    /// Forgets what was watched and where every video was left; gives what
    /// was forgotten back, for Undo.
    @discardableResult
    public func clearHistory() -> History {
        let cleared = History(watched: state.watchHistory, positions: state.playbackPositions)
        state.watchHistory.clear()
        state.playbackPositions.removeAll()
        Trace.shared.event(.feedHistoryCleared, ["entries": cleared.watched.entries.count])
        saveState()
        publishHistory()
        return cleared
    }

    /// Undo of Clear History: what was cleared comes back, with whatever
    /// was watched since.
    public func restoreHistory(_ history: History) {
        state.playbackPositions = history.positions.merging(state.playbackPositions) { _, newer in newer }
        state.watchHistory = WatchHistory(entries: history.watched.entries.merging(state.watchHistory.entries) { _, newer in newer })
        Trace.shared.event(.feedHistoryCleared, ["entries": -1])
        saveState()
        publishHistory()
    }

    /// Shows each card's line or mark and the Continue Watching row: the
    /// feed's own item where it has one, else one made from what the
    /// history remembers (a video since removed from the feed still
    /// continues).
    private func publishHistory() {
        let history = state.watchHistory
        let positions = state.playbackPositions
        let row = history.continueWatching(positions: positions).compactMap { uri -> VideoItem? in
            if let item = library.item(withID: uri) { return item }
            guard case .success(let locator) = MediaLocator.parse(uri) else { return nil }
            let title = history.entries[uri]?.title ?? ""
            return VideoItem(uri: locator.uri, kind: locator.kind, title: title.isEmpty ? locator.displayName : title,
                             origin: .recent)
        }
        let marks = history.marks(positions: positions)
        guard row != shownRow || marks != shownMarks else { return }
        shownRow = row
        shownMarks = marks
        page.showHistory(marks, row: row)
        Trace.shared.event(.feedContinueWatching, [
            "count": row.count, "uris": row.map(\.uri).joined(separator: " "),
            "lines": marks.values.filter { $0 != .watched }.count, "watched": marks.values.filter { $0 == .watched }.count,
        ])
        // A video played from outside the feed has no card that asked for
        // its picture; the one the player made is in the cache.
        for item in row where library.item(withID: item.id) == nil {
            if let path = ThumbnailCache().existing(for: item.uri) { page.setThumbnail(path, for: item.id) }
        }
        scheduleDiscovery()
    }

    private func saveState() {
        do {
            try store.save(state)
        } catch {
            onEvent?(.message(CoreText.format(tr("Your recent videos could not be saved: %s"), [error.localizedDescription])))
        }
    }

    // MARK: Metadata and thumbnails

    /// Shows the library's current list; the page keeps the grid's scroll
    /// position by splicing only what changed.
    private func publish() {
        page.setItems(library.items)
        publishHistory()
        onEvent?(.published)
        let clips = LoopingQueue.choose(catalogClips: catalogClips.first?.clips ?? [], feed: library.items)
        if clips != stripClips {
            stripClips = clips
            onEvent?(.stripClips(clips))
        }
        scheduleDiscovery()
    }

    /// Discovery runs after the frame that shows the cards, not before it.
    private func scheduleDiscovery() {
        if !discoveryScheduled {
            discoveryScheduled = true
            MainContext.soon { [weak self] in
                self?.discoveryScheduled = false
                self?.discoverNewItems()
            }
        }
    }

    /// Queues discovery for the cards on screen and near it (those the grid
    /// has made) that have none yet, and only those: a catalog of 100,000
    /// videos costs what its first screens cost, the servers behind it are
    /// asked only for what someone looks at (or searches for), and the app
    /// rests once those are done. Scrolling or searching shows other cards,
    /// which are asked for then.
    private func discoverNewItems() {
        // The queue runs the newest request first: ask from the bottom of
        // the screen up, so the top cards come first.
        for id in (shownRow.map(\.id) + shownIDs).reversed() {
            guard let item = library.item(withID: id), item.info == nil, item.problem == nil,
                  !requested.contains(item.id) else { continue }
            if let host = ServerGate.host(of: item.uri), let until = servers.restingUntil(host) {
                rest(item, of: host, until: until)
                continue
            }
            requested.insert(item.id)
            let id = item.id
            let probed = MainThreadHandler { [weak self] (outcome: MediaProbe.Outcome) in self?.probed(id, outcome) }
            probeQueue(for: item.uri).request(item.uri) { outcome in MainContext.invoke { probed.call(outcome) } }
        }
    }

    /// A card of a resting server: it says what the server's last failure
    /// said, without a request, until the pause is over.
    private func rest(_ item: VideoItem, of host: String, until: Date) {
        if let problem = servers.lastProblem(of: host), library.setProblem(problem, forID: item.id) != nil,
           let updated = library.item(withID: item.id) {
            page.update(updated)
        }
        restingCards[host, default: []].insert(item.id)
        guard backoffWake == nil else { return }
        let delay = max(0, until.timeIntervalSinceNow)
        backoffWake = MainContext.after(milliseconds: UInt32(delay * 1000) + 100) { [weak self] in
            self?.backoffWake = nil
            self?.wakeRestingCards()
        }
    }

    /// The pause of some server is over: its cards lose the words they got
    /// without asking, and those near the screen are asked again.
    private func wakeRestingCards() {
        let now = Date()
        for (host, ids) in restingCards where servers.restingUntil(host, at: now) == nil {
            restingCards[host] = nil
            for id in ids where library.setProblem(nil, forID: id) != nil {
                if let item = library.item(withID: id) { page.update(item) }
            }
        }
        discoverNewItems()
    }

    private func probed(_ id: String, _ outcome: MediaProbe.Outcome) {
        // The worker recorded the answer; if the server now rests, the
        // requests still waiting (and any the worker skipped) go back to
        // their cards, which rest with it.
        if case .problem = outcome, let uri = library.item(withID: id)?.uri,
           let host = ServerGate.host(of: uri), servers.restingUntil(host) != nil {
            dropWaitingRequests(of: host)
        }
        switch outcome {
        case .video(let info):
            _ = library.setInfo(info, forID: id)
            if let item = library.item(withID: id) {
                page.update(item)
                requestThumbnail(for: item)
            }
        case .problem(let problem):
            _ = library.setProblem(problem, forID: id)
            if let item = library.item(withID: id) { page.update(item) }
        }
    }

    private func requestThumbnail(for item: VideoItem) {
        if let given = item.thumbnailURI, let path = URL(string: given)?.path, MediaLocator.isLocal(given),
           FileManager.default.fileExists(atPath: path) {
            page.setThumbnail(path, for: item.id)
            return
        }
        guard item.info.map({ $0.width > 0 }) ?? false else { return }
        let id = item.id
        let made = MainThreadHandler { [weak self] (outcome: Thumbnailer.Outcome) in
            switch outcome {
            case .created(let path), .cached(let path): self?.page.setThumbnail(path, for: id)
            case .failed(let reason): FeedController.log("no thumbnail for \(id): \(reason)")
            }
        }
        thumbnailQueue(for: item.uri).request(item.uri) { outcome in MainContext.invoke { made.call(outcome) } }
    }

    /// The grid made cards for these items (on screen and a little around),
    /// in feed order: discover those not asked for yet, and move them all
    /// ahead.
    public func cardsShown(_ ids: [String]) {
        shownIDs = ids
        discoverNewItems()
        for id in ids {
            guard let item = library.item(withID: id) else { continue }
            probeQueue(for: item.uri).prioritize(item.uri)
            thumbnailQueue(for: item.uri).prioritize(item.uri)
        }
    }

    /// The requests about `host`'s entries that have not gone out yet are
    /// dropped; their cards are asked again when they come near the screen.
    private func dropWaitingRequests(of host: String) {
        for id in requested {
            guard let item = library.item(withID: id), item.info == nil, item.problem == nil,
                  ServerGate.host(of: item.uri) == host else { continue }
            remoteProbes.cancel(item.uri)
            requested.remove(id)
        }
        MainContext.soon { [weak self] in self?.discoverNewItems() }
    }

    private func probeQueue(for uri: String) -> ProbeQueue {
        MediaLocator.isLocal(uri) ? probes : remoteProbes
    }

    private func thumbnailQueue(for uri: String) -> ThumbnailQueue {
        MediaLocator.isLocal(uri) ? thumbnails : remoteThumbnails
    }

    // MARK: Helpers

    private static func name(of uri: String) -> String {
        (try? MediaLocator.parse(uri).get())?.displayName ?? uri
    }

    private static func log(_ text: String) {
        FileHandle.standardError.write(Data("reel: \(text)\n".utf8))
    }
}
