import Foundation
import XCTest
@testable import ReelCore

final class WatchHistoryTests: XCTestCase {
    private let a = "file:///v/a.mp4"
    private let b = "https://example.com/b.m3u8"
    private let c = "file:///v/c.mkv"

    private func at(_ seconds: Double) -> Date { Date(timeIntervalSince1970: 1_700_000_000 + seconds) }

    // MARK: Finished

    func testFinishedInTheLastSecondsOrTheLastTwentiethOfALongVideo() {
        // A short video: the margin is what counts (95 % of 200 s is 190 s, 15 s before the end is 185 s).
        XCTAssertFalse(WatchHistory.isFinished(position: 184.9, duration: 200))
        XCTAssertTrue(WatchHistory.isFinished(position: 185, duration: 200))
        // A long one: the last 5 % (its credits) are enough.
        XCTAssertFalse(WatchHistory.isFinished(position: 3419, duration: 3600))
        XCTAssertTrue(WatchHistory.isFinished(position: 3420, duration: 3600))
        XCTAssertTrue(WatchHistory.isFinished(position: 3600, duration: 3600))
    }

    func testTheMarginIsWhereResumeStopsRememberingAPosition() {
        // Past the first seconds, a stop either leaves a position to resume
        // (the row) or finishes the video (the mark), never neither.
        for position in stride(from: 10.0, through: 620, by: 0.5) {
            let remembered = ResumePolicy.positionToRemember(position, duration: 600) != nil
            XCTAssertTrue(remembered || WatchHistory.isFinished(position: position, duration: 600), "at \(position)")
        }
        XCTAssertEqual(WatchHistory.finishedMargin, ResumePolicy.ignoredEnd)
    }

    func testOddInputIsNeverFinished() {
        XCTAssertFalse(WatchHistory.isFinished(position: 0, duration: 0))
        XCTAssertFalse(WatchHistory.isFinished(position: 5, duration: -1))
        XCTAssertFalse(WatchHistory.isFinished(position: .nan, duration: 100))
        XCTAssertFalse(WatchHistory.isFinished(position: 100, duration: .infinity))
        // Past the end is finished.
        XCTAssertTrue(WatchHistory.isFinished(position: 500, duration: 300))
    }

    // MARK: Recording

    func testStoppingPartWayRecordsALengthAndTime() {
        var history = WatchHistory()
        history.record(uri: a, title: "A", position: 60, duration: 600, at: at(0))
        XCTAssertEqual(history.entries[a], .init(title: "A", duration: 600, lastWatched: at(0), isWatched: false))
        XCTAssertEqual(history.mark(for: a, position: 60), .progress(0.1))
    }

    func testFinishingMarksWatchedAndWatchingPartWayAgainUnmarks() {
        var history = WatchHistory()
        history.record(uri: a, title: "A", position: 595, duration: 600, at: at(0))
        XCTAssertTrue(history.isWatched(a))
        XCTAssertEqual(history.mark(for: a, position: nil), .watched)
        // A look at its first seconds keeps the mark.
        history.record(uri: a, title: "A", position: 3, duration: 600, at: at(10))
        XCTAssertTrue(history.isWatched(a))
        XCTAssertEqual(history.entries[a]?.lastWatched, at(10))
        // Watched again to the middle: unfinished again.
        history.record(uri: a, title: "A", position: 300, duration: 600, at: at(20))
        XCTAssertFalse(history.isWatched(a))
        XCTAssertEqual(history.mark(for: a, position: 300), .progress(0.5))
    }

    func testLiveAndUnknownLengthsAreNotRecorded() {
        var history = WatchHistory()
        history.record(uri: b, title: "Live", position: 120, duration: nil, at: at(0))
        history.record(uri: c, title: "Zero", position: 0, duration: 0, at: at(0))
        history.record(uri: a, title: "NaN", position: 10, duration: .nan, at: at(0))
        XCTAssertTrue(history.isEmpty)
        XCTAssertEqual(history.continueWatching(positions: [b: 120, c: 1, a: 10]), [])
    }

    func testAnOddPositionCountsAsTheStart() {
        var history = WatchHistory()
        history.record(uri: a, title: "A", position: .nan, duration: 600, at: at(0))
        history.record(uri: c, title: "C", position: -40, duration: 600, at: at(0))
        XCTAssertFalse(history.isWatched(a))
        XCTAssertFalse(history.isWatched(c))
        XCTAssertNil(history.mark(for: a, position: nil))
    }

    func testAPositionPastTheEndDrawsAFullLineAtMost() {
        var history = WatchHistory()
        history.record(uri: a, title: "A", position: 60, duration: 600, at: at(0))
        XCTAssertEqual(history.mark(for: a, position: 900), .progress(1))
        XCTAssertEqual(history.mark(for: a, position: -5), .progress(0))
        XCTAssertNil(history.mark(for: a, position: .infinity))
        // Past its end is not "started and not finished": not in the row.
        XCTAssertEqual(history.continueWatching(positions: [a: 900]), [])
    }

    func testAnEmptyTitleKeepsTheOneKnown() {
        var history = WatchHistory()
        history.record(uri: a, title: "A", position: 60, duration: 600, at: at(0))
        history.record(uri: a, title: "", position: 70, duration: 600, at: at(1))
        XCTAssertEqual(history.entries[a]?.title, "A")
    }

    // MARK: The row

    func testTheRowIsTheStartedUnfinishedVideosNewestFirst() {
        var history = WatchHistory()
        history.record(uri: a, title: "A", position: 60, duration: 600, at: at(0))
        history.record(uri: b, title: "B", position: 60, duration: 600, at: at(30))
        history.record(uri: c, title: "C", position: 600, duration: 600, at: at(60))   // finished
        XCTAssertEqual(history.continueWatching(positions: [a: 60, b: 60]), [b, a])
        // Watching A again puts it first.
        history.record(uri: a, title: "A", position: 90, duration: 600, at: at(90))
        XCTAssertEqual(history.continueWatching(positions: [a: 90, b: 60]), [a, b])
    }

    func testTheRowNeedsTheRememberedPosition() {
        var history = WatchHistory()
        // Too short for resume: no position is remembered, so no row and no line.
        history.record(uri: a, title: "A", position: 30, duration: 90, at: at(0))
        XCTAssertEqual(history.continueWatching(positions: [:]), [])
        XCTAssertNil(history.mark(for: a, position: nil))
    }

    func testTheRowIsCappedAndTiesAreOrderedByAddress() {
        var history = WatchHistory()
        var positions: [String: Double] = [:]
        for index in 0..<30 {
            let uri = "file:///v/\(index).mp4"
            history.record(uri: uri, title: "", position: 60, duration: 600, at: at(0))
            positions[uri] = 60
        }
        let row = history.continueWatching(positions: positions)
        XCTAssertEqual(row.count, WatchHistory.rowCapacity)
        XCTAssertEqual(row, row.sorted())
        XCTAssertEqual(history.continueWatching(positions: positions, limit: 2).count, 2)
    }

    func testTheHistoryKeepsItsNewestEntries() {
        var history = WatchHistory()
        for index in 0..<(WatchHistory.capacity + 5) {
            history.record(uri: "file:///v/\(index).mp4", title: "", position: 60, duration: 600, at: at(Double(index)))
        }
        XCTAssertEqual(history.entries.count, WatchHistory.capacity)
        XCTAssertNil(history.entries["file:///v/0.mp4"])
        XCTAssertNotNil(history.entries["file:///v/\(WatchHistory.capacity + 4).mp4"])
    }

    // MARK: Marking and clearing

    func testMarkWatchedTakesAVideoOutOfTheRow() {
        var history = WatchHistory()
        history.record(uri: a, title: "A", position: 60, duration: 600, at: at(0))
        history.markWatched(uri: a, title: "A", duration: nil, at: at(5))
        XCTAssertEqual(history.continueWatching(positions: [a: 60]), [])
        XCTAssertEqual(history.mark(for: a, position: 60), .watched)
        XCTAssertEqual(history.entries[a]?.duration, 600)
    }

    func testMarkWatchedWithoutALengthStillMarks() {
        var history = WatchHistory()
        history.markWatched(uri: b, title: "B", duration: nil, at: at(0))
        XCTAssertEqual(history.mark(for: b, position: nil), .watched)
        XCTAssertEqual(history.continueWatching(positions: [b: 10]), [])
    }

    func testMarkUnwatchedForgetsTheVideo() {
        var history = WatchHistory()
        history.markWatched(uri: a, title: "A", duration: 600, at: at(0))
        history.markUnwatched(uri: a)
        XCTAssertFalse(history.isWatched(a))
        XCTAssertNil(history.mark(for: a, position: nil))
        XCTAssertTrue(history.isEmpty)
    }

    func testClearForgetsEverything() {
        var history = WatchHistory()
        history.record(uri: a, title: "A", position: 60, duration: 600, at: at(0))
        history.markWatched(uri: b, title: "B", duration: 600, at: at(0))
        history.clear()
        XCTAssertTrue(history.isEmpty)
        XCTAssertEqual(history.marks(positions: [a: 60]), [:])
    }

    func testMarksForEveryCard() {
        var history = WatchHistory()
        history.record(uri: a, title: "A", position: 150, duration: 600, at: at(0))
        history.markWatched(uri: b, title: "B", duration: nil, at: at(0))
        history.record(uri: c, title: "C", position: 5, duration: 600, at: at(0))
        XCTAssertEqual(history.marks(positions: [a: 150]), [a: .progress(0.25), b: .watched])
    }

    // MARK: The state file

    func testTheHistoryIsKeptInTheStateFile() throws {
        var state = AppState()
        state.playbackPositions[a] = 60
        state.watchHistory.record(uri: a, title: "Hà Nội", position: 60, duration: 600.5, at: at(0.25))
        state.watchHistory.markWatched(uri: b, title: "B", duration: nil, at: at(1))
        let decoded = AppState.decode(try state.encode())
        XCTAssertFalse(decoded.wasCorrupt)
        XCTAssertEqual(decoded.state, state)
    }

    func testADamagedEntryLosesNothingElse() {
        let result = AppState.decode(Data("""
        {"recent": [{"uri": "file:///v/a.mp4", "title": "A", "openedAt": 5}],
         "playbackPositions": {"file:///v/a.mp4": 60},
         "watchHistory": {
            "file:///v/a.mp4": {"title": "A", "duration": 600, "lastWatched": 5, "watched": false},
            "file:///v/b.mp4": {"title": "B", "duration": "long", "lastWatched": 5},
            "file:///v/c.mp4": {"title": "C", "duration": -3, "lastWatched": 5},
            "file:///v/d.mp4": {"duration": 100, "lastWatched": 7}
         }}
        """.utf8))
        XCTAssertTrue(result.wasCorrupt)
        XCTAssertEqual(result.state.recent.entries.map(\.uri), ["file:///v/a.mp4"])
        XCTAssertEqual(result.state.playbackPositions, ["file:///v/a.mp4": 60])
        XCTAssertEqual(Set(result.state.watchHistory.entries.keys), ["file:///v/a.mp4", "file:///v/d.mp4"])
        XCTAssertEqual(result.state.watchHistory.entries["file:///v/d.mp4"]?.isWatched, false)
    }

    func testAHistoryOfTheWrongShapeLosesNothingElse() {
        let result = AppState.decode(Data(#"{"hiddenIDs": ["x"], "watchHistory": [1, 2]}"#.utf8))
        XCTAssertTrue(result.wasCorrupt)
        XCTAssertEqual(result.state.hiddenIDs, ["x"])
        XCTAssertTrue(result.state.watchHistory.isEmpty)
    }
}
