import XCTest
@testable import ReelCore

final class MediaLocatorTests: XCTestCase {
    private func accepted(_ input: String, file: StaticString = #filePath, line: UInt = #line) -> MediaLocator? {
        switch MediaLocator.parse(input) {
        case .success(let locator): return locator
        case .failure(let rejection):
            XCTFail("\(input) rejected: \(rejection)", file: file, line: line)
            return nil
        }
    }

    private func rejection(_ input: String) -> MediaLocator.Rejection? {
        if case .failure(let rejection) = MediaLocator.parse(input) { return rejection }
        return nil
    }

    func testAcceptsHTTPAndHTTPS() {
        XCTAssertEqual(accepted("https://example.com/clip.mp4")?.kind, .remote)
        XCTAssertEqual(accepted("http://127.0.0.1:8080/live/index.m3u8")?.uri, "http://127.0.0.1:8080/live/index.m3u8")
        XCTAssertEqual(accepted("  HTTPS://example.com/a.mpd \n")?.uri, "https://example.com/a.mpd")
    }

    func testBarePathBecomesFileURI() {
        let locator = accepted("/home/me/Videos/My Trip.mp4")
        XCTAssertEqual(locator?.kind, .file)
        XCTAssertEqual(locator?.uri, "file:///home/me/Videos/My%20Trip.mp4")
        XCTAssertEqual(locator?.path, "/home/me/Videos/My Trip.mp4")
        XCTAssertEqual(locator?.displayName, "My Trip.mp4")
    }

    func testFileURI() {
        XCTAssertEqual(accepted("file:///tmp/a%20b.webm")?.displayName, "a b.webm")
        XCTAssertEqual(rejection("file:relative/path.mp4"), .malformed)
    }

    func testIsLocalIsTheFileSchemeInAnyCase() {
        XCTAssertTrue(MediaLocator.isLocal("file:///home/me/a.mp4"))
        XCTAssertTrue(MediaLocator.isLocal("FILE:///home/me/a.mp4"))
        XCTAssertTrue(MediaLocator.isLocal(accepted("/tmp/a b.webm")?.uri ?? ""))
        XCTAssertFalse(MediaLocator.isLocal("https://example.com/file:/a.mp4"))
        XCTAssertFalse(MediaLocator.isLocal("http://127.0.0.1/live/index.m3u8"))
        XCTAssertFalse(MediaLocator.isLocal("files:///a.mp4"))
        XCTAssertFalse(MediaLocator.isLocal("/tmp/a.mp4"), "a path is not a URI")
        XCTAssertFalse(MediaLocator.isLocal(""))
    }

    func testBareHostIsTakenAsHTTPS() {
        XCTAssertEqual(accepted("example.com/video.mp4")?.uri, "https://example.com/video.mp4")
        XCTAssertEqual(rejection("just some words"), .malformed)
    }

    func testRejectsOtherSchemes() {
        XCTAssertEqual(rejection("ftp://example.com/a.mp4"), .unsupportedScheme("ftp"))
        XCTAssertEqual(rejection("javascript:alert(1)"), .unsupportedScheme("javascript"))
        XCTAssertEqual(rejection("rtsp://cam.local/stream"), .unsupportedScheme("rtsp"))
        XCTAssertEqual(rejection("smb://server/share/a.mkv"), .unsupportedScheme("smb"))
        XCTAssertEqual(MediaLocator.Rejection.unsupportedScheme("ftp").detail, "ftp")
    }

    func testRejectsEmptyAndHostless() {
        XCTAssertEqual(rejection(""), .empty)
        XCTAssertEqual(rejection("   \t"), .empty)
        XCTAssertEqual(rejection("https://"), .missingHost)
        XCTAssertEqual(rejection("http:///path.mp4"), .missingHost)
    }

    func testRejectsControlCharacters() {
        XCTAssertEqual(rejection("https://example.com/a\nb.mp4"), .malformed)
        XCTAssertEqual(rejection("/tmp/a\u{0}b"), .malformed)
    }

    func testDisplayNameFallsBackToHost() {
        XCTAssertEqual(accepted("https://example.com/")?.displayName, "example.com")
        XCTAssertEqual(accepted("https://example.com")?.displayName, "example.com")
    }

    func testCatalogsAreRecognisedByTheirName() {
        XCTAssertEqual(accepted("/home/me/feeds/trips.json")?.isCatalog, true)
        XCTAssertEqual(accepted("https://example.com/feed.JSON?v=2")?.isCatalog, true)
        XCTAssertEqual(accepted("https://example.com/clip.mp4")?.isCatalog, false)
    }

    func testEveryRejectionHasAMessage() {
        let all: [MediaLocator.Rejection] = [.empty, .unsupportedScheme("x"), .missingHost, .malformed]
        for rejection in all { XCTAssertFalse(rejection.message.isEmpty) }
        XCTAssertTrue(MediaLocator.Rejection.unsupportedScheme("x").message.contains("%s"))
    }
}
