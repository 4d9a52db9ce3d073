import CGLib
import Foundation
import XCTest
@testable import GLibKit
@testable import ReelMedia

/// The Videos folder scan sniffs content (not extensions) and follows changes
/// through file monitors.
final class VideoFolderTests: XCTestCase {
    private var root: URL!

    // An ISO base media header is enough for GIO's sniffing to say video/mp4.
    private static let mp4Header: [UInt8] = [0, 0, 0, 0x18] + Array("ftypmp42".utf8) + [0, 0, 0, 0] + Array("mp42isom".utf8)

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("reel-folder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Trips/2026"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".hidden"), withIntermediateDirectories: true)
        try write("top.mp4")
        try write("Trips/2026/beach.bin")                     // a video with a wrong extension
        try Data("not a video".utf8).write(to: root.appendingPathComponent("notes.mp4"))  // text named .mp4
        try write(".hidden/secret.mp4")
        // Matroska's EBML header: its bytes read as application/x-matroska.
        try Data([0x1A, 0x45, 0xDF, 0xA3, 0x9F, 0x42, 0x86, 0x81, 0x01, 0x42, 0xF7, 0x81, 0x01, 0x42, 0xF2, 0x81, 0x04,
                  0x42, 0xF3, 0x81, 0x08, 0x42, 0x82, 0x88] + Array("matroska".utf8) + [UInt8](repeating: 0, count: 64))
            .write(to: root.appendingPathComponent("Trips/holiday.mkv"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    private func write(_ relative: String) throws {
        try Data(VideoFolderTests.mp4Header + [UInt8](repeating: 0, count: 64)).write(to: root.appendingPathComponent(relative))
    }

    private func waitForChange(_ folder: VideoFolder, where condition: ([ScannedVideo]) -> Bool) -> [ScannedVideo]? {
        var latest: [ScannedVideo]?
        folder.onChange = { latest = $0 }
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            MainContext.iterate(mayBlock: false)
            if let list = latest, condition(list) { return list }
            usleep(2000)
        }
        return latest
    }

    func testScanFindsVideosByContentAndSkipsHiddenFolders() throws {
        let folder = VideoFolder(path: root.path)
        folder.start()
        let videos = try XCTUnwrap(waitForChange(folder) { _ in true }, "no scan result")
        XCTAssertEqual(videos.map(\.fileName).sorted(), ["beach.bin", "holiday.mkv", "top.mp4"])
        XCTAssertEqual(videos.first { $0.fileName == "beach.bin" }?.relativeFolder, "Trips/2026")
        XCTAssertTrue(videos.allSatisfy { $0.uri.hasPrefix("file:///") && $0.modified > 0 })
        folder.stop()
    }

    func testNewAndDeletedFilesAreNoticedWithoutARestart() throws {
        let folder = VideoFolder(path: root.path)
        folder.start()
        XCTAssertEqual(waitForChange(folder) { $0.count == 3 }?.count, 3)

        try write("Trips/new clip.mp4")
        let afterAdd = waitForChange(folder) { $0.contains { $0.fileName == "new clip.mp4" } }
        XCTAssertTrue(afterAdd?.contains { $0.fileName == "new clip.mp4" } ?? false, "a new file was not noticed")

        try FileManager.default.removeItem(at: root.appendingPathComponent("top.mp4"))
        let afterDelete = waitForChange(folder) { !$0.contains { $0.fileName == "top.mp4" } }
        XCTAssertFalse(afterDelete?.contains { $0.fileName == "top.mp4" } ?? true, "a deleted file stayed")

        // The new folder's own scan is reported first (from then on it is
        // watched); the file put in it after that is noticed by its
        // monitor. (A file put in it between that scan's walk and its
        // monitor is found by the scan VideoFolder makes once more.)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Later"), withIntermediateDirectories: true)
        XCTAssertNotNil(waitForChange(folder) { _ in true }, "the new folder brought no scan")
        try write("Later/in new folder.mp4")
        let afterNewFolder = waitForChange(folder) { $0.contains { $0.fileName == "in new folder.mp4" } }
        XCTAssertTrue(afterNewFolder?.contains { $0.fileName == "in new folder.mp4" } ?? false,
                      "a file in a folder made after the scan was not noticed")
        folder.stop()
    }

    func testMissingFolderIsEmptyNotAnError() {
        let folder = VideoFolder(path: root.appendingPathComponent("does-not-exist").path)
        folder.start()
        XCTAssertEqual(waitForChange(folder) { _ in true }, [])
    }
}
