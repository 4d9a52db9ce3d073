import XCTest
@testable import ReelCore

final class DurationTextTests: XCTestCase {
    func testFormats() {
        XCTAssertEqual(DurationText.format(0), "0:00")
        XCTAssertEqual(DurationText.format(7), "0:07")
        XCTAssertEqual(DurationText.format(7.99), "0:07")
        XCTAssertEqual(DurationText.format(65), "1:05")
        XCTAssertEqual(DurationText.format(754), "12:34")
        XCTAssertEqual(DurationText.format(3599), "59:59")
        XCTAssertEqual(DurationText.format(3600), "1:00:00")
        XCTAssertEqual(DurationText.format(3723), "1:02:03")
        XCTAssertEqual(DurationText.format(36_000 + 5), "10:00:05")
        XCTAssertEqual(DurationText.format(0.4), "0:00")
    }

    func testNothingToShow() {
        XCTAssertEqual(DurationText.format(nil), "")
        XCTAssertEqual(DurationText.format(-1), "")
        XCTAssertEqual(DurationText.format(.nan), "")
        XCTAssertEqual(DurationText.format(.infinity), "")
        XCTAssertEqual(DurationText.format(-.infinity), "")
        XCTAssertEqual(DurationText.format(1e300), "", "no crash on absurd values")
        XCTAssertEqual(DurationText.format(Double(Int.max)), "")
    }
}
