import XCTest
@testable import ReelCore

final class PartMarksTests: XCTestCase {
    private let frame = 1.0 / 25

    func testBothMarksMakeAPartThatKeepsTheEndFrame() {
        var marks = PartMarks()
        XCTAssertNil(marks.range(frameDuration: frame, duration: 60))
        marks.markStart(12)
        marks.markEnd(20)
        let part = marks.range(frameDuration: frame, duration: 60)
        XCTAssertEqual(part?.lowerBound, 12)
        XCTAssertEqual(part?.upperBound ?? 0, 20.04, accuracy: 1e-9, "the end mark's frame is kept")
        XCTAssertEqual(marks.label(frameDuration: frame, duration: 60), "0:12 – 0:20")
    }

    func testAMissingMarkStandsForTheVideosEnds() {
        var marks = PartMarks()
        marks.markEnd(10)
        XCTAssertEqual(marks.range(frameDuration: frame, duration: 60), 0..<(10 + frame))
        marks = PartMarks()
        marks.markStart(50)
        XCTAssertEqual(marks.range(frameDuration: frame, duration: 60), 50..<60)
        XCTAssertNil(marks.range(frameDuration: frame, duration: nil), "a live stream has no end to stand in")
        XCTAssertEqual(marks.label(frameDuration: frame, duration: nil), "0:50 – ")
    }

    func testTheEndFrameOfTheVideoIsNotPassed() {
        var marks = PartMarks()
        marks.markStart(2)
        marks.markEnd(60 - frame)
        XCTAssertEqual(marks.range(frameDuration: frame, duration: 60)?.upperBound, 60)
    }

    func testANewStartPastTheEndDropsTheEndAndAnEndBeforeTheStartDropsTheStart() {
        var marks = PartMarks(start: 10, end: 20)
        marks.markStart(25)
        XCTAssertEqual(marks, PartMarks(start: 25, end: nil))
        marks.markEnd(5)
        XCTAssertEqual(marks, PartMarks(start: nil, end: 5))
        marks.markStart(5)
        XCTAssertEqual(marks, PartMarks(start: 5, end: nil), "an end on the start's own frame is dropped")
    }

    func testALoopNeedsAPartAndEndsWithTheMarks() {
        var marks = PartMarks()
        XCTAssertFalse(marks.setLooping(true, frameDuration: frame, duration: 60))
        marks.markStart(10)
        marks.markEnd(12)
        XCTAssertTrue(marks.setLooping(true, frameDuration: frame, duration: 60))
        marks.clear()
        XCTAssertFalse(marks.isLooping)
        XCTAssertTrue(marks.isEmpty)
    }

    func testASeekOutOfTheLoopedPartLeavesTheLoop() {
        var marks = PartMarks(start: 10, end: 12)
        XCTAssertFalse(marks.seekLeavesLoop(to: 30, frameDuration: frame, duration: 60), "no loop, nothing to leave")
        marks.setLooping(true, frameDuration: frame, duration: 60)
        XCTAssertFalse(marks.seekLeavesLoop(to: 11, frameDuration: frame, duration: 60))
        XCTAssertFalse(marks.seekLeavesLoop(to: 12.02, frameDuration: frame, duration: 60), "the end mark's own frame")
        XCTAssertTrue(marks.seekLeavesLoop(to: 12.04, frameDuration: frame, duration: 60))
        XCTAssertTrue(marks.seekLeavesLoop(to: 9.99, frameDuration: frame, duration: 60))
    }

    func testTheLoopStartsWhereThePlayerIsWhenInsideElseAtTheStart() {
        let marks = PartMarks(start: 10, end: 12)
        XCTAssertEqual(marks.loopEntry(from: 11, frameDuration: frame, duration: 60), 11)
        XCTAssertEqual(marks.loopEntry(from: 30, frameDuration: frame, duration: 60), 10)
        XCTAssertEqual(marks.loopEntry(from: 2, frameDuration: frame, duration: 60), 10)
    }

    /// The trim points a clip takes: the marked frames' own times, the end
    /// one frame past its mark (MovieClip's trim end is exclusive).
    func testTrimPointsAreTheFramesInNanoseconds() throws {
        let marks = PartMarks(start: 1, end: 1.96)
        let trim = try XCTUnwrap(marks.trim(frameDuration: frame, duration: 4))
        XCTAssertEqual(trim.start, 1_000_000_000)
        XCTAssertEqual(trim.end, 2_000_000_000)
        var clip = MovieClip(uri: "file:///a.mp4", sourceDuration: 4_000_000_000, frameRate: FrameRate(25),
                             width: 320, height: 240, hasSound: false)
        clip.trim(from: trim.start, to: trim.end)
        XCTAssertEqual(clip.trimIn, 1_000_000_000)
        XCTAssertEqual(clip.trimOut, 2_000_000_000)
        XCTAssertEqual(clip.duration, 25 * FrameRate(25).frameDuration, "25 frames: 1.00 s to 1.96 s")
    }
}
