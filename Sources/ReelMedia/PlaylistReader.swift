import Foundation
import GLibKit
import ReelCore

/// Opens playlists for the queue: reads them, and the playlists they name,
/// off the main thread (a playlist can have a hundred thousand entries),
/// regular files only, and checks that each local entry is a file (a pipe
/// named like a video is never opened). Web playlists are not fetched:
/// they are opened like any address.
public enum PlaylistReader {
    /// What several addresses hold once their playlists are read.
    public struct Opened: Equatable, Sendable {
        /// In order: each playlist's entries where it was, other addresses
        /// as they were.
        public var addresses: [String] = []
        /// The titles the playlists give their entries, by address.
        public var titles: [String: String] = [:]
        /// Entries left out, by name.
        public var skipped: [String] = []
        /// Whether a playlist had more entries than a queue takes.
        public var truncated = false
    }

    /// Whether `address` is worth reading as a playlist: a local file with
    /// a playlist's name (a `.m3u8` may still turn out to be a stream).
    public static func isCandidate(_ address: String) -> Bool {
        guard case .success(let locator) = MediaLocator.parse(address) else { return false }
        return MediaLocator.isLocal(locator.uri) && Playlist.format(ofName: locator.uri) != nil
    }

    /// Reads the playlists among `addresses` on a background thread and
    /// hands what they hold to `done` on the main thread.
    public static func open(_ addresses: [String], then done: MainThreadHandler<Opened>) {
        BackgroundThread.start {
            let opened = read(addresses)
            MainContext.invoke { done.call(opened) }
        }
    }

    /// The same, on the calling thread.
    public static func read(_ addresses: [String]) -> Opened {
        var opened = Opened()
        for address in addresses {
            guard isCandidate(address), case .success(let locator) = MediaLocator.parse(address),
                  let expansion = PlaylistExpansion.expand(locator.uri, largest: PlaylistExpansion.largest - opened.addresses.count,
                                                           read: contents, check: check) else {
                opened.addresses.append(address)
                continue
            }
            opened.addresses += expansion.addresses
            opened.titles.merge(expansion.titles) { first, _ in first }
            opened.skipped += expansion.skipped
            opened.truncated = opened.truncated || expansion.truncated
        }
        return opened
    }

    private static func contents(_ uri: String) -> Data? {
        guard MediaLocator.isLocal(uri), let path = URL(string: uri)?.path else { return nil }
        return SmallFileReader.contents(of: path)
    }

    private static func check(_ uri: String) -> PlaylistExpansion.Check {
        guard let path = URL(string: uri)?.path else { return .missing }
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        return SpecialFile.of(mode: UInt32(info.st_mode)).map { .notAFile($0) } ?? .file
    }
}
