import Foundation
import XCTest
@testable import ReelCore

final class RecentListTests: XCTestCase {
    private func date(_ seconds: Double) -> Date { Date(timeIntervalSince1970: seconds) }

    func testNewestFirstAndUnique() {
        var list = RecentList()
        list.record(uri: "file:///a.mp4", title: "A", at: date(1))
        list.record(uri: "file:///b.mp4", title: "B", at: date(2))
        list.record(uri: "file:///a.mp4", title: "A again", at: date(3))
        XCTAssertEqual(list.entries.map(\.uri), ["file:///a.mp4", "file:///b.mp4"])
        XCTAssertEqual(list.entries.first?.title, "A again")
        XCTAssertEqual(list.entries.first?.openedAt, date(3))
    }

    func testCapped() {
        var list = RecentList(capacity: 3)
        for index in 0..<10 { list.record(uri: "file:///\(index).mp4", title: "\(index)", at: date(Double(index))) }
        XCTAssertEqual(list.entries.map(\.title), ["9", "8", "7"])
        XCTAssertEqual(RecentList().capacity, 50)
        var many = RecentList()
        for index in 0..<60 { many.record(uri: "file:///\(index).mp4", title: "", at: date(0)) }
        XCTAssertEqual(many.entries.count, 50)
    }

    func testInitDropsDuplicatesAndCaps() {
        let entries = [("a", 3.0), ("b", 2.0), ("a", 1.0), ("c", 0.0)].map {
            RecentList.Entry(uri: "file:///\($0.0)", title: $0.0, openedAt: date($0.1))
        }
        let list = RecentList(entries: entries, capacity: 2)
        XCTAssertEqual(list.entries.map(\.title), ["a", "b"])
        XCTAssertEqual(RecentList(entries: entries, capacity: 0).capacity, 1)
    }

    func testRemove() {
        var list = RecentList()
        list.record(uri: "file:///a.mp4", title: "A")
        list.remove(uri: "file:///a.mp4")
        XCTAssertTrue(list.isEmpty)
    }

    func testVideoItems() {
        var list = RecentList()
        list.record(uri: "https://example.com/live.m3u8", title: "", at: date(1))
        list.record(uri: "file:///home/me/My%20Trip.mp4", title: "Trip", at: date(2))
        let items = list.videoItems
        XCTAssertEqual(items.map(\.title), ["Trip", "live.m3u8"])
        XCTAssertEqual(items.map(\.kind), [.file, .remote])
        XCTAssertEqual(items[1].format, .hls)
        XCTAssertEqual(items[0].origins, [.recent])
    }
}
