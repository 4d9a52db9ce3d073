import Foundation
import ReelCore
import XCTest

final class PlaylistWriterTests: XCTestCase {
    /// Local files as Reel makes their addresses (opened, or in the feed).
    private let items = [
        PlaylistWriter.Item(address: try! MediaLocator.parse("/home/me/Videos/Café & <friends>.mp4").get().uri,
                            title: "Café & <friends>"),
        PlaylistWriter.Item(address: "https://example.org/a.m3u8?x=1&y=2", title: "Two\nlines"),
        PlaylistWriter.Item(address: try! MediaLocator.parse("/tmp/#hash %.webm").get().uri),
    ]

    /// Written and read back (from anywhere: the addresses are absolute),
    /// the same addresses in the same order, in both formats.
    func testAQueueWrittenReadsBackTheSame() throws {
        for (format, name) in [(Playlist.Format.xspf, "q.xspf"), (.m3u, "q.m3u")] {
            let text = PlaylistWriter.text(items, format: format)
            let playlist = try XCTUnwrap(Playlist.parse(text, name: name), "\(format)")
            let addresses = playlist.entries.compactMap { PlaylistExpansion.resolve($0, against: "file:///elsewhere/q") }
            XCTAssertEqual(addresses, items.map(\.address), "\(format):\n\(text)")
            XCTAssertEqual(playlist.entries.first?.title, "Café & <friends>", "\(format)")
        }
        let m3u = PlaylistWriter.text(items, format: .m3u)
        XCTAssertTrue(m3u.contains("\n/home/me/Videos/Café & <friends>.mp4\n"), "a local file as its path:\n\(m3u)")
        XCTAssertTrue(m3u.contains("#EXTINF:-1,Two lines\n"), "a title on one line")
    }

    func testTheNameChoosesTheFormat() {
        XCTAssertEqual(PlaylistWriter.format(forName: "Trip.m3u8"), .m3u)
        XCTAssertEqual(PlaylistWriter.format(forName: "Trip.M3U"), .m3u)
        XCTAssertEqual(PlaylistWriter.format(forName: "Trip.XSPF"), .xspf)
        XCTAssertEqual(PlaylistWriter.format(forName: "Trip"), .xspf)
        XCTAssertEqual(PlaylistWriter.format(forName: "Trip.pls"), .xspf, "PLS is read, not written")
    }
}
