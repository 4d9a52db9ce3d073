import XCTest
@testable import ReelCore

final class FrameChoiceTests: XCTestCase {
    private typealias Stats = FrameChoice.LumaStats
    private let black = Stats(mean: 3, standardDeviation: 1)
    private let white = Stats(mean: 252, standardDeviation: 2)
    private let grey = Stats(mean: 128, standardDeviation: 0.5)
    private let scene = Stats(mean: 110, standardDeviation: 45)
    private let darkWithStars = Stats(mean: 12, standardDeviation: 20)

    func testPicksTheFirstRepresentativeFrame() {
        XCTAssertEqual(FrameChoice.pick([black, white, scene, Stats(mean: 90, standardDeviation: 60)]), 2)
        XCTAssertEqual(FrameChoice.pick([scene, black]), 0)
        XCTAssertEqual(FrameChoice.pick([darkWithStars, grey, scene]), 2, "a near-black frame is skipped even with detail")
    }

    func testThresholds() {
        XCTAssertTrue(FrameChoice.isRepresentative(Stats(mean: 16, standardDeviation: 8)))
        XCTAssertFalse(FrameChoice.isRepresentative(Stats(mean: 15.9, standardDeviation: 50)))
        XCTAssertFalse(FrameChoice.isRepresentative(Stats(mean: 128, standardDeviation: 7.9)))
        XCTAssertFalse(FrameChoice.isRepresentative(white))
        XCTAssertTrue(FrameChoice.isRepresentative(Stats(mean: 245, standardDeviation: 20)), "a bright snowy scene is fine")
    }

    func testFallsBackToTheMostDetailedFrame() {
        XCTAssertEqual(FrameChoice.pick([black, Stats(mean: 128, standardDeviation: 6), white]), 1)
        XCTAssertEqual(FrameChoice.pick([black, grey, white]), 2)
        XCTAssertEqual(FrameChoice.pick([black, darkWithStars, grey]), 1)
        XCTAssertEqual(FrameChoice.pick([grey, grey]), 0, "earliest on a tie")
    }

    func testEdgeCases() {
        XCTAssertNil(FrameChoice.pick([]))
        XCTAssertEqual(FrameChoice.pick([black]), 0)
        let broken = Stats(mean: .nan, standardDeviation: .nan)
        XCTAssertEqual(FrameChoice.pick([broken, scene]), 1)
        XCTAssertEqual(FrameChoice.pick([broken, black]), 1)
        XCTAssertEqual(FrameChoice.pick([broken, broken]), 0)
    }

    func testCandidateTimes() {
        XCTAssertEqual(FrameChoice.thumbnailCandidateTimes(duration: 100), [10, 25, 50, 75])
        XCTAssertEqual(FrameChoice.thumbnailCandidateTimes(duration: 7), [0.7, 1.75, 3.5, 5.25])
        XCTAssertEqual(FrameChoice.thumbnailCandidateTimes(duration: 0.5), [0.05, 0.125, 0.25, 0.375])
        XCTAssertEqual(FrameChoice.thumbnailCandidateTimes(duration: 0.1), [0])
        for times in [FrameChoice.thumbnailCandidateTimes(duration: 3 * 3600), FrameChoice.thumbnailCandidateTimes(duration: 2)] {
            XCTAssertEqual(times, times.sorted())
        }
    }

    func testCandidateTimesForUnknownLengths() {
        for duration in [nil, 0, -5, .nan, .infinity] as [Double?] {
            XCTAssertEqual(FrameChoice.thumbnailCandidateTimes(duration: duration), [1, 5, 0], "\(String(describing: duration))")
        }
    }

    func testCandidatesStayInsideTheVideo() {
        for duration in [0.2, 0.3, 1, 59.9, 86_400] {
            let times = FrameChoice.thumbnailCandidateTimes(duration: duration)
            XCTAssertFalse(times.isEmpty)
            XCTAssertTrue(times.allSatisfy { $0 >= 0 && $0 < duration }, "\(duration): \(times)")
            XCTAssertEqual(Set(times).count, times.count)
        }
    }
}
