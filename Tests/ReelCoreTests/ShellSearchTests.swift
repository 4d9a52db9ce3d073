import XCTest
@testable import ReelCore

final class ShellSearchTests: XCTestCase {
    private func video(_ title: String, subtitle: String = "", path: String? = nil) -> VideoItem {
        VideoItem(uri: "file:///v/" + (path ?? title.replacingOccurrences(of: " ", with: "_")) + ".mp4", kind: .file,
                  title: title, subtitle: subtitle, origin: .videosFolder)
    }

    private func titles(_ ids: [String], _ items: [VideoItem]) -> [String] {
        ids.map { id in items.first { $0.id == id }!.title }
    }

    func testCaseAndAccentsDoNotMatterAndEveryTermMustMatch() {
        let items = [video("Hà Nội at night", subtitle: "Việt Nam"), video("Đà Nẵng beach"), video("Night bus")]
        let search = ShellSearch(items: items)
        XCTAssertEqual(titles(search.results(for: ["ha", "NOI"]), items), ["Hà Nội at night"])
        XCTAssertEqual(titles(search.results(for: ["da", "nang"]), items), ["Đà Nẵng beach"])
        XCTAssertEqual(titles(search.results(for: ["night"]), items), ["Hà Nội at night", "Night bus"])
        XCTAssertEqual(search.results(for: ["night", "beach"]), [], "every term must match")
        XCTAssertEqual(search.results(for: []), [])
        XCTAssertEqual(search.results(for: ["  "]), [], "spaces alone find nothing, not everything")
    }

    func testPlacesAndCatalogSubtitlesAreSearchedAfterTitles() {
        let items = [video("Sunrise", subtitle: "Holidays › Beach"), video("Beach volleyball"),
                     VideoItem(uri: "https://example.com/b.mp4", kind: .remote, title: "Waves",
                               subtitle: "Ocean films: beach edition", origin: .catalog("https://example.com/c.json"))]
        let search = ShellSearch(items: items)
        XCTAssertEqual(titles(search.results(for: ["beach"]), items), ["Beach volleyball", "Sunrise", "Waves"],
                       "title matches first, then places and subtitles, each in feed order")
        XCTAssertEqual(titles(search.results(for: ["holidays", "sunrise"]), items), ["Sunrise"],
                       "terms may be split between title and place")
        XCTAssertEqual(search.results(for: ["beachvolley"]), [], "a word never runs across title and subtitle")
    }

    func testSubsearchNarrowsThePreviousAnswer() {
        let items = [video("Cat one"), video("Cat two"), video("Dog")]
        let search = ShellSearch(items: items)
        let first = search.results(for: ["ca"])
        XCTAssertEqual(titles(first, items), ["Cat one", "Cat two"])
        XCTAssertEqual(titles(search.results(within: first, for: ["cat", "two"]), items), ["Cat two"])
        XCTAssertEqual(search.results(within: [items[2].id], for: ["cat"]), [],
                       "only the previous results are searched")
        XCTAssertEqual(search.results(within: ["file:///gone.mp4"] + first, for: ["cat"]).count, 2,
                       "ids gone from the feed drop out")
    }

    func testAnswersAreCutAtTheLimitAndACutAnswerIsSearchedAgainInFull() {
        let items = (0..<10).map { video("Clip \($0)") } + [video("Clip special")]
        let search = ShellSearch(items: items, limit: 5)
        let first = search.results(for: ["clip"])
        XCTAssertEqual(first.count, 5)
        XCTAssertEqual(titles(search.results(within: first, for: ["clip", "special"]), items), ["Clip special"],
                       "a match left out of a cut answer is still found")
    }

    func testRepeatedIDsCountOnce() {
        let items = [video("Same", path: "a"), video("Same", path: "a")]
        XCTAssertEqual(ShellSearch(items: items).results(for: ["same"]).count, 1)
    }

    func testDescriptionSaysPlaceAndDuration() {
        var item = video("Trip", subtitle: "Holidays")
        XCTAssertEqual(ShellSearch.description(of: item), "Holidays")
        item.info = MediaInfo(duration: 65, width: 640, height: 360, videoCodec: nil, audioCodec: nil)
        XCTAssertEqual(ShellSearch.description(of: item), "Holidays · 1:05")
        item.subtitle = ""
        XCTAssertEqual(ShellSearch.description(of: item), "1:05")
        item.info = MediaInfo(duration: 65, width: 640, height: 360, videoCodec: nil, audioCodec: nil, isLive: true)
        XCTAssertEqual(ShellSearch.description(of: item), "")
    }

    func testFeedLibraryRevisionFollowsTheListNotDiscovery() {
        var library = FeedLibrary()
        let start = library.revision
        library.setItems([video("A")], from: .videosFolder)
        XCTAssertGreaterThan(library.revision, start)
        let afterItems = library.revision
        library.setInfo(MediaInfo(duration: 1, width: 1, height: 1, videoCodec: nil, audioCodec: nil), forID: video("A").id)
        XCTAssertEqual(library.revision, afterItems)
    }
}
