import XCTest
@testable import ReelCore

final class FeedLibraryTests: XCTestCase {
    private func item(_ name: String, title: String? = nil, subtitle: String = "", thumbnail: String? = nil,
                      origin: VideoOrigin = .videosFolder) -> VideoItem {
        VideoItem(uri: "file:///v/\(name).mp4", kind: .file, title: title ?? name, subtitle: subtitle,
                  thumbnailURI: thumbnail, origin: origin)
    }

    private func remote(_ name: String, origin: VideoOrigin) -> VideoItem {
        VideoItem(uri: "https://example.com/\(name).mp4", kind: .remote, title: name, origin: origin)
    }

    private func titles(_ library: FeedLibrary) -> [String] {
        library.items.map(\.title)
    }

    private let info = MediaInfo(duration: 12, width: 1920, height: 1080, videoCodec: "H.264", audioCodec: "AAC")

    func testSourcesAreOrderedWhateverOrderTheyArrive() {
        var library = FeedLibrary()
        library.setItems([remote("c1", origin: .catalog("file:///c1.json"))], from: .catalog("file:///c1.json"))
        library.setItems([remote("c2", origin: .catalog("file:///c2.json"))], from: .catalog("file:///c2.json"))
        library.setItems([item("s1", origin: .samples), item("s2", origin: .samples)], from: .samples)
        library.setItems([item("b"), item("a")], from: .videosFolder)
        library.setItems([item("r-new", origin: .recent), item("r-old", origin: .recent)], from: .recent)
        XCTAssertEqual(titles(library), ["r-new", "r-old", "a", "b", "s1", "s2", "c1", "c2"])
        XCTAssertEqual(library.sources, [.recent, .videosFolder, .samples, .catalog("file:///c1.json"), .catalog("file:///c2.json")])
    }

    func testFolderIsSortedNaturallyIgnoringCaseAndAccents() {
        var library = FeedLibrary()
        library.setItems(["clip 10", "Clip 2", "clip 1", "Émile", "eve", "zoo", "Ant"].map { item($0) }, from: .videosFolder)
        XCTAssertEqual(titles(library), ["Ant", "clip 1", "Clip 2", "clip 10", "Émile", "eve", "zoo"])
    }

    func testDuplicatesMergeWithUnionOfOrigins() {
        var library = FeedLibrary()
        let catalog = VideoOrigin.catalog("file:///c.json")
        library.setItems([item("trip", title: "trip.mp4", origin: .recent)], from: .recent)
        library.setItems([item("trip", title: "trip.mp4")], from: .videosFolder)
        library.setItems([item("trip", title: "Trip to Hà Nội", subtitle: "Vietnam", thumbnail: "file:///t.png", origin: catalog)],
                         from: catalog)
        XCTAssertEqual(library.count, 1)
        let merged = library.items[0]
        XCTAssertEqual(merged.origins, [.recent, .videosFolder, catalog])
        // Curated metadata wins over file names...
        XCTAssertEqual(merged.title, "Trip to Hà Nội")
        XCTAssertEqual(merged.subtitle, "Vietnam")
        XCTAssertEqual(merged.thumbnailURI, "file:///t.png")
        // ...and the position is that of the highest source (recent).
        library.setItems([item("other")], from: .videosFolder)
        XCTAssertEqual(titles(library), ["Trip to Hà Nội", "other"])
    }

    func testEmptyTitleNeverWins() {
        var library = FeedLibrary()
        let catalog = VideoOrigin.catalog("file:///c.json")
        library.setItems([item("x", title: "", origin: catalog)], from: catalog)
        library.setItems([item("x", title: "x.mp4")], from: .videosFolder)
        XCTAssertEqual(library.items.first?.title, "x.mp4")
    }

    func testEarlierCatalogWinsMetadata() {
        var library = FeedLibrary()
        let first = VideoOrigin.catalog("file:///1.json"), second = VideoOrigin.catalog("file:///2.json")
        library.setItems([item("x", title: "One", origin: first)], from: first)
        library.setItems([item("x", title: "Two", origin: second)], from: second)
        XCTAssertEqual(library.items.first?.title, "One")
        library.orderCatalogs(["file:///2.json", "file:///1.json"])
        XCTAssertEqual(library.items.first?.title, "Two")
        XCTAssertEqual(library.catalogOrder, ["file:///2.json", "file:///1.json"])
    }

    func testRepeatedIdWithinOneSourceKeepsTheFirst() {
        var library = FeedLibrary()
        library.setItems([item("a", title: "first"), item("a", title: "second")], from: .samples)
        XCTAssertEqual(titles(library), ["first"])
    }

    func testReplacingAndRemovingSources() {
        var library = FeedLibrary()
        library.setItems([item("a"), item("b")], from: .videosFolder)
        library.setItems([item("s", origin: .samples)], from: .samples)
        XCTAssertEqual(library.setItems([item("a"), item("b"), item("c")], from: .videosFolder),
                       FeedChange(position: 2, removed: 0, added: 1))
        XCTAssertEqual(titles(library), ["a", "b", "c", "s"])
        XCTAssertEqual(library.removeSource(.videosFolder), FeedChange(position: 0, removed: 3, added: 0))
        XCTAssertEqual(titles(library), ["s"])
        XCTAssertNil(library.removeSource(.videosFolder))
        XCTAssertNil(library.setItems([item("s", origin: .samples)], from: .samples), "nothing changed")
    }

    func testRemovingACatalogForgetsItsPlace() {
        var library = FeedLibrary()
        library.setItems([remote("x", origin: .catalog("a"))], from: .catalog("a"))
        library.removeSource(.catalog("a"))
        XCTAssertEqual(library.catalogOrder, [])
        XCTAssertEqual(library.count, 0)
    }

    func testItemInTwoSourcesStaysWhenOneGoes() {
        var library = FeedLibrary()
        library.setItems([item("a")], from: .videosFolder)
        library.setItems([item("a", origin: .recent)], from: .recent)
        library.removeSource(.recent)
        XCTAssertEqual(library.items.map(\.origins), [[.videosFolder]])
    }

    func testHideAndUnhide() {
        var library = FeedLibrary()
        library.setItems([item("a"), item("b"), item("c")], from: .videosFolder)
        library.setItems([item("b", origin: .recent)], from: .recent)
        let id = item("b").id
        XCTAssertEqual(library.hide(id: id), FeedChange(position: 0, removed: 1, added: 0))
        XCTAssertEqual(titles(library), ["a", "c"])
        XCTAssertEqual(library.hiddenIDs, [id])
        XCTAssertNil(library.hide(id: id))
        // Hidden stays hidden when a source is refreshed.
        library.setItems([item("a"), item("b"), item("c"), item("d")], from: .videosFolder)
        XCTAssertEqual(titles(library), ["a", "c", "d"])
        XCTAssertNotNil(library.unhide(id: id))
        XCTAssertEqual(titles(library), ["b", "a", "c", "d"])
        XCTAssertEqual(library.hiddenIDs, [])
    }

    func testHiddenIDsFromTheStateFile() {
        var library = FeedLibrary(hiddenIDs: [item("a").id])
        library.setItems([item("a"), item("b")], from: .videosFolder)
        XCTAssertEqual(titles(library), ["b"])
    }

    func testInfoAndProblemUpdates() {
        var library = FeedLibrary()
        library.setItems([item("a"), item("b")], from: .videosFolder)
        XCTAssertEqual(library.setInfo(info, forID: item("b").id), 1)
        XCTAssertEqual(library.item(withID: item("b").id)?.info, info)
        XCTAssertEqual(library.setProblem(.notAVideo, forID: item("a").id), 0)
        XCTAssertEqual(library.items[0].problem, .notAVideo)
        XCTAssertNil(library.setInfo(info, forID: "file:///nowhere.mp4"))
        // A rescan keeps what discovery found.
        library.setItems([item("a"), item("b"), item("0")], from: .videosFolder)
        XCTAssertEqual(library.item(withID: item("b").id)?.info, info)
        XCTAssertEqual(library.item(withID: item("a").id)?.problem, .notAVideo)
        XCTAssertEqual(library.setProblem(nil, forID: item("a").id), 1)
        XCTAssertNil(library.item(withID: item("a").id)?.problem)
    }

    func testInfoOfAHiddenItemIsKeptForWhenItReturns() {
        var library = FeedLibrary()
        library.setItems([item("a")], from: .videosFolder)
        library.hide(id: item("a").id)
        XCTAssertNil(library.setInfo(info, forID: item("a").id))
        library.unhide(id: item("a").id)
        XCTAssertEqual(library.items.first?.info, info)
    }

    func testInfoIsForgottenWhenTheVideoLeavesEverySource() {
        var library = FeedLibrary()
        library.setItems([item("a")], from: .videosFolder)
        library.setInfo(info, forID: item("a").id)
        library.setItems([], from: .videosFolder)
        library.setItems([item("a")], from: .videosFolder)
        XCTAssertNil(library.items.first?.info)
    }

    func testInfoThatComesWithItemsIsKept() {
        var library = FeedLibrary()
        var cached = item("a")
        cached.info = info
        library.setItems([cached], from: .videosFolder)
        XCTAssertEqual(library.items.first?.info, info)
        library.setItems([item("a")], from: .videosFolder)
        XCTAssertEqual(library.items.first?.info, info, "a nil from a source does not erase discovery")
    }

    func testChangeRangeIsMinimal() {
        var library = FeedLibrary()
        library.setItems((0..<10).map { item("f\($0)") }, from: .videosFolder)
        library.setItems([item("s", origin: .samples)], from: .samples)
        XCTAssertEqual(library.setItems([item("r", origin: .recent)], from: .recent), FeedChange(position: 0, removed: 0, added: 1))
        var changed = (0..<10).map { item("f\($0)") }
        changed[5] = item("f5", title: "f5 renamed")
        XCTAssertEqual(library.setItems(changed, from: .videosFolder), FeedChange(position: 6, removed: 1, added: 1))
    }

    func testFeedChangeDiff() {
        let a = item("a"), b = item("b"), c = item("c")
        XCTAssertNil(FeedChange(from: [a, b], to: [a, b]))
        XCTAssertEqual(FeedChange(from: [], to: [a]), FeedChange(position: 0, removed: 0, added: 1))
        XCTAssertEqual(FeedChange(from: [a, b, c], to: [a, c]), FeedChange(position: 1, removed: 1, added: 0))
        XCTAssertEqual(FeedChange(from: [a, a], to: [a]), FeedChange(position: 1, removed: 1, added: 0))
        XCTAssertEqual(FeedChange(from: [a, b], to: [b, a]), FeedChange(position: 0, removed: 2, added: 2))
    }

    func testTwentyThousandItems() {
        var library = FeedLibrary()
        let folder = (0..<10_000).map { item("f\($0)") }
        let catalog = (0..<10_000).map { remote("c\($0)", origin: .catalog("c")) }
        library.setItems(catalog, from: .catalog("c"))
        library.setItems(folder, from: .videosFolder)
        XCTAssertEqual(library.count, 20_000)
        XCTAssertEqual(library.items[1].title, "f1")
        XCTAssertEqual(library.items[2].title, "f2", "natural order")
        // Every item's info once: each update is a lookup, not a scan.
        for (index, video) in library.items.enumerated() {
            XCTAssertEqual(library.setInfo(info, forID: video.id), index)
        }
        XCTAssertTrue(library.items.allSatisfy { $0.info == info })
        XCTAssertEqual(library.position(ofID: catalog[9_999].id), 19_999)
    }
}
