import Foundation
import XCTest
@testable import ReelCore

final class AppStateTests: XCTestCase {
    private func decode(_ text: String) -> (state: AppState, wasCorrupt: Bool) {
        AppState.decode(Data(text.utf8))
    }

    func testRoundTrip() throws {
        var state = AppState()
        state.recent.record(uri: "file:///v/a.mp4", title: "Hà Nội", at: Date(timeIntervalSince1970: 1_700_000_000.5))
        state.recent.record(uri: "https://example.com/b.m3u8", title: "B", at: Date(timeIntervalSince1970: 1_700_000_100))
        state.hiddenIDs = ["file:///v/hidden.mp4", "file:///v/also.mp4"]
        state.playbackPositions = ["file:///v/long.mkv": 1234.5]
        let decoded = AppState.decode(try state.encode())
        XCTAssertFalse(decoded.wasCorrupt)
        XCTAssertEqual(decoded.state, state)
    }

    func testFileFormat() throws {
        var state = AppState()
        state.recent.record(uri: "file:///a.mp4", title: "A", at: Date(timeIntervalSince1970: 10))
        state.hiddenIDs = ["b", "a"]
        let text = String(decoding: try state.encode(), as: UTF8.self)
        XCTAssertEqual(text, #"{"hiddenIDs":["a","b"],"playbackPositions":{},"recent":[{"openedAt":10,"title":"A","uri":"file:\/\/\/a.mp4"}],"trackChoices":{},"version":1,"watchHistory":{}}"#)
    }

    func testEmptyFileIsAFreshState() {
        XCTAssertEqual(AppState.decode(Data()).state, AppState())
        XCTAssertFalse(AppState.decode(Data()).wasCorrupt)
        XCTAssertFalse(decode(" \n").wasCorrupt)
    }

    func testCorruptFilesGiveAFreshStateAndSaySo() {
        for text in ["{", "garbage", "[]", "null", "\"state\"", "{\"recent\": [", "\u{0}\u{1}\u{2}"] {
            let result = decode(text)
            XCTAssertTrue(result.wasCorrupt, text)
            XCTAssertEqual(result.state, AppState(), text)
        }
        XCTAssertTrue(AppState.decode(Data([0xFF, 0xD8, 0xFF, 0xE0])).wasCorrupt)
    }

    func testUnknownKeysAreIgnored() {
        let result = decode(#"{"version": 7, "recent": [], "hiddenIDs": ["x"], "windowLayout": {"a": [1, 2]}, "future": true}"#)
        XCTAssertFalse(result.wasCorrupt)
        XCTAssertEqual(result.state.hiddenIDs, ["x"])
    }

    func testMissingKeysAreFine() {
        let result = decode("{}")
        XCTAssertFalse(result.wasCorrupt)
        XCTAssertEqual(result.state, AppState())
    }

    func testBadPartsAreDroppedAndTheRestKept() {
        let result = decode("""
        {"recent": [
            {"uri": "file:///good.mp4", "title": "Good", "openedAt": 5},
            {"uri": 42},
            {"uri": "javascript:alert(1)", "title": "Evil", "openedAt": 6},
            {"title": "no uri"},
            {"uri": "file:///untitled.mp4"}
         ],
         "hiddenIDs": ["a", 5, "b"],
         "playbackPositions": {"file:///a.mp4": 12.5, "file:///b.mp4": -1, "file:///c.mp4": "soon"}}
        """)
        XCTAssertTrue(result.wasCorrupt)
        XCTAssertEqual(result.state.recent.entries.map(\.uri), ["file:///good.mp4", "file:///untitled.mp4"])
        XCTAssertEqual(result.state.recent.entries[1].title, "")
        XCTAssertEqual(result.state.recent.entries[1].openedAt, Date(timeIntervalSince1970: 0))
        XCTAssertEqual(result.state.hiddenIDs, ["a", "b"])
        XCTAssertEqual(result.state.playbackPositions, ["file:///a.mp4": 12.5])
    }

    func testWrongTypeForAWholePart() {
        let result = decode(#"{"recent": "lots", "hiddenIDs": ["a"]}"#)
        XCTAssertTrue(result.wasCorrupt)
        XCTAssertEqual(result.state.hiddenIDs, ["a"])
        XCTAssertTrue(result.state.recent.isEmpty)
    }

    func testNonFinitePositionsAreNotWritten() throws {
        var state = AppState()
        state.playbackPositions = ["a": .nan, "b": .infinity, "c": 3]
        XCTAssertEqual(AppState.decode(try state.encode()).state.playbackPositions, ["c": 3])
    }

    func testOversizedRecentListIsCapped() {
        let entries = (0..<80).map { #"{"uri": "file:///\#($0).mp4", "title": "", "openedAt": 0}"# }
        let result = decode(#"{"recent": [\#(entries.joined(separator: ","))]}"#)
        XCTAssertEqual(result.state.recent.entries.count, RecentList.defaultCapacity)
    }
}
