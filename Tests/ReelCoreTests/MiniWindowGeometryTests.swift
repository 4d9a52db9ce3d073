import XCTest
@testable import ReelCore

final class MiniWindowGeometryTests: XCTestCase {
    typealias G = MiniWindowGeometry
    let screen = G.Rect(x: 0, y: 0, width: 1920, height: 1080)

    func testDefaultIs320WideWithTheVideosAspect() {
        let size = G.size(width: G.defaultWidth, aspect: 16.0 / 9.0, within: screen)
        XCTAssertEqual(size.width, 320)
        XCTAssertEqual(size.height, 180)
        let square = G.size(width: 320, aspect: 1, within: screen)
        XCTAssertEqual(square.height, 320)
    }

    func testTallVideosKeepTheMinimumHeightAndAspect() {
        let size = G.size(width: 200, aspect: 4, within: screen)
        XCTAssertEqual(size.height, G.minimumHeight)
        XCTAssertEqual(size.width, G.minimumHeight * 4)
    }

    func testNeverLargerThanTheWorkArea() {
        let size = G.size(width: 5000, aspect: 16.0 / 9.0, within: screen)
        XCTAssertLessThanOrEqual(size.width, 1920 - 2 * G.margin)
        XCTAssertLessThanOrEqual(size.height, 1080 - 2 * G.margin)
        XCTAssertEqual(Double(size.width) / Double(size.height), 16.0 / 9.0, accuracy: 0.01)
        // Portrait video on a landscape screen: the height limits it.
        let portrait = G.size(width: 5000, aspect: 9.0 / 16.0, within: screen)
        XCTAssertLessThanOrEqual(portrait.height, 1080 - 2 * G.margin)
    }

    func testBadAspectFallsBackToWidescreen() {
        XCTAssertEqual(G.size(width: 320, aspect: .nan, within: screen).height, 180)
        XCTAssertEqual(G.size(width: 320, aspect: 0, within: screen).height, 180)
    }

    func testCorrectionFollowsTheSideThatChanged() {
        let wider = G.corrected(now: (480, 180), before: (320, 180), aspect: 16.0 / 9.0, within: screen)
        XCTAssertEqual(wider.width, 480)
        XCTAssertEqual(wider.height, 270)
        let taller = G.corrected(now: (320, 360), before: (320, 180), aspect: 16.0 / 9.0, within: screen)
        XCTAssertEqual(taller.width, 640)
        XCTAssertEqual(taller.height, 360)
        let both = G.corrected(now: (400, 400), before: (320, 180), aspect: 16.0 / 9.0, within: screen)
        XCTAssertEqual(both.width, 711)
        XCTAssertEqual(both.height, 400)
    }

    func testDefaultPlaceIsBottomRightInsideTheMargin() {
        let area = G.Rect(x: 0, y: 32, width: 1920, height: 1048)
        let origin = G.defaultOrigin(size: (320, 180), within: area)
        XCTAssertEqual(origin.x, 1920 - 24 - 320)
        XCTAssertEqual(origin.y, 32 + 1048 - 24 - 180)
        let unsaved = G.origin(saved: nil, size: (320, 180), within: area)
        XCTAssertEqual(unsaved.x, origin.x)
        XCTAssertEqual(unsaved.y, origin.y)
    }

    func testSavedPlaceIsKeptOrPulledBackOnScreen() {
        let kept = G.origin(saved: (100, 200), size: (320, 180), within: screen)
        XCTAssertEqual(kept.x, 100)
        XCTAssertEqual(kept.y, 200)
        // Saved on a second monitor that is gone.
        let gone = G.origin(saved: (3000, 1500), size: (320, 180), within: screen)
        XCTAssertEqual(gone.x, 1600)
        XCTAssertEqual(gone.y, 900)
        let negative = G.origin(saved: (-500, -20), size: (320, 180), within: screen)
        XCTAssertEqual(negative.x, 0)
        XCTAssertEqual(negative.y, 0)
    }

    func testPressesNearTheBorderResize() {
        let size = (320, 180)
        XCTAssertEqual(G.edge(atX: 2, y: 2, size: size), .northWest)
        XCTAssertEqual(G.edge(atX: 318, y: 178, size: size), .southEast)
        XCTAssertEqual(G.edge(atX: 318, y: 3, size: size), .northEast)
        XCTAssertEqual(G.edge(atX: 4, y: 175, size: size), .southWest)
        XCTAssertEqual(G.edge(atX: 160, y: 1, size: size), .north)
        XCTAssertEqual(G.edge(atX: 160, y: 179, size: size), .south)
        XCTAssertEqual(G.edge(atX: 1, y: 90, size: size), .west)
        XCTAssertEqual(G.edge(atX: 319, y: 90, size: size), .east)
        XCTAssertNil(G.edge(atX: 160, y: 90, size: size))
        XCTAssertNil(G.edge(atX: 20, y: 20, size: size))
    }
}
