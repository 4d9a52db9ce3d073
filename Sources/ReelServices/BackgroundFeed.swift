import Foundation
import GLibKit
import ReelCore
import ReelMedia

/// The feed's list without a window, for GNOME Shell's search when the
/// Shell started Reel only to ask it (`--gapplication-service`): the recent
/// videos of the state file, the Videos folder and the save folders (followed live), the sample
/// library if it is already made, and the user's catalogs; merged by the
/// same FeedLibrary as the window's feed. Nothing is probed or
/// thumbnailed: results carry the places and the thumbnails already in the
/// cache, and durations only once a window's feed has found them. Samples
/// are never generated here, and catalogs are not read when the last start
/// did not finish (the window asks about those first).
public final class BackgroundFeed {
    public private(set) var library: FeedLibrary
    private let folders = LocalVideoFolders()
    private var pending = 0
    private var waiting: [() -> Void] = []

    public init(settings: Settings?) {
        let state = AppStateStore(path: FeedController.stateFile()).load().state
        library = FeedLibrary(hiddenIDs: state.hiddenIDs)
        library.setItems(state.recent.videoItems, from: .recent)
        startVideosFolder(settings)
        if settings?.bool(.showSamples) ?? true { loadSamples() }
        if !FileManager.default.fileExists(atPath: FeedController.startMark()) {
            for uri in settings?.stringList(.catalogs) ?? [] { loadCatalog(uri, origin: .catalog(uri)) }
        }
    }

    /// Runs `body` once every source has answered once (at once if they have).
    public func whenLoaded(_ body: @escaping () -> Void) {
        if pending == 0 { body() } else { waiting.append(body) }
    }

    public var isLoaded: Bool { pending == 0 }

    private func startVideosFolder(_ settings: Settings?) {
        pending += 1
        folders.onChange = { [weak self] items in self?.library.setItems(items, from: .videosFolder) }
        folders.onFirstScan = { [weak self] in self?.sourceAnswered() }
        folders.start(ChosenFolders.current(settings))
    }

    private func loadSamples() {
        guard let catalogPath = InstallLocation.data("reel/catalogs/samples.json"), InstallLocation.exists(catalogPath),
              let plan = try? SamplePlan(catalogPath: catalogPath) else { return }
        let samples = SampleLibrary(plan: plan)
        guard samples.isComplete else { return }
        loadCatalog(URL(fileURLWithPath: catalogPath).absoluteString, origin: .samples,
                    resolvingAs: FeedController.sampleCatalogURI(samples))
    }

    private func loadCatalog(_ uri: String, origin: VideoOrigin, resolvingAs: String? = nil) {
        pending += 1
        CatalogLoader.load(uri, resolvingAs: resolvingAs) { [weak self] result in
            guard let self else { return }
            if case .success(let catalog) = result {
                self.library.setItems(catalog.entries.map { $0.videoItem(origin: origin) }, from: origin)
            }
            self.sourceAnswered()
        }
    }

    private func sourceAnswered() {
        pending -= 1
        guard pending == 0 else { return }
        let bodies = waiting
        waiting = []
        bodies.forEach { $0() }
    }
}
