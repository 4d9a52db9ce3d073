import Foundation
import ReelCore
import XCTest
@testable import ReelMedia

/// The A–B loop on a real file: the frames presented across each join,
/// read from the sink as the page's trace reads them.
final class PlayerLoopTests: NoSoundServerTestCase {
    private let frame = 1.0 / 30

    /// Twice round a loop of 1.0–2.0 s (30 frames, keyframes every 15):
    /// at each join the last frame of the part (1.967 s) is followed by its
    /// first (1.0 s), each shown once, one frame period later in running
    /// time, as everywhere else in the part: nothing repeated, skipped or
    /// held.
    func testTheLoopJoinsWithoutARepeatedOrSkippedFrame() throws {
        let watch = PlayerWatch(PlayerMedia.shared.clip)
        XCTAssertTrue(watch.spin(20) { watch.player.state == .playing && watch.delivered > 2 }, watch.summary)
        watch.player.setLoop(1.0..<2.0, entry: 1.0)
        var joins: [Int] { watch.shown.indices.dropLast().filter { watch.shown[$0 + 1].pts < watch.shown[$0].pts } }
        XCTAssertTrue(watch.spin(30) { joins.count >= 3 && watch.shown.count > joins[2] + 3 }, watch.summary)
        let first = try XCTUnwrap(watch.shown.firstIndex { abs($0.pts - 1.0) < frame / 2 }, "the loop's first frame was shown")
        let looped = Array(watch.shown[first...])
        for (before, after) in zip(looped, looped.dropFirst()) {
            let wrapped = after.pts < before.pts
            if wrapped {
                XCTAssertEqual(before.pts, 2.0 - frame, accuracy: frame / 2, "the part's last frame before the join")
                XCTAssertEqual(after.pts, 1.0, accuracy: frame / 2, "then its first")
            } else {
                XCTAssertEqual(after.pts - before.pts, frame, accuracy: frame / 2, "one frame after another: \(before) → \(after)")
            }
            XCTAssertEqual(after.running - before.running, frame, accuracy: frame / 2,
                           "\(wrapped ? "at the join" : "in the part"), one frame period: \(before) → \(after)")
            XCTAssertLessThan(after.pts, 2.0 - frame / 2 + frame, "nothing past the part")
        }
        XCTAssertEqual(watch.player.state, .playing)
        XCTAssertEqual(watch.failures, [])
        watch.close()
    }

    /// At 2× the loop goes on joining, twice as fast: the instant rate
    /// change keeps the loop's segment.
    func testASpeedChangeKeepsTheLoop() throws {
        let watch = PlayerWatch(PlayerMedia.shared.clip)
        XCTAssertTrue(watch.spin(20) { watch.player.state == .playing && watch.delivered > 2 }, watch.summary)
        watch.player.setLoop(1.0..<2.0, entry: 1.0)
        XCTAssertTrue(watch.spin(20) { watch.shown.contains { abs($0.pts - 1.2) < self.frame / 2 } }, watch.summary)
        watch.player.setRate(2)
        let from = watch.shown.count
        var joins: Int { zip(watch.shown[from...], watch.shown[from...].dropFirst()).filter { $1.pts < $0.pts }.count }
        XCTAssertTrue(watch.spin(30) { joins >= 2 }, watch.summary)
        let pace = try watch.pace(over: 6)
        XCTAssertEqual(pace, 2, accuracy: 0.05, "media seconds per second of running time")
        XCTAssertTrue(watch.shown[from...].allSatisfy { $0.pts < 2.0 }, "nothing past the part")
        XCTAssertEqual(watch.failures, [])
        watch.close()
    }

    /// Turned off, the loop plays on through the part's end to the video's,
    /// without a jump; a seek out of a loop ends it.
    func testOffPlaysOnAndASeekOutEndsIt() throws {
        let watch = PlayerWatch(PlayerMedia.shared.clip)
        XCTAssertTrue(watch.spin(20) { watch.player.state == .playing && watch.delivered > 2 }, watch.summary)
        watch.player.setLoop(1.0..<2.0, entry: 1.5)
        XCTAssertTrue(watch.spin(20) { watch.shown.contains { abs($0.pts - 1.5) < self.frame / 2 } }, watch.summary)
        watch.player.setLoop(nil)
        let from = watch.shown.count
        XCTAssertTrue(watch.spin(20) { watch.player.state == .ended }, watch.summary)
        let after = watch.shown[from...].map(\.pts)
        XCTAssertEqual(after, after.sorted(), "no jump back after the loop was turned off: \(after)")
        XCTAssertEqual(try XCTUnwrap(after.last), 4 - frame, accuracy: frame / 2, "on to the end")

        watch.player.play()
        XCTAssertTrue(watch.spin(20) { watch.player.state == .playing && watch.shown.count > from + 2 }, watch.summary)
        watch.player.setLoop(1.0..<2.0, entry: 1.0)
        XCTAssertNotNil(watch.player.loop)
        let looping = watch.shown.count
        XCTAssertTrue(watch.spin(20) { watch.shown[looping...].contains { abs($0.pts - 1.0) < self.frame / 2 } }, watch.summary)
        watch.player.seek(to: 3)
        XCTAssertNil(watch.player.loop, "a seek out of the part ends the loop")
        XCTAssertTrue(watch.spin(20) { watch.player.state == .ended }, watch.summary + " \(watch.shown.suffix(30).map(\.pts))")
        watch.close()
    }
}
