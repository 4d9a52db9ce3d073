import CGLib
import Foundation
import GLibKit
import ReelCore
import XCTest
@testable import ReelServices

/// The feed's controller over real files in a folder of the test's own,
/// with a stand-in for the feed page: what it reads (a catalog, a chosen
/// recordings folder), what it tells the window, and what its state file
/// keeps for the next start.
final class FeedControllerTests: XCTestCase {
    private final class FakeDisplay: FeedDisplay {
        var isLoading = true
        var published: [[VideoItem]] = []
        var updated: [VideoItem] = []
        func setItems(_ list: [VideoItem]) { published.append(list) }
        func update(_ item: VideoItem) { updated.append(item) }
        func setThumbnail(_ path: String, for id: String) {}
        func showProgress(_ text: String, fraction: Double) {}
        func hideProgress() {}
        var marks: [String: WatchHistory.Mark] = [:]
        var row: [VideoItem] = []
        func showHistory(_ marks: [String: WatchHistory.Mark], row: [VideoItem]) {
            self.marks = marks
            self.row = row
        }
        var uris: [String] { published.last?.map(\.uri) ?? [] }
    }

    // An ISO base media header is enough for GIO's sniffing to say video/mp4.
    private static let mp4Header: [UInt8] = [0, 0, 0, 0x18] + Array("ftypmp42".utf8) + [0, 0, 0, 0] + Array("mp42isom".utf8)

    private var folder = ""
    private var state: String { folder + "/state" }
    private var settings: Settings!
    private var display: FakeDisplay!
    private var events: [FeedController.Event] = []

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = TestFiles.temporaryFolder("feed-controller")
        let schemas = try XCTUnwrap(TestFiles.schemaFolder, "the schema did not compile")
        settings = try XCTUnwrap(Settings(schemaID: "io.github.reelapp.Reel", extraDirectories: [schemas]))
        // The memory backend keeps one set of values per process: each test
        // sets every key the controller reads.
        XCTAssertTrue(settings.setStringList(.catalogs, []))
        XCTAssertTrue(settings.setBool(.showSamples, false))
        for (key, name) in [(SettingKey.photosFolder, "Photos"), (.recordingsFolder, "Recordings"), (.moviesFolder, "Movies")] {
            try FileManager.default.createDirectory(atPath: folder + "/" + name, withIntermediateDirectories: true)
            XCTAssertTrue(settings.setString(key, folder + "/" + name))
        }
        display = FakeDisplay()
        events = []
    }

    override func tearDown() {
        MainLoop.drain()
        try? FileManager.default.removeItem(atPath: folder)
        super.tearDown()
    }

    private func controller() -> FeedController {
        let feed = FeedController(page: display, settings: settings, stateFolder: state)
        feed.onEvent = { [unowned self] event in self.events.append(event) }
        return feed
    }

    private func uri(_ relative: String) -> String { URL(fileURLWithPath: folder + "/" + relative).absoluteString }

    private func writeVideo(_ relative: String) throws {
        try Data(FeedControllerTests.mp4Header + [UInt8](repeating: 0, count: 64))
            .write(to: URL(fileURLWithPath: folder + "/" + relative))
    }

    /// A catalog beside its files: two good entries, one without a title.
    private func writeCatalog(_ name: String = "trips.json") throws -> String {
        let json = """
        {"title": "Trips", "clips": ["clips/a.mp4", "clips/b.mp4"], "entries": [
          {"title": "Harbour at Night", "subtitle": "Hải Phòng", "local": "harbour.mp4"},
          {"subtitle": "no title", "local": "untitled.mp4"},
          {"title": "Night Market", "remote": "https://example.com/night-market.mp4"}
        ]}
        """
        try Data(json.utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
        return uri(name)
    }

    private var messages: [String] {
        events.compactMap { if case .message(let text) = $0 { return text } else { return nil } }
    }

    func testACatalogAndTheChosenFoldersFillTheFeed() throws {
        try writeVideo("Recordings/Lanterns.mp4")
        let catalog = try writeCatalog()
        XCTAssertTrue(settings.setStringList(.catalogs, [catalog]))
        let feed = controller()
        feed.start()
        XCTAssertTrue(MainLoop.run { !display.isLoading }, "the feed never settled")

        let uris = display.uris
        XCTAssertTrue(Set(uris).isSuperset(of: [uri("harbour.mp4"), "https://example.com/night-market.mp4",
                                                uri("Recordings/Lanterns.mp4")]), "\(uris)")
        XCTAssertFalse(uris.contains(uri("untitled.mp4")))
        XCTAssertEqual(feed.item(withID: uri("Recordings/Lanterns.mp4"))?.title, "Lanterns")
        XCTAssertEqual(feed.library.item(withID: uri("harbour.mp4"))?.origins, [.catalog(catalog)])
        XCTAssertTrue(events.contains(.stripClips([uri("clips/a.mp4"), uri("clips/b.mp4")])), "\(events)")
        XCTAssertTrue(events.contains(.published))
        XCTAssertEqual(messages.count, 1, "\(messages)")
        XCTAssertTrue(messages.first?.contains("trips.json") ?? false, "\(messages)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: FeedController.startMark(in: state)),
                       "a start that loaded is no longer marked")

        // A video put in the folder later joins the feed.
        try writeVideo("Recordings/Tide.mp4")
        XCTAssertTrue(MainLoop.run { display.uris.contains(uri("Recordings/Tide.mp4")) }, "the new file was not noticed")
    }

    func testAMissingCatalogIsReportedByName() throws {
        XCTAssertTrue(settings.setStringList(.catalogs, [uri("gone.json")]))
        let feed = controller()
        feed.start()
        XCTAssertTrue(MainLoop.run { !display.isLoading })
        XCTAssertTrue(feed.library.items.isEmpty)
        XCTAssertEqual(messages.count, 1, "\(messages)")
        XCTAssertTrue(messages.first?.contains("gone.json") ?? false, "\(messages)")
    }

    func testAnUnfinishedStartAsksBeforeReadingTheCatalogs() throws {
        let catalog = try writeCatalog()
        XCTAssertTrue(settings.setStringList(.catalogs, [catalog]))
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: FeedController.startMark(in: state), contents: Data()))
        let feed = controller()
        feed.start()
        XCTAssertEqual(events.filter { if case .unfinishedStart = $0 { return true } else { return false } },
                       [.unfinishedStart([catalog])])
        XCTAssertTrue(MainLoop.run { !display.isLoading })
        XCTAssertNil(feed.item(withID: uri("harbour.mp4")), "read before the person answered")

        feed.keepCatalogs([catalog])
        XCTAssertTrue(MainLoop.run { feed.item(withID: uri("harbour.mp4")) != nil }, "kept, but not read")
        feed.removeCatalogs([catalog])
        XCTAssertEqual(settings.stringList(.catalogs), [])
    }

    func testOpenedAndRemovedVideosAreKeptForTheNextStart() throws {
        let feed = controller()
        feed.start()
        let opened = try MediaLocator.parse(uri("bars.mp4")).get()
        let other = try MediaLocator.parse("https://example.com/talk.mp4").get()
        feed.recordOpened(opened)
        feed.recordOpened(other)
        XCTAssertEqual(display.uris.prefix(2).sorted(), [other.uri, opened.uri].sorted())
        feed.storePosition(42, for: opened.uri)
        feed.storeTrackChoice(TrackChoice(audio: 1), for: opened.uri)
        feed.remove(try XCTUnwrap(feed.item(withID: other.uri)))
        XCTAssertFalse(display.uris.contains(other.uri))

        let next = FeedController(page: FakeDisplay(), settings: settings, stateFolder: state)
        XCTAssertEqual(next.savedPosition(for: opened.uri), 42)
        XCTAssertEqual(next.trackChoice(for: opened.uri), TrackChoice(audio: 1))
        next.start()
        XCTAssertNotNil(next.item(withID: opened.uri))
        XCTAssertNil(next.item(withID: other.uri), "a removed video came back")
        XCTAssertTrue(next.library.hiddenIDs.contains(other.uri))
    }

    // MARK: What was watched

    /// The desktop's privacy schema as installed, its switch set to `on`
    /// (the memory backend: this process only); nil without the schema.
    private func fileHistory(on: Bool) throws -> FileHistorySetting {
        let privacy = try XCTUnwrap(Settings(schemaID: FileHistorySetting.schemaID), "gsettings-desktop-schemas is not installed")
        XCTAssertNotEqual(g_settings_set_boolean(privacy.cast(), FileHistorySetting.key, on ? 1 : 0), 0)
        return FileHistorySetting(settings: privacy)
    }

    func testAVideoLeftPartWayIsInTheRowUntilMarkedWatchedAndClearingHasAnUndo() throws {
        let feed = FeedController(page: display, settings: settings, stateFolder: state, fileHistory: try fileHistory(on: true))
        feed.start()
        let video = uri("walk.mp4")
        feed.store(position: 100, for: video)
        feed.stopped(video, title: "Walk", at: 100, of: 200)
        XCTAssertEqual(display.row.map(\.uri), [video])
        XCTAssertEqual(display.row.first?.title, LibraryScanRules.title(fileName: "walk.mp4"),
                       "a video not in the feed is named as the feed would name it")
        XCTAssertEqual(display.marks, [video: .progress(0.5)])

        let cleared = feed.clearHistory()
        XCTAssertEqual(display.row, [])
        XCTAssertNil(feed.savedPosition(for: video))
        feed.restoreHistory(cleared)
        XCTAssertEqual(display.row.map(\.uri), [video])
        XCTAssertEqual(feed.savedPosition(for: video), 100)

        feed.markWatched(video)
        XCTAssertEqual(display.row, [])
        XCTAssertEqual(display.marks, [video: .watched])
        XCTAssertNil(feed.savedPosition(for: video), "a video marked watched starts from the beginning")
        // Kept for the next start.
        let next = FeedController(page: FakeDisplay(), settings: settings, stateFolder: state, fileHistory: try fileHistory(on: true))
        XCTAssertTrue(next.isWatched(video))
        feed.markUnwatched(video)
        XCTAssertEqual(display.marks, [:])
    }

    func testNothingIsKeptWhileTheDesktopKeepsNoFileHistory() throws {
        let privacy = try fileHistory(on: false)
        defer { _ = try? fileHistory(on: true) }
        let feed = FeedController(page: display, settings: settings, stateFolder: state, fileHistory: privacy)
        feed.start()
        let video = uri("walk.mp4")
        feed.store(position: 100, for: video)
        feed.stopped(video, title: "Walk", at: 100, of: 200)
        feed.markWatched(video)
        feed.recordOpened(try MediaLocator.parse(video).get())
        XCTAssertNil(feed.savedPosition(for: video))
        XCTAssertFalse(feed.isWatched(video))
        XCTAssertFalse(feed.keepsHistory)
        XCTAssertEqual(display.row, [])
        XCTAssertNil(feed.item(withID: video), "an opened video went into Recent")
    }
}
