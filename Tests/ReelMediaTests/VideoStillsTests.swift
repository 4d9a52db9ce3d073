import CGst
import Foundation
import ReelCore
import XCTest
@testable import ReelMedia

/// Pictures of a video at chosen times: the fixture's landscape clip is
/// red for its first second and green after its white frame at 1.0 s.
final class VideoStillsTests: XCTestCase {
    private func colour(_ picture: VideoStills.Picture) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let middle = ((picture.height / 2) * picture.width + picture.width / 2) * 4
        return (picture.bgra[middle + 2], picture.bgra[middle + 1], picture.bgra[middle])
    }

    /// Along the clip at keyframes (every 12 frames: 0.4 s, 0.8 s, …) in
    /// the order asked, at the height asked in the video's shape: red
    /// before the white frame, green after it.
    func testFramesAlongAVideoAreItsOwnAtTheirTimes() throws {
        try MediaSystem.initialize()
        let uri = MediaFixture.uri(MovieFixture.shared.landscape)
        let times: [Int64] = [200_000_000, 2_500_000_000, 500_000_000]
        let pictures = VideoStills.pictures(of: uri, at: times, height: 36, exact: false)
        XCTAssertEqual(pictures.map(\.time), times)
        XCTAssertEqual(pictures.map { [$0.width, $0.height] }, Array(repeating: [64, 36], count: 3))
        let colours = pictures.map(colour)
        XCTAssertTrue(colours[0].red > 180 && colours[0].green < 80, "red at 0.2 s: \(colours[0])")
        XCTAssertTrue(colours[1].green > 180 && colours[1].red < 80, "green at 2.5 s: \(colours[1])")
        XCTAssertTrue(colours[2].red > 180 && colours[2].green < 80, "red at 0.5 s: \(colours[2])")
    }

    /// The exact frame when asked: 1.0 s is the white one, not a keyframe.
    func testAnExactPictureIsThatFrame() throws {
        try MediaSystem.initialize()
        let uri = MediaFixture.uri(MovieFixture.shared.landscape)
        let white = try XCTUnwrap(VideoStills.pictures(of: uri, at: [1_000_000_000], width: 32, exact: true).first)
        XCTAssertEqual([white.width, white.height], [32, 18])
        let found = colour(white)
        XCTAssertTrue(min(found.red, found.green, found.blue) > 200, "white: \(found)")
    }

    /// A file that is not a video gives no pictures, and no hang.
    func testSomethingUnreadableGivesNone() throws {
        try MediaSystem.initialize()
        let path = MediaFixture.shared.makeFolder("video-stills") + "/notes.txt"
        try Data("not a video".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertTrue(VideoStills.pictures(of: MediaFixture.uri(path), at: [0], height: 36, exact: false).isEmpty)
    }
}
