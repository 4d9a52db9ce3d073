import Foundation
import ReelCore
import XCTest

final class PlaylistTests: XCTestCase {
    func testAnExtendedM3UKeepsItsTitlesAndSkipsItsComments() throws {
        let text = """
        #EXTM3U
        # made by hand

        #EXTINF:123,Holiday, day one
        day one.mp4
        #EXTINF:-1 tvg-id="x",Live
        https://example.org/live.m3u8
        /home/me/Videos/clip.mkv
        """
        let playlist = try XCTUnwrap(Playlist.parse(text, name: "trip.m3u"))
        XCTAssertEqual(playlist.format, .m3u)
        XCTAssertEqual(playlist.entries, [Playlist.Entry(location: "day one.mp4", title: "Holiday, day one"),
                                          Playlist.Entry(location: "https://example.org/live.m3u8", title: "Live"),
                                          Playlist.Entry(location: "/home/me/Videos/clip.mkv")])
    }

    /// A `.m3u8` is told apart by what it holds: HLS has `#EXT-X-` tags.
    func testAnHLSStreamIsNotAPlaylist() {
        let media = "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:6\n#EXTINF:6.0,\nsegment0.ts\n#EXT-X-ENDLIST\n"
        XCTAssertNil(Playlist.parse(media, name: "stream.m3u8"))
        XCTAssertNil(Playlist.parse("#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000\nlow.m3u8\n", name: "master.M3U8"))
        XCTAssertEqual(Playlist.parse("#EXTM3U\n#EXTINF:10,A\na.mp4\n", name: "list.m3u8")?.entries.count, 1)
        XCTAssertNil(Playlist.parse("a.mp4\n", name: "a.mp4"), "not a playlist's name")
    }

    func testPLSEntriesGoInTheirNumbersOrder() throws {
        let text = """
        [playlist]
        File2=b.webm
        Title1=The first
        File1=a.mp4
        Length1=-1
        File10=c.mkv
        NumberOfEntries=3
        Version=2
        """
        let playlist = try XCTUnwrap(Playlist.parse(text, name: "x.pls"))
        XCTAssertEqual(playlist.entries.map(\.location), ["a.mp4", "b.webm", "c.mkv"])
        XCTAssertEqual(playlist.entries.map(\.title), ["The first", nil, nil])
        XCTAssertNil(Playlist.parse("File1=a.mp4\n", name: "x.pls"), "no [playlist] header")
    }

    func testXSPFTracksWithNamespacesCommentsEntitiesAndCDATA() throws {
        let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <x:playlist version="1" xmlns:x="http://xspf.org/ns/0/">
          <x:title>Not a track</x:title>
          <x:trackList>
            <x:track><x:title>Tom &amp; Jerry</x:title><x:location>file:///v/tom%20and%20jerry.mp4</x:location></x:track>
            <!-- <x:track><x:location>hidden.mp4</x:location></x:track> -->
            <x:track>
              <x:location><![CDATA[relative/a&b.mp4]]></x:location>
            </x:track>
            <x:track><x:title>No place</x:title></x:track>
            <x:track><x:location>caf&#233;&#x2e;webm</x:location></x:track>
          </x:trackList>
        </x:playlist>
        """
        let playlist = try XCTUnwrap(Playlist.parse(text, name: "list.xspf"))
        XCTAssertEqual(playlist.entries.map(\.location), ["file:///v/tom%20and%20jerry.mp4", "relative/a&b.mp4", "café.webm"])
        XCTAssertEqual(playlist.entries.first?.title, "Tom & Jerry")
        XCTAssertTrue(playlist.entries.allSatisfy(\.isURIReference))
        XCTAssertNil(Playlist.parse("<html><body>no</body></html>", name: "list.xspf"))
    }

    func testTextIsUTF8OrElseLatin1() {
        XCTAssertEqual(Playlist.text(of: Data([0xEF, 0xBB, 0xBF]) + Data("été.mp4".utf8)), "été.mp4")
        XCTAssertEqual(Playlist.text(of: Data([0x74, 0xE9, 0x2E, 0x6D, 0x70, 0x34])), "té.mp4", "Latin-1")
    }

    // MARK: Expansion

    /// Files by address, and what is not a plain file.
    private struct Disk {
        var files: [String: String] = [:]
        var special: [String: SpecialFile] = [:]
        var reads: [String] = []

        mutating func read(_ uri: String) -> Data? {
            reads.append(uri)
            return files[uri].map { Data($0.utf8) }
        }

        func check(_ uri: String) -> PlaylistExpansion.Check {
            if let kind = special[uri] { return .notAFile(kind) }
            return files[uri] == nil ? .missing : .file
        }
    }

    private func expand(_ uri: String, _ disk: inout Disk) -> PlaylistExpansion? {
        PlaylistExpansion.expand(uri, read: { disk.read($0) }, check: { disk.check($0) })
    }

    func testEntriesResolveAgainstThePlaylistsPlace() {
        var disk = Disk()
        disk.files = ["file:///m/list.m3u": "a b.mp4\nsub/c.mkv\n..\\up.webm\n/abs/d.mp4\nhttps://example.org/e.mp4\nfile:///f.mp4\nrtsp://x/y\n",
                      "file:///m/a%20b.mp4": "", "file:///m/sub/c.mkv": "", "file:///up.webm": "", "file:///abs/d.mp4": "",
                      "file:///f.mp4": ""]
        let expansion = expand("file:///m/list.m3u", &disk)
        XCTAssertEqual(expansion?.addresses, ["file:///m/a%20b.mp4", "file:///m/sub/c.mkv", "file:///up.webm",
                                              "file:///abs/d.mp4", "https://example.org/e.mp4", "file:///f.mp4"])
        XCTAssertEqual(expansion?.skipped, ["rtsp://x/y"], "a scheme no player here opens")
        // A web playlist's relative entries are on its server.
        disk.files["https://example.org/lists/a.xspf"] = """
        <playlist><trackList><track><location>../v/one%20two.mp4</location></track></trackList></playlist>
        """
        XCTAssertEqual(expand("https://example.org/lists/a.xspf", &disk)?.addresses, ["https://example.org/v/one%20two.mp4"])
    }

    /// Missing files and a pipe named like a video are listed by name and
    /// never opened (nor read).
    func testBrokenEntriesAreNamedAndSkipped() {
        var disk = Disk()
        disk.files = ["file:///m/list.m3u": "#EXTINF:1,The Good One\ngood.mp4\ngone.mp4\nfifo.mp4\n", "file:///m/good.mp4": ""]
        disk.special = ["file:///m/fifo.mp4": .pipe]
        let expansion = expand("file:///m/list.m3u", &disk)
        XCTAssertEqual(expansion?.addresses, ["file:///m/good.mp4"])
        XCTAssertEqual(expansion?.skipped, ["gone.mp4", "fifo.mp4"])
        XCTAssertEqual(disk.reads, ["file:///m/list.m3u"], "only the playlist itself was read")
    }

    /// Playlists inside playlists are read in place; a loop of playlists
    /// that include each other ends, each read once; a pipe named like a
    /// playlist is never read.
    func testPlaylistsThatIncludeEachOtherEnd() {
        var disk = Disk()
        disk.files = ["file:///p/a.m3u": "one.mp4\nb.pls\na.m3u\n",
                      "file:///p/b.pls": "[playlist]\nFile1=two.mp4\nFile2=a.m3u\nFile3=pipe.xspf\n",
                      "file:///p/one.mp4": "", "file:///p/two.mp4": ""]
        disk.special = ["file:///p/pipe.xspf": .pipe]
        let expansion = expand("file:///p/a.m3u", &disk)
        XCTAssertEqual(expansion?.addresses, ["file:///p/one.mp4", "file:///p/two.mp4"])
        XCTAssertEqual(expansion?.skipped, ["a.m3u", "pipe.xspf", "a.m3u"])
        XCTAssertEqual(disk.reads, ["file:///p/a.m3u", "file:///p/b.pls"])
    }

    func testPlaylistsNestOnlySoDeep() {
        var disk = Disk()
        for level in 0..<20 { disk.files["file:///d/\(level).m3u"] = "v\(level).mp4\n\(level + 1).m3u\n" }
        for level in 0..<20 { disk.files["file:///d/v\(level).mp4"] = "" }
        let expansion = expand("file:///d/0.m3u", &disk)
        XCTAssertEqual(expansion?.addresses.count, PlaylistExpansion.deepest)
        XCTAssertEqual(expansion?.skipped, ["\(PlaylistExpansion.deepest).m3u"])
    }

    /// An HLS stream named in a playlist is a video; the playlist that is
    /// itself HLS is not a playlist.
    func testAStreamInsideIsAVideo() {
        var disk = Disk()
        disk.files = ["file:///s/list.m3u": "live.m3u8\n", "file:///s/live.m3u8": "#EXTM3U\n#EXT-X-TARGETDURATION:2\nx.ts\n"]
        XCTAssertEqual(expand("file:///s/list.m3u", &disk)?.addresses, ["file:///s/live.m3u8"])
        XCTAssertNil(expand("file:///s/live.m3u8", &disk))
    }

    /// A 100,000-line playlist (an entry and its title each): every entry
    /// read. Past the queue's largest, the rest is said to be left out.
    func testAHugePlaylistIsReadWhole() {
        var lines: [String] = ["#EXTM3U"]
        for number in 0..<50_000 { lines += ["#EXTINF:10,Number \(number)", "https://example.org/\(number).mp4"] }
        var disk = Disk()
        disk.files["file:///big.m3u"] = lines.joined(separator: "\n")
        let expansion = expand("file:///big.m3u", &disk)
        XCTAssertEqual(expansion?.addresses.count, 50_000)
        XCTAssertEqual(expansion?.addresses.last, "https://example.org/49999.mp4")
        XCTAssertEqual(expansion?.truncated, false)
        disk.files["file:///small.m3u"] = (0..<11).map { "https://example.org/\($0).mp4" }.joined(separator: "\n")
        let over = PlaylistExpansion.expand("file:///small.m3u", largest: 10, read: { disk.read($0) }, check: { disk.check($0) })
        XCTAssertEqual(over?.addresses.count, 10)
        XCTAssertEqual(over?.truncated, true)
    }
}
