import XCTest
@testable import ReelCore

final class FrameScanTests: XCTestCase {
    private typealias Stats = FrameChoice.LumaStats
    private let black = Stats(mean: 3, standardDeviation: 1)
    private let dim = Stats(mean: 10, standardDeviation: 4)
    private let scene = Stats(mean: 110, standardDeviation: 45)
    private let small = FrameScan.Budget(seconds: 2, frames: 100, bytes: 1_000_000)

    func testARepresentativeFirstFrameIsTakenAtOnce() {
        var scan = FrameScan(duration: 60)
        XCTAssertEqual(scan.look(at: scene, time: 0, bytesRead: 1000), .take)
    }

    func testAFadeFromBlackIsDecodedThroughNotSoughtOver() {
        var scan = FrameScan(duration: 60, budget: small)
        XCTAssertEqual(scan.look(at: black, time: 0, bytesRead: 1000), .next(keep: true))
        XCTAssertEqual(scan.look(at: black, time: 0.5, bytesRead: 2000), .next(keep: false), "no more detail: not kept")
        XCTAssertEqual(scan.look(at: dim, time: 1, bytesRead: 3000), .next(keep: true), "more detail: kept")
        XCTAssertEqual(scan.look(at: scene, time: 1.5, bytesRead: 4000), .take)
        XCTAssertEqual(scan.framesSeen, 4)
    }

    func testTheBudgetInSecondsOfVideoEndsTheScanThenOneSeekAThirdIn() {
        var scan = FrameScan(duration: 60, budget: small)
        XCTAssertEqual(scan.look(at: black, time: 10, bytesRead: nil), .next(keep: true))
        XCTAssertEqual(scan.look(at: black, time: 11.9, bytesRead: nil), .next(keep: false))
        XCTAssertEqual(scan.look(at: dim, time: 12, bytesRead: nil), .stop(keep: true, seekTo: 20),
                       "2 s past the first frame's own time")
    }

    func testTheBudgetInFramesAndBytes() {
        var byFrames = FrameScan(duration: 60, budget: FrameScan.Budget(seconds: 5, frames: 2, bytes: 1 << 30))
        XCTAssertEqual(byFrames.look(at: black, time: nil, bytesRead: nil), .next(keep: true))
        XCTAssertEqual(byFrames.look(at: black, time: nil, bytesRead: nil), .next(keep: false))
        XCTAssertEqual(byFrames.look(at: black, time: nil, bytesRead: nil), .stop(keep: false, seekTo: 20))

        // Counted from the first frame's reading: what the scan costs.
        var byBytes = FrameScan(duration: 60, budget: small)
        XCTAssertEqual(byBytes.look(at: black, time: 0, bytesRead: 500_000), .next(keep: true))
        XCTAssertEqual(byBytes.look(at: black, time: 0.1, bytesRead: 1_499_999), .next(keep: false))
        XCTAssertEqual(byBytes.look(at: black, time: 0.2, bytesRead: 1_500_000), .stop(keep: false, seekTo: 20))
    }

    /// A short clip scanned to its end has shown all it has: no seek (for a
    /// WebM it would cost two more requests for a frame already seen).
    func testAClipScannedToItsEndIsNotSoughtIn() {
        var scan = FrameScan(duration: 1, budget: small)
        for frame in 0..<30 {
            XCTAssertEqual(scan.look(at: black, time: Double(frame) / 30, bytesRead: 8000), .next(keep: frame == 0))
        }
        XCTAssertEqual(scan.ended(), .stop(keep: false, seekTo: nil))
        XCTAssertEqual(scan.secondsScanned, 29.0 / 30, accuracy: 1e-9)
    }

    func testAVideoThatStopsGivingFramesEarlyIsStillSoughtIn() {
        var scan = FrameScan(duration: 90, budget: small)
        _ = scan.look(at: black, time: 0, bytesRead: nil)
        XCTAssertEqual(scan.ended(), .stop(keep: false, seekTo: 30))
    }

    func testNoSeekWithoutALength() {
        for duration in [nil, 0, .infinity, .nan] as [Double?] {
            var scan = FrameScan(duration: duration, budget: FrameScan.Budget(seconds: 2, frames: 0, bytes: 1 << 30))
            XCTAssertEqual(scan.look(at: black, time: 0, bytesRead: nil), .stop(keep: true, seekTo: nil), "\(String(describing: duration))")
        }
    }

    /// After the seek a new scan starts where it landed (a keyframe, maybe
    /// still in the dark part), with a new budget; the frame kept before is
    /// still the one to beat, and there is no second seek.
    func testAfterTheSeekAScanFromThereAndNoSecondSeek() {
        var scan = FrameScan(duration: 60, budget: small)
        XCTAssertEqual(scan.look(at: dim, time: 0, bytesRead: 1000), .next(keep: true))
        XCTAssertEqual(scan.look(at: black, time: 2, bytesRead: 2000), .stop(keep: false, seekTo: 20))
        scan.sought()
        XCTAssertEqual(scan.look(at: black, time: 18, bytesRead: 5_000_000), .next(keep: false), "less detail than the dim frame")
        XCTAssertEqual(scan.look(at: black, time: 19, bytesRead: 5_500_000), .next(keep: false), "bytes counted from the seek")
        XCTAssertEqual(scan.look(at: scene, time: 19.5, bytesRead: 5_600_000), .take)

        var fruitless = FrameScan(duration: 60, budget: small)
        _ = fruitless.look(at: black, time: 0, bytesRead: nil)
        fruitless.sought()
        XCTAssertEqual(fruitless.look(at: black, time: 18, bytesRead: nil), .next(keep: false))
        XCTAssertEqual(fruitless.look(at: dim, time: 20, bytesRead: nil), .stop(keep: true, seekTo: nil))
        XCTAssertEqual(fruitless.ended(), .stop(keep: false, seekTo: nil))
    }

    func testNaNStatisticsAreTheLeastDetail() {
        var scan = FrameScan(duration: 60, budget: small)
        XCTAssertEqual(scan.look(at: Stats(mean: .nan, standardDeviation: .nan), time: 0, bytesRead: nil), .next(keep: true))
        XCTAssertEqual(scan.look(at: black, time: 0.1, bytesRead: nil), .next(keep: true))
        XCTAssertEqual(scan.look(at: Stats(mean: .nan, standardDeviation: .nan), time: 0.2, bytesRead: nil), .next(keep: false))
    }
}
