import Foundation
import GLibKit
import ReelCore
import ReelMedia

/// The local folders the feed lists: the Videos folder, scanned whole, and
/// the folders chosen for recordings and movies that lie outside it
/// (Preferences › Saving), so what Reel saves is always in its feed. Each
/// is watched (VideoFolder); their videos come as one list.
final class LocalVideoFolders {
    /// Every folder's videos together, on the main thread after each scan.
    var onChange: (([VideoItem]) -> Void)?
    /// Once, when every folder has been scanned for the first time.
    var onFirstScan: (() -> Void)?

    private var folders: [VideoFolder] = []
    private var items: [String: [VideoItem]] = [:]
    private var unscanned: Set<String> = []
    private var firstScanDone = false

    /// Watches the Videos folder and `saveFolders`' video folders outside
    /// it; called again (the folders changed), it starts over.
    func start(_ saveFolders: SaveFolders) {
        stop()
        let videos = UserDirectories.videos
        let roots = (videos.map { [$0] } ?? []) + saveFolders.videoFoldersOutside(videos)
        unscanned = Set(roots)
        for path in roots {
            let folder = VideoFolder(path: path)
            let rootName = (path as NSString).lastPathComponent
            folder.onChange = { [weak self] videos in
                guard let self else { return }
                self.items[path] = videos.map { $0.videoItem(rootName: rootName) }
                self.unscanned.remove(path)
                self.onChange?(self.items.keys.sorted().flatMap { self.items[$0] ?? [] })
                self.noteFirstScan()
            }
            folder.start()
            folders.append(folder)
        }
        noteFirstScan()
    }

    func stop() {
        folders.forEach { $0.stop() }
        folders = []
        items = [:]
    }

    private func noteFirstScan() {
        guard unscanned.isEmpty, !firstScanDone else { return }
        firstScanDone = true
        onFirstScan?()
    }
}
