import XCTest
@testable import ReelCore

final class PlayQueueTests: XCTestCase {
    private func names(_ addresses: [String]) -> [String] {
        addresses.map { String($0.split(separator: "/").last!.dropLast(4)) }
    }

    private let feed: [VideoItem] = {
        func video(_ name: String, remote: Bool = false, recent: Bool = false) -> VideoItem {
            let uri = remote ? "https://example.com/\(name).mp4" : "file:///v/\(name).mp4"
            var item = VideoItem(uri: uri, kind: remote ? .remote : .file, title: name, origin: .videosFolder)
            if recent { item.origins.insert(.recent) }
            return item
        }
        return [video("beach", recent: true), video("city", remote: true), video("forest"),
                video("harbour", remote: true, recent: true), video("hills"), video("lake", recent: true)]
    }()

    func testOrderIsTheFeedsWithItsSectionAndSearch() {
        let local = PlayQueue(feed: feed, query: FeedQuery(section: .local), current: "file:///v/forest.mp4")
        XCTAssertEqual(names(local.before), ["beach"])
        XCTAssertEqual(names(local.after), ["hills", "lake"])
        XCTAssertEqual(local.place?.number, 2)
        XCTAssertEqual(local.place?.count, 4)

        let recent = PlayQueue(feed: feed, query: FeedQuery(section: .recent), current: "file:///v/lake.mp4")
        XCTAssertEqual(names(recent.before), ["beach", "harbour"])
        XCTAssertEqual(recent.after, [])

        let search = PlayQueue(feed: feed, query: FeedQuery(searchText: "H"), current: "https://example.com/harbour.mp4")
        XCTAssertEqual(names(search.before + [search.current!] + search.after), ["beach", "harbour", "hills"])
        XCTAssertEqual(search.place?.number, 2)
    }

    func testAVideoOutsideTheFilteredFeedIsAlone() {
        let queue = PlayQueue(feed: feed, query: FeedQuery(section: .remote), current: "file:///v/lake.mp4")
        XCTAssertEqual(queue.current, "file:///v/lake.mp4")
        XCTAssertFalse(queue.isWalkable)
        XCTAssertNil(queue.place, "no “1 of 1”")
        XCTAssertFalse(queue.hasNext(.wrap))
    }

    func testVideosThatCannotPlayAreSkippedButNotTheCurrentOne() {
        var items = feed
        items[1].problem = .missing
        items[2].problem = .missing
        let queue = PlayQueue(feed: items, query: FeedQuery(), current: "file:///v/forest.mp4")
        XCTAssertEqual(names(queue.before), ["beach"])
        XCTAssertEqual(queue.current, "file:///v/forest.mp4")
    }

    func testStopAtTheEnds() {
        var queue = PlayQueue(addresses: ["a", "b", "c"], current: "b")
        XCTAssertEqual(queue.moveNext(), "c")
        XCTAssertFalse(queue.hasNext())
        XCTAssertNil(queue.moveNext())
        XCTAssertEqual(queue.current, "c", "no move past the end")
        XCTAssertEqual(queue.movePrevious(), "b")
        XCTAssertEqual(queue.movePrevious(), "a")
        XCTAssertNil(queue.movePrevious())
        XCTAssertFalse(queue.hasPrevious())
        XCTAssertEqual(queue.place?.number, 1)
        XCTAssertEqual(queue.place?.count, 3)
    }

    func testWrapAtTheEnds() {
        var queue = PlayQueue(addresses: ["a", "b", "c"], current: "c")
        XCTAssertTrue(queue.hasNext(.wrap))
        XCTAssertEqual(queue.next(.wrap), "a")
        XCTAssertEqual(queue.moveNext(.wrap), "a")
        XCTAssertEqual(queue.before, [])
        XCTAssertEqual(queue.after, ["b", "c"], "the order is kept, only the place moves")
        XCTAssertEqual(queue.movePrevious(.wrap), "c")
        XCTAssertEqual(queue.before, ["a", "b"])
        XCTAssertEqual(queue.place?.number, 3)
    }

    func testOpeningFilesTogetherPlaysThemInThatOrder() {
        var queue = PlayQueue(addresses: ["file:///a.mp4", "file:///b.mkv"])
        XCTAssertEqual(queue.current, "file:///a.mp4")
        XCTAssertEqual(queue.moveNext(), "file:///b.mkv")
    }

    /// Play Next goes right after the current video, Add to Queue at the
    /// end; a video already queued moves rather than plays twice.
    func testPlayNextAndAddToQueue() {
        var queue = PlayQueue(addresses: ["a", "b", "c"], current: "b")
        queue.add("d")
        XCTAssertEqual(queue.after, ["c", "d"])
        queue.playNext("e")
        XCTAssertEqual(queue.after, ["e", "c", "d"])
        queue.playNext("d")
        XCTAssertEqual(queue.after, ["d", "e", "c"], "moved, not twice")
        queue.add("a")
        XCTAssertEqual(queue.before, [])
        XCTAssertEqual(queue.after, ["d", "e", "c", "a"], "from before the current one to the end")
        queue.playNext("b")
        queue.add("b")
        XCTAssertEqual(queue.current, "b")
        XCTAssertEqual(queue.count, 5, "the current video stays where it is")
        XCTAssertEqual(queue.moveNext(), "d")
        XCTAssertEqual(queue.place?.number, 2)
    }

    func testRemovingAHiddenVideo() {
        var queue = PlayQueue(addresses: ["a", "b", "c", "d"], current: "b")
        queue.remove("c")
        XCTAssertEqual(queue.next(), "d")
        XCTAssertEqual(queue.place?.count, 3)
        // The current one hidden while it plays: its neighbours stay.
        queue.remove("b")
        XCTAssertNil(queue.current)
        XCTAssertNil(queue.place)
        XCTAssertTrue(queue.isWalkable)
        XCTAssertEqual(queue.previous(), "a")
        XCTAssertEqual(queue.moveNext(), "d")
        XCTAssertEqual(queue.before, ["a"], "the removed one does not come back")
        XCTAssertEqual(queue.movePrevious(), "a")
        XCTAssertEqual(queue.after, ["d"])

        var kept = PlayQueue(addresses: ["a", "b", "c"], current: "b")
        kept.removeAll { $0 != "c" }
        XCTAssertEqual(kept.before, [])
        XCTAssertEqual(kept.current, "b", "the playing video is never dropped this way")
        XCTAssertEqual(kept.after, ["c"])
    }
}
