import Foundation
import ReelCore
import XCTest
@testable import ReelMedia

/// Sound without a picture plays (an Ogg Vorbis file of the fixture), and
/// says it is audio; a video is not.
final class PlayerAudioTests: NoSoundServerTestCase {
    func testAnAudioFilePlaysAsAudio() throws {
        let watch = PlayerWatch(MediaFixture.shared.audioOnly)
        XCTAssertTrue(watch.spin(20) { watch.player.state == .playing }, watch.summary)
        XCTAssertEqual(watch.failures, [])
        XCTAssertTrue(watch.player.isAudioOnly)
        let start = watch.player.position ?? 0
        XCTAssertTrue(watch.spin(10) { (watch.player.position ?? 0) > start + 0.3 }, "the sound's position advances")
    }

    func testAVideoIsNotAudioOnly() {
        let watch = PlayerWatch(PlayerMedia.shared.clip)
        XCTAssertTrue(watch.spin(20) { watch.player.state == .playing }, watch.summary)
        XCTAssertFalse(watch.player.isAudioOnly)
    }
}
