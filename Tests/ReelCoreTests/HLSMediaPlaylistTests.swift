import XCTest
@testable import ReelCore

final class HLSMediaPlaylistTests: XCTestCase {
    let text = """
    #EXTM3U
    #EXT-X-TARGETDURATION:6
    #EXT-X-PLAYLIST-TYPE:VOD
    #EXTINF:6.006,
    s0.vtt
    #EXTINF:6.006,title
    #EXT-X-DISCONTINUITY
    s1.vtt

    #EXTINF:2.5,
    https://cdn.example/s2.vtt
    #EXT-X-ENDLIST
    """

    func testSegmentsStartWhereTheOnesBeforeEnd() throws {
        let playlist = try XCTUnwrap(HLSMediaPlaylist(text))
        XCTAssertTrue(playlist.ends)
        XCTAssertEqual(playlist.segments.map(\.address), ["s0.vtt", "s1.vtt", "https://cdn.example/s2.vtt"])
        XCTAssertEqual(playlist.segments.map(\.start)[2], 12.012, accuracy: 1e-9)
        XCTAssertEqual(playlist.segments.last?.duration, 2.5)
    }

    func testFetchingStartsWithTheSegmentPlaying() throws {
        let playlist = try XCTUnwrap(HLSMediaPlaylist(text))
        XCTAssertEqual(playlist.fetchOrder(from: 7).map(\.address), ["s1.vtt", "https://cdn.example/s2.vtt", "s0.vtt"])
        XCTAssertEqual(playlist.fetchOrder(from: 0).map(\.address), ["s0.vtt", "s1.vtt", "https://cdn.example/s2.vtt"])
        XCTAssertEqual(playlist.fetchOrder(from: 999).first?.address, "https://cdn.example/s2.vtt")
    }

    func testALivePlaylistDoesNotEnd() throws {
        XCTAssertFalse(try XCTUnwrap(HLSMediaPlaylist("#EXTM3U\n#EXTINF:2,\na.vtt\n")).ends)
        XCTAssertNil(HLSMediaPlaylist("WEBVTT\n"))
        XCTAssertEqual(HLSMediaPlaylist("#EXTM3U\n#EXTINF:oops,\na.vtt\n")?.segments, [], "a segment without a length is passed over")
    }
}
