import XCTest
@testable import ReelCore

final class ChaptersTests: XCTestCase {
    private let chapters = Chapters([
        .init(title: "Arrival", start: 10),
        .init(title: "Opening", start: 0),
        .init(title: "Departure", start: 40),
    ])

    func testChaptersAreOrderedByTheirStart() {
        XCTAssertEqual(chapters.all.map(\.title), ["Opening", "Arrival", "Departure"])
        let doubled = Chapters([.init(title: "A", start: 5), .init(title: "B", start: 5), .init(title: "C", start: -1)])
        XCTAssertEqual(doubled.all.map(\.title), ["A"], "one chapter a start; none before the video")
    }

    func testWhichChapterAPositionIsIn() {
        XCTAssertEqual(chapters.chapter(at: 0)?.title, "Opening")
        XCTAssertEqual(chapters.chapter(at: 9.9)?.title, "Opening")
        XCTAssertEqual(chapters.chapter(at: 10)?.title, "Arrival")
        XCTAssertEqual(chapters.chapter(at: 9.98)?.title, "Arrival", "a seek that lands just before the start")
        XCTAssertEqual(chapters.chapter(at: 500)?.title, "Departure")
        XCTAssertNil(Chapters([.init(title: "Late", start: 3)]).chapter(at: 1), "before the first chapter")
        XCTAssertNil(Chapters([]).chapter(at: 1))
    }

    func testNextGoesToTheFollowingChapterAndStopsInTheLast() {
        XCTAssertEqual(chapters.nextStart(after: 0), 10)
        XCTAssertEqual(chapters.nextStart(after: 9.98), 40, "already at Arrival's start")
        XCTAssertEqual(chapters.nextStart(after: 25), 40)
        XCTAssertNil(chapters.nextStart(after: 41))
    }

    func testPreviousGoesToThisChaptersStartAfterTwoSecondsElseTheOneBefore() {
        XCTAssertEqual(chapters.previousStart(before: 25), 10, "well into Arrival: its start")
        XCTAssertEqual(chapters.previousStart(before: 12.5), 10)
        XCTAssertEqual(chapters.previousStart(before: 11.5), 0, "just after Arrival began: Opening")
        XCTAssertEqual(chapters.previousStart(before: 10), 0)
        XCTAssertEqual(chapters.previousStart(before: 5), 0)
        XCTAssertNil(chapters.previousStart(before: 1), "at the start of the first: nowhere to go")
        let late = Chapters([.init(title: "Late", start: 3)])
        XCTAssertEqual(late.previousStart(before: 2), 0, "before the first chapter: the video's start")
        XCTAssertEqual(late.previousStart(before: 4), 0, "just into the first chapter: the video's start")
    }

    func testLabelsNameUntitledChaptersByNumber() {
        let mixed = Chapters([.init(title: "Intro", start: 0), .init(title: "  ", start: 30)])
        XCTAssertEqual(mixed.label(0, numbered: "Chapter %s"), "Intro")
        XCTAssertEqual(mixed.label(1, numbered: "Chương %s"), "Chương 2")
    }
}
