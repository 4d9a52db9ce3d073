import XCTest
@testable import ReelCore

final class WindowSizeTests: XCTestCase {
    func testNeverSavedGivesTheDefault() {
        XCTAssertEqual(WindowSize.restored(width: 0, height: 0), .fallback)
        XCTAssertEqual(WindowSize.restored(width: -1, height: 600), .fallback)
    }

    func testKeepsAReasonableSize() {
        XCTAssertEqual(WindowSize.restored(width: 900, height: 640), WindowSize(width: 900, height: 640))
    }

    func testClampsTinyAndHugeSizes() {
        XCTAssertEqual(WindowSize.restored(width: 10, height: 10), .minimum)
        XCTAssertEqual(WindowSize.restored(width: 1_000_000, height: 500), WindowSize(width: WindowSize.maximum.width, height: 500))
    }
}
