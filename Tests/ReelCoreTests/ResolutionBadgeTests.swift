import XCTest
@testable import ReelCore

final class ResolutionBadgeTests: XCTestCase {
    private func label(_ width: Int, _ height: Int) -> String? {
        ResolutionBadge(width: width, height: height)?.label
    }

    func testCommonSizes() {
        XCTAssertEqual(label(3840, 2160), "4K")
        XCTAssertEqual(label(4096, 2160), "4K")
        XCTAssertEqual(label(1920, 1080), "1080p")
        XCTAssertEqual(label(1440, 1080), "1080p")
        XCTAssertEqual(label(1280, 720), "720p")
        XCTAssertEqual(label(854, 480), "480p")
        XCTAssertEqual(label(720, 576), "480p")
        XCTAssertEqual(label(640, 480), "480p")
        XCTAssertEqual(label(640, 360), "SD")
        XCTAssertEqual(label(320, 240), "SD")
    }

    func testPortraitUsesTheShorterSide() {
        XCTAssertEqual(label(1080, 1920), "1080p")
        XCTAssertEqual(label(720, 1280), "720p")
        XCTAssertEqual(label(2160, 3840), "4K")
    }

    func testWideCropsCountTheLongerSide() {
        XCTAssertEqual(label(1920, 800), "1080p")
        XCTAssertEqual(label(3840, 1600), "4K")
    }

    func testUnknownSize() {
        XCTAssertNil(label(0, 0))
        XCTAssertNil(label(1920, 0))
        XCTAssertNil(label(-1, 1080))
    }
}
