import XCTest
@testable import ReelCore

final class FeedQueryTests: XCTestCase {
    private func video(_ title: String, subtitle: String = "", remote: Bool = false, origin: VideoOrigin = .videosFolder) -> VideoItem {
        VideoItem(uri: remote ? "https://example.com/a.mp4" : "file:///v/a.mp4", kind: remote ? .remote : .file,
                  title: title, subtitle: subtitle, origin: origin)
    }

    private func matches(_ text: String, _ item: VideoItem) -> Bool {
        FeedQuery(searchText: text).matches(item)
    }

    func testEmptyQueryMatchesEverything() {
        XCTAssertTrue(matches("", video("A")))
        XCTAssertTrue(matches("   \t", video("A")))
        XCTAssertFalse(FeedQuery().isActive)
    }

    func testCaseAndDiacriticInsensitive() {
        let hanoi = video("Hà Nội at night", subtitle: "Việt Nam")
        XCTAssertTrue(matches("ha noi", hanoi))
        XCTAssertTrue(matches("HÀ NỘI", hanoi))
        XCTAssertTrue(matches("viet", hanoi))
        XCTAssertTrue(matches("Nội", hanoi))
        XCTAssertFalse(matches("hanoi", hanoi), "words are substrings, not fuzzy")
        XCTAssertTrue(matches("da nang", video("Đà Nẵng")), "đ has a stroke, not an accent")
        XCTAssertTrue(matches("creme brulee", video("Crème brûlée")))
        XCTAssertTrue(matches("uber", video("Über")))
        XCTAssertTrue(matches("abc", video("ＡＢＣ full width")))
    }

    func testChinese() {
        let beijing = video("北京旅行", subtitle: "中国")
        XCTAssertTrue(matches("北京", beijing))
        XCTAssertTrue(matches("旅行 中国", beijing))
        XCTAssertFalse(matches("上海", beijing))
    }

    func testAllWordsMustMatchInTitleOrSubtitle() {
        let item = video("Sunset over the bay", subtitle: "Holiday 2024")
        XCTAssertTrue(matches("bay sunset", item))
        XCTAssertTrue(matches("sunset 2024", item))
        XCTAssertFalse(matches("sunset mountain", item))
        XCTAssertFalse(matches("bayholiday", item))
        XCTAssertFalse(matches("bay\nholiday", video("the bay")))
    }

    func testSections() {
        let local = video("a"), web = video("b", remote: true), recent = video("c", origin: .recent)
        XCTAssertEqual(FeedQuery(section: .local).filter([local, web, recent]), [local, recent])
        XCTAssertEqual(FeedQuery(section: .remote).filter([local, web, recent]), [web])
        XCTAssertEqual(FeedQuery(section: .recent).filter([local, web, recent]), [recent])
        XCTAssertEqual(FeedQuery(section: .all).filter([local, web, recent]), [local, web, recent])
        XCTAssertEqual(FeedQuery(section: .remote, searchText: "a").filter([local, web]), [])
    }

    func testChangingTheSearchText() {
        var query = FeedQuery()
        query.searchText = "Trip  HÀ"
        XCTAssertEqual(query.words, ["trip", "ha"])
        XCTAssertTrue(query.isActive)
    }

    func testCachedSearchKey() {
        let key = FeedQuery.searchKey(title: "Hà Nội", subtitle: "Việt Nam")
        XCTAssertTrue(FeedQuery(searchText: "ha viet").matches(searchKey: key))
    }

    func testFolding() {
        XCTAssertEqual(TextFolding.fold("Hà Nội"), "ha noi")
        XCTAssertEqual(TextFolding.fold("ĐẠI"), "dai")
        XCTAssertEqual(TextFolding.fold("ＡＢＣ"), "abc")
        XCTAssertEqual(TextFolding.fold("北京"), "北京")
        XCTAssertEqual(TextFolding.fold("Plain ASCII"), "plain ascii")
    }

    func testNaturalSortKey() {
        let names = ["b10", "B2", "a", "b02x", "b1", "", "á"]
        let sorted = names.sorted { TextFolding.SortKey($0) < TextFolding.SortKey($1) }
        XCTAssertEqual(sorted, ["", "a", "á", "b1", "B2", "b02x", "b10"])
        XCTAssertFalse(TextFolding.SortKey("a") < TextFolding.SortKey("A"))
        XCTAssertTrue(TextFolding.SortKey("clip9") < TextFolding.SortKey("clip10"))
        XCTAssertTrue(TextFolding.SortKey("x 99999999999999999999998") < TextFolding.SortKey("x 99999999999999999999999"))
    }
}

final class FeedQueryCachedKeyTests: XCTestCase {
    func testSuppliedKeyIsUsedAndOnlyWhenThereAreWords() {
        let item = VideoItem(uri: "file:///a.mp4", kind: .file, title: "Night market", subtitle: "Đà Lạt", origin: .videosFolder)
        var folded = 0
        let key = { () -> String in folded += 1; return FeedQuery.searchKey(title: item.title, subtitle: item.subtitle) }
        XCTAssertTrue(FeedQuery().matches(item, searchKey: key))
        XCTAssertEqual(folded, 0, "a query without words folded the title")
        XCTAssertTrue(FeedQuery(searchText: "da lat").matches(item, searchKey: key))
        XCTAssertFalse(FeedQuery(section: .remote, searchText: "da lat").matches(item, searchKey: key))
        XCTAssertEqual(folded, 1, "the section check should come before the key")
    }
}
