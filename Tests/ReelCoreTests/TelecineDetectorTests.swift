import XCTest
@testable import ReelCore

/// Film telecined by 3:2 pulldown is told from 60i video by the pictures,
/// after the caps say it may be film.
final class TelecineDetectorTests: XCTestCase {
    func testOnlyInterlacedSixtyFieldsInAFormatIvtcTakesMayBeFilm() {
        func may(_ mode: String, _ rate: (Int, Int), _ format: String = "I420", width: Int = 720) -> Bool {
            TelecineDetector.mayBeTelecined(interlaceMode: mode, frameRate: rate, format: format, width: width)
        }
        XCTAssertTrue(may("mixed", (30000, 1001)), "MPEG-2 and the interlace element's output")
        XCTAssertTrue(may("interleaved", (30000, 1001)), "H.264 coded as interlaced")
        XCTAssertTrue(may("mixed", (30, 1)))
        XCTAssertTrue(may("interleaved", (30000, 1001), "Y42B"))
        XCTAssertTrue(may("mixed", (30000, 1001), width: 1920), "1080i")
        XCTAssertFalse(may("progressive", (30000, 1001)), "progressive 30 fps is never touched")
        XCTAssertFalse(may("progressive", (24000, 1001)))
        XCTAssertFalse(may("interleaved", (25, 1)), "50i has no 3:2 pulldown")
        XCTAssertFalse(may("mixed", (60000, 1001)))
        XCTAssertFalse(may("mixed", (0, 1)), "a variable rate")
        XCTAssertFalse(may("mixed", (30000, 0)))
        XCTAssertFalse(may("mixed", (30000, 1001), "NV12"), "a format ivtc cannot take")
        XCTAssertFalse(may("mixed", (30000, 1001), "I420_10LE"))
        XCTAssertFalse(may("mixed", (30000, 1001), width: 4096), "wider than ivtc takes")
    }

    /// 3:2 pulldown's five frames: whole, whole, woven, woven, whole.
    private func pulldown(frames: Int, offset: Int = 0, woven: Double = 0.05, whole: Double = 0.0003) -> [Double] {
        (0..<frames).map { [2, 3].contains(($0 + offset) % 5) ? woven : whole }
    }

    func testThreeWindowsOfThePulldownCadenceMakeFilm() {
        for offset in 0..<5 {
            var detector = TelecineDetector()
            let verdicts = pulldown(frames: 15, offset: offset).map { detector.add(comb: $0) }
            XCTAssertEqual(verdicts.dropLast(), Array(repeating: .undecided, count: 14), "offset \(offset)")
            XCTAssertEqual(verdicts.last, .telecined, "offset \(offset): the pair split across windows counts too")
        }
    }

    func testEveryFrameCombingIsInterlacedVideo() {
        var detector = TelecineDetector()
        let verdicts = (0..<10).map { detector.add(comb: 0.04 + Double($0 % 3) * 0.002) }
        XCTAssertEqual(verdicts.last, .notTelecined)
        XCTAssertEqual(detector.add(comb: 0.0), .notTelecined, "a verdict stays")
    }

    func testWovenFramesThatDoNotStandOutAreNotFilm() {
        var detector = TelecineDetector()
        // The pair combs only half as much again as the rest: fine detail, not film.
        for score in pulldown(frames: 10, woven: 0.015, whole: 0.01) { detector.add(comb: score) }
        XCTAssertEqual(detector.verdict, .notTelecined)
    }

    func testAPairThatMovesAboutIsNotFilm() {
        var detector = TelecineDetector()
        for score in pulldown(frames: 5) + pulldown(frames: 5, offset: 1) + pulldown(frames: 5, offset: 3) {
            detector.add(comb: score)
        }
        XCTAssertEqual(detector.verdict, .undecided, "three windows, never the same place twice running")
        for score in pulldown(frames: 15, offset: 3) { detector.add(comb: score) }
        XCTAssertEqual(detector.verdict, .telecined, "then it settles")
    }

    func testAStillPictureDecidesNothingUntilThePatienceRunsOut() {
        var detector = TelecineDetector()
        for _ in 0..<(TelecineDetector.patience - 1) { detector.add(comb: 0.0001) }
        XCTAssertEqual(detector.verdict, .undecided)
        XCTAssertEqual(detector.add(comb: 0.0001), .notTelecined)
    }

    func testAStillStartThenFilmMotion() {
        var detector = TelecineDetector()
        for _ in 0..<20 { detector.add(comb: 0) }
        for score in pulldown(frames: 15) { detector.add(comb: score) }
        XCTAssertEqual(detector.verdict, .telecined)
    }

    // MARK: Comb score

    /// A 64×48 picture with a bright box from `left` to `left + 20`; woven
    /// takes the odd rows from a second picture with the box elsewhere.
    private func picture(left: Int, oddRowsLeft: Int? = nil) -> [UInt8] {
        var pixels = [UInt8](repeating: 40, count: 64 * 48)
        for y in 0..<48 {
            let start = y % 2 == 1 ? (oddRowsLeft ?? left) : left
            for x in start..<(start + 20) { pixels[y * 64 + x] = 200 }
        }
        return pixels
    }

    private func score(_ pixels: [UInt8]) -> Double {
        pixels.withUnsafeBufferPointer { TelecineDetector.combScore(luma: $0.baseAddress!, stride: 64, width: 64, height: 48) }
    }

    func testWholePicturesDoNotCombAndWovenOnesDo() {
        XCTAssertEqual(score(picture(left: 10)), 0)
        let woven = score(picture(left: 10, oddRowsLeft: 30))
        XCTAssertGreaterThan(woven, 0.1, "both edges comb over 20 columns")
        XCTAssertGreaterThan(woven, TelecineDetector.motion)
        XCTAssertEqual(score(picture(left: 10, oddRowsLeft: 11)), 0, "a one-pixel shift is no comb run")
    }

    func testATinyPictureScoresNothing() {
        let pixels = [UInt8](repeating: 0, count: 16)
        XCTAssertEqual(pixels.withUnsafeBufferPointer {
            TelecineDetector.combScore(luma: $0.baseAddress!, stride: 4, width: 4, height: 4)
        }, 0)
    }
}
