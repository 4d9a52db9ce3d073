import XCTest
@testable import ReelCore

final class MovieDropTests: XCTestCase {
    /// Three clips 160 wide, 8 apart: middles at 80, 248, 416.
    private let frames: [(start: Double, width: Double)] = [(0, 160), (168, 160), (336, 160)]

    func testAClipGoesToTheGapItIsLetGoIn() {
        // The first clip let go over the third's left half: between the
        // second and the third; over its right half or past the end: last.
        XCTAssertEqual(MovieDrop.index(moving: 0, droppedAt: 400, frames: frames), 1)
        XCTAssertEqual(MovieDrop.index(moving: 0, droppedAt: 420, frames: frames), 2)
        XCTAssertEqual(MovieDrop.index(moving: 0, droppedAt: 900, frames: frames), 2)
        // The last clip let go before everything: first.
        XCTAssertEqual(MovieDrop.index(moving: 2, droppedAt: -20, frames: frames), 0)
        XCTAssertEqual(MovieDrop.index(moving: 2, droppedAt: 100, frames: frames), 1)
        // Over itself or the gaps beside it: where it was.
        for x in [10.0, 150, 164, 200] { XCTAssertEqual(MovieDrop.index(moving: 1, droppedAt: x, frames: frames), x < 80 ? 0 : 1, "\(x)") }
        XCTAssertEqual(MovieDrop.index(moving: 1, droppedAt: 300, frames: frames), 1)
        XCTAssertEqual(MovieDrop.index(moving: 0, droppedAt: 0, frames: []), 0)
    }

    /// The gap marked while dragging: the one a drop there lands in.
    func testTheMarkedGapIsWhereTheClipLands() {
        XCTAssertEqual([-20.0, 79, 81, 247, 249, 415, 417, 900].map { MovieDrop.gap(at: $0, frames: frames) },
                       [0, 0, 1, 1, 2, 2, 3, 3])
        XCTAssertEqual(MovieDrop.gap(at: 50, frames: []), 0)
    }

    func testTheIndexMovesTheClipThere() {
        var editor = MovieEditor()
        let clips = ["a", "b", "c"].map {
            MovieClip(uri: "file:///\($0).mp4", sourceDuration: 1_000_000_000, frameRate: FrameRate(30), width: 64, height: 36)
        }
        editor.add(clips)
        editor.move(clips[0].id, to: MovieDrop.index(moving: 0, droppedAt: 400, frames: frames))
        XCTAssertEqual(editor.edit.clips.map(\.uri), ["file:///b.mp4", "file:///a.mp4", "file:///c.mp4"])
    }

    func testTheFirstSoundIsTheMusicAndTheRestAreClips() {
        let sorted = MovieDrop.sort([(uri: "file:///a.mp4", contentType: "video/mp4"),
                                     (uri: "file:///song.flac", contentType: "audio/flac"),
                                     (uri: "file:///b.webm", contentType: "video/webm"),
                                     (uri: "file:///other.mp3", contentType: "audio/mpeg"),
                                     (uri: "file:///notes.txt", contentType: "text/plain")])
        XCTAssertEqual(sorted.music, "file:///song.flac")
        XCTAssertEqual(sorted.clips, ["file:///a.mp4", "file:///b.webm", "file:///notes.txt"])
        XCTAssertEqual(MovieDrop.sort([(uri: "file:///x.ogg", contentType: "application/ogg")]).music, "file:///x.ogg")
        XCTAssertNil(MovieDrop.sort([(uri: "file:///a.mp4", contentType: "video/mp4")]).music)
    }
}
