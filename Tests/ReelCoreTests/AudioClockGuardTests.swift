import XCTest
@testable import ReelCore

final class AudioClockGuardTests: XCTestCase {
    private let second: UInt64 = 1_000_000_000
    /// What libpulse answered once in about ten seeks under the tests'
    /// sound server: 4235133 hours.
    private let bogus: UInt64 = 15_246_479_822_589_935_616

    func testReadingsWithinTheWallClockPassAsTheyAre() {
        var guarded = AudioClockGuard(wallNanoseconds: 100 * second)
        XCTAssertEqual(guarded.time(for: 0, atWall: 101 * second), 0)
        XCTAssertEqual(guarded.time(for: 2 * second, atWall: 102 * second), 2 * second,
                       "ahead of the wall clock by less than the slack")
        XCTAssertEqual(guarded.time(for: nil, atWall: 103 * second), nil, "no reading: the clock repeats itself")
        XCTAssertEqual(guarded.rejected, 0)
    }

    func testABogusReadingIsReplacedByTheLastOneMovedOnByTheWallClock() {
        var guarded = AudioClockGuard(wallNanoseconds: 0)
        XCTAssertEqual(guarded.time(for: 30 * second, atWall: 31 * second), 30 * second)
        XCTAssertEqual(guarded.time(for: bogus, atWall: 32 * second), 31 * second)
        XCTAssertEqual(guarded.time(for: bogus, atWall: 35 * second), 34 * second, "the clock keeps running")
        XCTAssertEqual(guarded.rejected, 2)
        XCTAssertEqual(guarded.time(for: 35 * second, atWall: 36 * second), 35 * second, "believed again once back in range")
    }

    func testABogusFirstReadingIsNotBelieved() {
        var guarded = AudioClockGuard(wallNanoseconds: 5 * second)
        XCTAssertNil(guarded.time(for: bogus, atWall: 6 * second))
    }

    func testTheSlackGrowsWithTime() {
        // A sound card 0.05 % fast over a day of playing is not mistaken.
        var guarded = AudioClockGuard(wallNanoseconds: 0)
        let day = 86_400 * second
        XCTAssertEqual(guarded.time(for: day + 43 * second, atWall: day), day + 43 * second)
        XCTAssertEqual(guarded.time(for: day + 90 * second, atWall: day), day + 43 * second,
                       "beyond 1 s + 0.1 %: the last believed time")
    }

    func testExtrapolationNeverPassesTheLimit() {
        var guarded = AudioClockGuard(wallNanoseconds: 0)
        XCTAssertEqual(guarded.time(for: 10 * second + second / 2, atWall: 10 * second), 10 * second + second / 2)
        let later = guarded.time(for: bogus, atWall: 11 * second)!
        XCTAssertLessThanOrEqual(later, 11 * second + second + 11 * second / 1000)
        XCTAssertEqual(later, 11 * second + second / 2)
    }
}
