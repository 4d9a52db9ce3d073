import Foundation
import ReelCore
import XCTest
@testable import ReelMedia

/// The preview strip's loop with bad clips among the good: each bad one is
/// skipped once and for all, the good ones go on looping, and a loop with
/// nothing playable says so instead of showing a black box.
final class LoopingPlayerTests: XCTestCase {
    private let media = MediaFixture.shared

    func testBadClipsAreSkippedAndTheGoodOneKeepsLooping() throws {
        let pipe = media.makeFolder("strip-pipe") + "/clip.mp4"
        XCTAssertEqual(mkfifo(pipe, 0o644), 0)
        let clips = [media.textAsMP4, pipe, media.truncated, media.mp4].map(MediaFixture.uri)
        let player = LoopingPlayer(clips: clips)
        var started: [Int] = []
        var nothing = false
        player.onEvent = { event in
            switch event {
            case .clip(let index, _): started.append(index)
            case .nothingPlayable: nothing = true
            }
        }
        XCTAssertTrue(player.isPlayable)
        // The 2-s good clip three times over: the loop did not stop on it.
        XCTAssertTrue(spinMainContext(timeout: 30) { started.filter { $0 == 3 }.count >= 3 }, "\(started)")
        XCTAssertEqual(Set(started), [3], "only the good clip ever starts")
        XCTAssertFalse(nothing)
    }

    func testNothingPlayableIsSaid() throws {
        let pipe = media.makeFolder("strip-pipe-only") + "/clip.mp4"
        XCTAssertEqual(mkfifo(pipe, 0o644), 0)
        XCTAssertFalse(LoopingPlayer(clips: [MediaFixture.uri(pipe), MediaFixture.uri(media.missing)]).isPlayable,
                       "known before anything opens them")

        let player = LoopingPlayer(clips: [media.textAsMP4, media.truncated].map(MediaFixture.uri))
        var nothing = false
        player.onEvent = { if case .nothingPlayable = $0 { nothing = true } }
        XCTAssertTrue(spinMainContext(timeout: 30) { nothing })
        XCTAssertFalse(player.isPlayable)
        player.pause()
        player.resume()
        player.setMuted(false)
        XCTAssertTrue(player.isMuted, "nothing to unmute")
    }

    /// Suspended (another video plays), the strip shows nothing new; it
    /// comes back at the frame it left, never showing its clip's first frame
    /// on the way.
    func testASuspendedLoopComesBackAtTheSameFrame() throws {
        let player = LoopingPlayer(clips: [MediaFixture.uri(media.mp4)])
        var shown: [UInt64] = []
        player.sink.onFrame = { frame in shown.append(frame.pts ?? 0) }
        XCTAssertTrue(spinMainContext(timeout: 30) { (shown.last ?? 0) >= 500_000_000 }, "\(shown)")
        player.suspend()
        XCTAssertTrue(player.isSuspended)
        let last = try XCTUnwrap(shown.last)
        let count = shown.count
        _ = spinMainContext(timeout: 0.5) { false }
        XCTAssertLessThanOrEqual(shown.count, count + 1, "frames while suspended")
        let left = shown.count
        player.resume()
        XCTAssertTrue(spinMainContext(timeout: 30) { shown.count >= left + 3 }, "\(shown)")
        let back = shown[left]
        XCTAssertGreaterThanOrEqual(back, last, "came back where it was, not at the start: \(shown)")
        XCTAssertLessThanOrEqual(back, last + 70_000_000, "at most two frames on: \(shown)")
        XCTAssertFalse(player.isSuspended)
    }
}
