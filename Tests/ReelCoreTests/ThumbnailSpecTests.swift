import XCTest
@testable import ReelCore

final class ThumbnailSpecTests: XCTestCase {
    func testFileName() {
        XCTAssertEqual(ThumbnailSpec.fileName(forURI: "file:///home/jens/photos/me.png"), "c6ee772d9e49320e97ec29a7eb5b1697.png")
        XCTAssertEqual(ThumbnailSpec.relativePath(forURI: "file:///home/jens/photos/me.png", size: .large),
                       "large/c6ee772d9e49320e97ec29a7eb5b1697.png")
    }

    func testSizeFolders() {
        XCTAssertEqual(ThumbnailSpec.Size.allCases.map(\.folderName), ["normal", "large", "x-large", "xx-large"])
        XCTAssertEqual(ThumbnailSpec.Size.allCases.map(\.pixels), [128, 256, 512, 1024])
        XCTAssertEqual(ThumbnailSpec.size(forPixels: 1), .normal)
        XCTAssertEqual(ThumbnailSpec.size(forPixels: 128), .normal)
        XCTAssertEqual(ThumbnailSpec.size(forPixels: 129), .large)
        XCTAssertEqual(ThumbnailSpec.size(forPixels: 320), .xLarge)
        XCTAssertEqual(ThumbnailSpec.size(forPixels: 640), .xxLarge)
        XCTAssertEqual(ThumbnailSpec.size(forPixels: 5000), .xxLarge)
        XCTAssertEqual(ThumbnailSpec.size(forPixels: 0), .normal)
    }

    func testValidity() {
        let uri = "file:///home/me/Videos/a.mp4"
        XCTAssertTrue(ThumbnailSpec.isValid(thumbURI: uri, thumbMTime: "1700000000", forURI: uri, mtime: 1_700_000_000))
        XCTAssertFalse(ThumbnailSpec.isValid(thumbURI: uri, thumbMTime: "1700000001", forURI: uri, mtime: 1_700_000_000))
        XCTAssertFalse(ThumbnailSpec.isValid(thumbURI: "file:///home/me/Videos/b.mp4", thumbMTime: "1700000000",
                                             forURI: uri, mtime: 1_700_000_000))
        XCTAssertFalse(ThumbnailSpec.isValid(thumbURI: nil, thumbMTime: "1700000000", forURI: uri, mtime: 1_700_000_000))
        XCTAssertFalse(ThumbnailSpec.isValid(thumbURI: uri, thumbMTime: nil, forURI: uri, mtime: 1_700_000_000))
        XCTAssertFalse(ThumbnailSpec.isValid(thumbURI: uri, thumbMTime: "soon", forURI: uri, mtime: 1_700_000_000))
        XCTAssertFalse(ThumbnailSpec.isValid(thumbURI: uri, thumbMTime: "1700000000.5", forURI: uri, mtime: 1_700_000_000))
    }

    func testFailFolder() {
        XCTAssertEqual(ThumbnailSpec.failFolder(), "fail/reel-\(AppInfo.version)")
        XCTAssertEqual(ThumbnailSpec.failFolder(appName: "reel", version: "2.0"), "fail/reel-2.0")
    }

    func testKeysToWrite() {
        let keys = ThumbnailSpec.keys(forURI: "file:///a.mp4", mtime: 42, size: 1000)
        XCTAssertEqual(keys.map(\.key), ["Thumb::URI", "Thumb::MTime", "Thumb::Size", "Software"])
        XCTAssertEqual(keys.map(\.value).prefix(3), ["file:///a.mp4", "42", "1000"])
        XCTAssertEqual(ThumbnailSpec.keys(forURI: "file:///a.mp4", mtime: 42).count, 3)
    }
}
