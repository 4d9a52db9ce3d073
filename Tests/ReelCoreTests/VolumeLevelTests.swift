import XCTest
@testable import ReelCore

final class VolumeLevelTests: XCTestCase {
    func testTheVolumeGoesUpToOneAndAHalf() {
        XCTAssertEqual(VolumeLevel.clamped(2), 1.5)
        XCTAssertEqual(VolumeLevel.clamped(-1), 0)
        XCTAssertEqual(VolumeLevel.clamped(1.2), 1.2)
        XCTAssertEqual(VolumeLevel.clamped(.nan), 1)
    }

    func testKeysStepOnAGridThatHasOneHundredPercent() {
        XCTAssertEqual(VolumeLevel.stepped(0.95, by: 1), 1)
        XCTAssertEqual(VolumeLevel.stepped(1, by: 1), 1.05)
        XCTAssertEqual(VolumeLevel.stepped(0.97, by: 1), 1, "a dragged 97 % goes to 100 %, not past it")
        XCTAssertEqual(VolumeLevel.stepped(1.5, by: 1), 1.5)
        XCTAssertEqual(VolumeLevel.stepped(0.02, by: -1), 0)
        XCTAssertEqual(VolumeLevel.stepped(1.5, by: -1), 1.45)
    }

    func testADragNearOneHundredPercentSettlesThere() {
        XCTAssertEqual(VolumeLevel.dragged(to: 0.98), 1)
        XCTAssertEqual(VolumeLevel.dragged(to: 1.02), 1)
        XCTAssertEqual(VolumeLevel.dragged(to: 1.2), 1.2)
        XCTAssertEqual(VolumeLevel.dragged(to: 0.5), 0.5)
        XCTAssertEqual(VolumeLevel.dragged(to: 1.9), 1.5)
    }
}
