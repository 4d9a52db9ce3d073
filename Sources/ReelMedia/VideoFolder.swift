import CGLib
import Foundation
import GLibKit
import ReelCore

/// A video found by scanning a folder.
public struct ScannedVideo: Equatable, Sendable {
    public let uri: String
    public let fileName: String
    /// Folder path relative to the scanned root ("" at the top).
    public let relativeFolder: String
    public let modified: Int64

    /// The feed's item for it, named the way the feed names files, with its
    /// folder (below the Videos folder called `rootName`) as its place.
    public func videoItem(rootName: String) -> VideoItem {
        VideoItem(uri: uri, kind: .file, title: LibraryScanRules.title(fileName: fileName),
                  subtitle: LibraryScanRules.subtitle(relativeFolder: relativeFolder, rootName: rootName),
                  origin: .videosFolder)
    }
}

/// Scans a folder tree for videos (by sniffed content type) on a worker
/// thread, then watches every folder in it: a file added, removed or renamed
/// anywhere below leads to a new scan, reported on the main context.
public final class VideoFolder {
    public let path: String
    /// The full list after each scan, on the main thread.
    public var onChange: (([ScannedVideo]) -> Void)?

    private var monitors: [String: ObjectRef] = [:]
    private var rescan: SourceID?
    private var scanning = false
    private var scanAgain = false
    private var stopped = false

    public init(path: String) { self.path = path }

    deinit { stop() }

    public func start() {
        stopped = false
        scan()
    }

    public func stop() {
        stopped = true
        rescan?.remove()
        monitors.removeAll()
    }

    private func scan() {
        guard !scanning else { scanAgain = true; return }
        scanning = true
        let root = path
        let finish = MainThreadHandler { [weak self] (result: (videos: [ScannedVideo], folders: [String])) in self?.finish(result) }
        Thread.detachNewThread {
            let result = VideoFolder.walk(root: root)
            MainContext.invoke { finish.call(result) }
        }
    }

    private func finish(_ result: (videos: [ScannedVideo], folders: [String])) {
        scanning = false
        guard !stopped else { return }
        let firstScan = monitors.isEmpty
        let added = watch(result.folders)
        onChange?(result.videos)
        // A folder made after the last scan is watched from now on; a file
        // put in it between this scan's walk and its monitor would have
        // been missed: one more scan finds it.
        if added && !firstScan { scanAgain = true }
        if scanAgain {
            scanAgain = false
            scan()
        }
    }

    // MARK: Watching

    /// Keeps one monitor per folder. Monitors are created here, on the main
    /// thread, so their signals arrive on the main context. Returns whether
    /// a folder was watched for the first time.
    @discardableResult
    private func watch(_ folders: [String]) -> Bool {
        var added = false
        let wanted = Set(folders)
        for gone in monitors.keys where !wanted.contains(gone) { monitors[gone] = nil }
        for folder in wanted where monitors[folder] == nil {
            let file = g_file_new_for_path(folder)
            defer { g_object_unref(UnsafeMutableRawPointer(file)) }
            guard let monitor = try? GLibError.check({ g_file_monitor_directory(file, G_FILE_MONITOR_WATCH_MOVES, nil, $0) })
            else { continue }
            let owner = ObjectRef(owning: UnsafeMutableRawPointer(monitor))
            owner.connect(.fileChanged) { [weak self] event in self?.changed(event) }
            monitors[folder] = owner
            added = true
        }
        return added
    }

    private func changed(_ event: GFileMonitorEvent) {
        switch event {
        case G_FILE_MONITOR_EVENT_CREATED, G_FILE_MONITOR_EVENT_DELETED, G_FILE_MONITOR_EVENT_MOVED_IN,
             G_FILE_MONITOR_EVENT_MOVED_OUT, G_FILE_MONITOR_EVENT_RENAMED, G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT:
            // A copy or a recording sends many events: scan once they settle.
            rescan?.remove()
            rescan = MainContext.after(milliseconds: 300) { [weak self] in
                self?.rescan = nil
                self?.scan()
            }
        default:
            break
        }
    }

    // MARK: Scanning (worker thread)

    private static let attributes = "standard::name,standard::type,standard::content-type,standard::is-hidden,time::modified"

    static func walk(root: String) -> (videos: [ScannedVideo], folders: [String]) {
        var videos: [ScannedVideo] = []
        var folders: [String] = []
        var pending: [(path: String, relative: String, depth: Int)] = [(root, "", 0)]
        while let (folder, relative, depth) = pending.popLast() {
            folders.append(folder)
            let directory = g_file_new_for_path(folder)
            defer { g_object_unref(UnsafeMutableRawPointer(directory)) }
            guard let enumerator = try? GLibError.check({
                g_file_enumerate_children(directory, attributes, G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, nil, $0)
            }) else { continue }
            defer { g_object_unref(UnsafeMutableRawPointer(enumerator)) }
            while let info = g_file_enumerator_next_file(enumerator, nil, nil) {
                defer { g_object_unref(UnsafeMutableRawPointer(info)) }
                let name = String(cString: g_file_info_get_name(info))
                guard LibraryScanRules.shouldVisit(name: name, isHidden: g_file_info_get_is_hidden(info) != 0) else { continue }
                let path = folder + "/" + name
                switch g_file_info_get_file_type(info) {
                case G_FILE_TYPE_DIRECTORY where depth < LibraryScanRules.maximumDepth:
                    pending.append((path, relative.isEmpty ? name : relative + "/" + name, depth + 1))
                case G_FILE_TYPE_REGULAR:
                    let reported = g_file_info_get_content_type(info).flatMap { String(consumingGString: g_content_type_get_mime_type($0)) }
                    guard isVideo(path: path, reportedMimeType: reported) else { continue }
                    let modified = Int64(g_file_info_get_attribute_uint64(info, "time::modified"))
                    videos.append(ScannedVideo(uri: URL(fileURLWithPath: path).absoluteString, fileName: name,
                                               relativeFolder: relative, modified: modified))
                default:
                    continue
                }
            }
        }
        return (videos.sorted { $0.uri < $1.uri }, folders)
    }

    /// Sniffs the first bytes of a file, without its name, and lets
    /// LibraryScanRules weigh that against GIO's name-aware answer.
    private static func isVideo(path: String, reportedMimeType: String?) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 4096)) ?? Data())
        var uncertain: gboolean = 1
        let sniffed = head.withUnsafeBufferPointer { buffer in
            String(consumingGString: g_content_type_guess(nil, buffer.baseAddress, gsize(buffer.count), &uncertain))
        }
        let sniffedMime = sniffed.flatMap { String(consumingGString: g_content_type_get_mime_type($0)) }
        return LibraryScanRules.isVideo(sniffedMimeType: sniffedMime, sniffUncertain: uncertain != 0,
                                        reportedMimeType: reportedMimeType)
    }
}
