import CGLib
import CPixbuf
import Foundation
import ReelCore
import XCTest
@testable import ReelMedia

/// The Thumbnail Managing Standard's rules as ThumbnailCache carries them
/// out: names, folders, the keys written and when a thumbnail is stale.
final class ThumbnailCacheTests: XCTestCase {
    private let root = NSTemporaryDirectory() + "reel-thumbnail-cache-\(getpid())"

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// The standard's own example, and a name hashed as UTF-8.
    func testFileNameIsTheMD5OfTheURI() {
        XCTAssertEqual(ThumbnailCache.fileName(for: "file:///home/jens/photos/me.png"), "c6ee772d9e49320e97ec29a7eb5b1697.png")
        XCTAssertEqual(ThumbnailCache.fileName(for: ""), "d41d8cd98f00b204e9800998ecf8427e.png")
        XCTAssertEqual(ThumbnailCache.fileName(for: "é"), ThumbnailCache.fileName(for: String(decoding: [0xC3, 0xA9], as: UTF8.self)))
    }

    func testFolders() {
        let cache = ThumbnailCache(root: "/cache/thumbnails")
        let uri = "file:///home/jens/photos/me.png"
        XCTAssertEqual(cache.path(for: uri, size: .large), "/cache/thumbnails/large/c6ee772d9e49320e97ec29a7eb5b1697.png")
        XCTAssertEqual(cache.path(for: uri, size: .normal), "/cache/thumbnails/normal/c6ee772d9e49320e97ec29a7eb5b1697.png")
        XCTAssertEqual(cache.failurePath(for: uri), "/cache/thumbnails/fail/reel-\(AppInfo.version)/c6ee772d9e49320e97ec29a7eb5b1697.png")
        XCTAssertEqual(ThumbnailCache.Size.normal.pixels, 128)
        XCTAssertEqual(ThumbnailCache.Size.large.pixels, 256)
    }

    func testValidity() {
        let uri = "file:///home/me/Videos/a.mp4"
        XCTAssertTrue(ThumbnailCache.isValid(thumbURI: uri, thumbMTime: "1700000000", for: uri, mtime: 1_700_000_000))
        XCTAssertFalse(ThumbnailCache.isValid(thumbURI: uri, thumbMTime: "1700000001", for: uri, mtime: 1_700_000_000))
        XCTAssertFalse(ThumbnailCache.isValid(thumbURI: "file:///home/me/Videos/b.mp4", thumbMTime: "1700000000",
                                              for: uri, mtime: 1_700_000_000))
        XCTAssertFalse(ThumbnailCache.isValid(thumbURI: nil, thumbMTime: "1700000000", for: uri, mtime: 1_700_000_000))
        XCTAssertFalse(ThumbnailCache.isValid(thumbURI: uri, thumbMTime: nil, for: uri, mtime: 1_700_000_000))
        XCTAssertFalse(ThumbnailCache.isValid(thumbURI: uri, thumbMTime: "soon", for: uri, mtime: 1_700_000_000))
        XCTAssertFalse(ThumbnailCache.isValid(thumbURI: uri, thumbMTime: "1700000000.5", for: uri, mtime: 1_700_000_000))
        XCTAssertTrue(ThumbnailCache.isValid(thumbURI: "https://example.org/a.mp4", thumbMTime: nil,
                                             for: "https://example.org/a.mp4", mtime: nil), "a remote video has no mtime")
    }

    func testWritesTheKeysAndFindsItsOwnThumbnail() throws {
        let cache = ThumbnailCache(root: root)
        let uri = "file:///home/me/Videos/a.mp4"
        let pixbuf = try XCTUnwrap(gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, 16, 9))
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let path = try cache.save(pixbuf, for: uri, mtime: 42, size: .large)
        XCTAssertEqual(path, cache.path(for: uri, size: .large))
        XCTAssertEqual(try options(path), [ThumbnailCache.uriKey: uri, ThumbnailCache.mtimeKey: "42",
                                           ThumbnailCache.softwareKey: "Reel \(AppInfo.version)"])
        XCTAssertEqual(cache.valid(for: uri, mtime: 42, size: .large), path)
        XCTAssertNil(cache.valid(for: uri, mtime: 43, size: .large), "the file changed since")
        XCTAssertNil(cache.valid(for: uri, mtime: 42, size: .normal))

        let remote = "https://example.org/a.mp4"
        let remotePath = try cache.save(pixbuf, for: remote, mtime: nil, size: .large)
        XCTAssertNil(try options(remotePath)[ThumbnailCache.mtimeKey])
        XCTAssertEqual(cache.valid(for: remote, mtime: nil, size: .large), remotePath)
    }

    func testFailuresAreRecordedPerVersionOfTheFile() {
        let cache = ThumbnailCache(root: root)
        let uri = "file:///home/me/Videos/broken.mp4"
        XCTAssertFalse(cache.hasFailed(uri, mtime: 7))
        cache.recordFailure(for: uri, mtime: 7)
        XCTAssertTrue(cache.hasFailed(uri, mtime: 7))
        XCTAssertFalse(cache.hasFailed(uri, mtime: 8), "a changed file is tried again")
    }

    private func options(_ path: String) throws -> [String: String] {
        let pixbuf = try XCTUnwrap(gdk_pixbuf_new_from_file(path, nil))
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        var result: [String: String] = [:]
        for key in [ThumbnailCache.uriKey, ThumbnailCache.mtimeKey, ThumbnailCache.softwareKey] {
            result[key] = gdk_pixbuf_get_option(pixbuf, key).map { String(cString: $0) }
        }
        return result
    }
}
