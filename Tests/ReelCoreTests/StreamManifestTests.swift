import XCTest
@testable import ReelCore

final class StreamManifestTests: XCTestCase {
    let multivariant = """
    #EXTM3U
    #EXT-X-VERSION:3
    #EXT-X-STREAM-INF:BANDWIDTH=5500000,AVERAGE-BANDWIDTH=5000000,RESOLUTION=1920x1080,CODECS="avc1.640028,mp4a.40.2"
    1080/index.m3u8
    #EXT-X-STREAM-INF:BANDWIDTH=600000,RESOLUTION=426x240,CODECS="avc1.4d401e,mp4a.40.2"
    240/index.m3u8
    #EXT-X-STREAM-INF:BANDWIDTH=2800000,RESOLUTION=1280x720
    720/index.m3u8
    """

    func testMultivariantPlaylistVariantsLowestFirst() throws {
        let manifest = try XCTUnwrap(StreamManifest.parseHLS(multivariant))
        XCTAssertEqual(manifest.kind, .hls)
        XCTAssertFalse(manifest.isLive)
        XCTAssertEqual(manifest.variants.map(\.bandwidth), [600_000, 2_800_000, 5_500_000])
        XCTAssertEqual(manifest.variants.map(\.height), [240, 720, 1080])
        XCTAssertEqual(manifest.variants.first?.width, 426)
        XCTAssertEqual(manifest.variant(forHeight: 720)?.bandwidth, 2_800_000)
        XCTAssertEqual(manifest.variant(forHeight: 700)?.height, 720, "the nearest height")
    }

    func testHLSSubtitleRenditionsAndTheFirstVariant() throws {
        let text = """
        #EXTM3U
        #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="English",LANGUAGE="en",URI="audio/en.m3u8"
        #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,URI="subs/en.m3u8"
        #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Deutsch, Zeichen",LANGUAGE="de",FORCED=YES,URI="subs/de.m3u8"
        #EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="CC",INSTREAM-ID="CC1"
        #EXT-X-STREAM-INF:BANDWIDTH=5500000,RESOLUTION=1920x1080,SUBTITLES="subs"

        1080/index.m3u8
        #EXT-X-STREAM-INF:BANDWIDTH=600000,RESOLUTION=426x240,SUBTITLES="subs"
        240/index.m3u8
        """
        let manifest = try XCTUnwrap(StreamManifest.parseHLS(text))
        XCTAssertEqual(manifest.subtitles, [
            .init(name: "English", language: "en", address: "subs/en.m3u8", isDefault: true),
            .init(name: "Deutsch, Zeichen", language: "de", address: "subs/de.m3u8", forced: true),
        ], "audio renditions and closed captions (no address) are not subtitle files")
        XCTAssertEqual(manifest.firstVariantAddress, "1080/index.m3u8", "the first listed, past a blank line")
        XCTAssertEqual(StreamManifest.parseHLS(multivariant)?.subtitles, [])
    }

    func testDASHWebVTTTextSetsAreRenditions() throws {
        let mpd = """
        <MPD type="static"><Period>
        <AdaptationSet contentType="video"><Representation id="v" bandwidth="900000" height="360"/></AdaptationSet>
        <AdaptationSet contentType="text" mimeType="text/vtt" lang="en"><Label>English (SDH)</Label>
          <Representation id="en" bandwidth="256"><BaseURL>subs/en.vtt?a=1&amp;b=2</BaseURL></Representation></AdaptationSet>
        <AdaptationSet contentType="text" lang="fr"><Representation id="fr" mimeType="text/vtt" bandwidth="256">
          <BaseURL>fr.vtt</BaseURL></Representation></AdaptationSet>
        <AdaptationSet contentType="text" mimeType="application/mp4" lang="de"><Representation id="de" bandwidth="256">
          <SegmentTemplate media="de-$Number$.m4s"/></Representation></AdaptationSet>
        <AdaptationSet contentType="audio" lang="en"><Representation id="a" bandwidth="128000"><BaseURL>a.mp4</BaseURL></Representation></AdaptationSet>
        </Period></MPD>
        """
        let manifest = try XCTUnwrap(StreamManifest.parseDASH(mpd))
        XCTAssertEqual(manifest.subtitles, [
            .init(name: "English (SDH)", language: "en", address: "subs/en.vtt?a=1&b=2"),
            .init(name: nil, language: "fr", address: "fr.vtt"),
        ], "segmented text in MP4 is left to GStreamer; an audio set's file is no subtitle")
        XCTAssertEqual(manifest.variants.count, 1)
    }

    func testQuotedCommasDoNotSplitAttributes() {
        let attributes = StreamManifest.attributeList("BANDWIDTH=1,CODECS=\"a,b\",RESOLUTION=2x3")
        XCTAssertEqual(attributes["CODECS"], "a,b")
        XCTAssertEqual(attributes["RESOLUTION"], "2x3")
    }

    func testMediaPlaylistsAreLiveUnlessTheyEnd() throws {
        let live = "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:40\n#EXTINF:2.0,\nsegment00040.ts\n"
        XCTAssertTrue(try XCTUnwrap(StreamManifest.parseHLS(live)).isLive)
        XCTAssertFalse(try XCTUnwrap(StreamManifest.parseHLS(live + "#EXT-X-ENDLIST\n")).isLive)
        XCTAssertFalse(try XCTUnwrap(StreamManifest.parseHLS("#EXTM3U\n#EXT-X-PLAYLIST-TYPE:VOD\n")).isLive)
    }

    func testNotAPlaylist() {
        XCTAssertNil(StreamManifest.parseHLS("<html>404 Not Found</html>"))
        XCTAssertNil(StreamManifest.parseHLS(""))
        XCTAssertNil(StreamManifest.parseDASH("#EXTM3U"))
    }

    func testDASHVideoRepresentations() throws {
        let mpd = """
        <?xml version="1.0"?>
        <MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT10S">
          <Period>
            <AdaptationSet mimeType="video/mp4" segmentAlignment="true">
              <Representation id="v0" bandwidth="700000" width="640" height="360" codecs="avc1.4d401e"/>
              <Representation id="v1" bandwidth='3000000' width='1280' height='720'/>
            </AdaptationSet>
            <AdaptationSet mimeType="audio/mp4">
              <Representation id="a0" bandwidth="128000" audioSamplingRate="48000"/>
            </AdaptationSet>
          </Period>
        </MPD>
        """
        let manifest = try XCTUnwrap(StreamManifest.parseDASH(mpd))
        XCTAssertEqual(manifest.kind, .dash)
        XCTAssertFalse(manifest.isLive)
        XCTAssertEqual(manifest.variants.map(\.bandwidth), [700_000, 3_000_000])
        XCTAssertEqual(manifest.variants.map(\.height), [360, 720])
        let live = try XCTUnwrap(StreamManifest.parseDASH(mpd.replacingOccurrences(of: "type=\"static\"", with: "type=\"dynamic\"")))
        XCTAssertTrue(live.isLive)
    }

    func testKindFromTheAddress() {
        XCTAssertEqual(StreamManifest.kind(ofAddress: "https://a.example/live/master.m3u8?token=1"), .hls)
        XCTAssertEqual(StreamManifest.kind(ofAddress: "http://a.example/x/Manifest.MPD"), .dash)
        XCTAssertNil(StreamManifest.kind(ofAddress: "http://a.example/clip.mp4"))
        XCTAssertNil(StreamManifest.kind(ofAddress: "http://a.example/clip.mp4#t=.m3u8"))
    }

    func testQualityCaps() throws {
        let manifest = try XCTUnwrap(StreamManifest.parseHLS(multivariant))
        XCTAssertEqual(StreamQuality.auto.maxBitrate(in: manifest), 0)
        XCTAssertEqual(StreamQuality.p1080.maxBitrate(in: manifest), 5_500_000)
        XCTAssertEqual(StreamQuality.p720.maxBitrate(in: manifest), 2_800_000)
        XCTAssertEqual(StreamQuality.p480.maxBitrate(in: manifest), 600_000)
        let tall = StreamManifest(kind: .hls, variants: [StreamManifest.Variant(bandwidth: 9_000_000, height: 2160)], isLive: false)
        XCTAssertEqual(StreamQuality.p480.maxBitrate(in: tall), 9_000_000, "nothing fits: the smallest")
        XCTAssertEqual(StreamQuality.p720.maxBitrate(in: nil), 0)
    }

    func testReconnectBacksOffToHalfASecondAndGivesUp() {
        let policy = ReconnectPolicy()
        XCTAssertEqual((0..<4).map { policy.delay(attempt: $0) }, [0.25, 0.5, 0.5, 0.5])
        XCTAssertEqual(policy.delay(attempt: 1000), 0.5)
        XCTAssertTrue(policy.shouldRetry(elapsed: 59))
        XCTAssertFalse(policy.shouldRetry(elapsed: 60))
    }
}

final class LiveEdgeTests: XCTestCase {
    func testTheGapAtJoiningIsLive() {
        var edge = LiveEdge()
        XCTAssertEqual(edge.behind(position: 4.5, windowEnd: 7), 0)
        // Playing on at the same distance, give or take a segment.
        XCTAssertEqual(edge.behind(position: 9.5, windowEnd: 12), 0)
        XCTAssertEqual(edge.behind(position: 10, windowEnd: 14), 0)
    }

    func testFallingBehindCountsAndGoingLiveResets() {
        var edge = LiveEdge()
        _ = edge.behind(position: 4.5, windowEnd: 7)
        XCTAssertEqual(edge.behind(position: 4.5, windowEnd: 17), 10)
        edge.rejoin()
        XCTAssertEqual(edge.behind(position: 15, windowEnd: 17.5), 0)
    }

    func testACloserGapBecomesTheBaseline() {
        var edge = LiveEdge()
        _ = edge.behind(position: 0, windowEnd: 8)
        _ = edge.behind(position: 6, windowEnd: 8)
        XCTAssertEqual(edge.behind(position: 6, windowEnd: 14), 6)
    }

    func testSeeksStayClearOfTheWindowsOldestSegments() {
        // A 20 s window: Home goes 5 s in, not to the segment about to leave.
        XCTAssertEqual(LiveEdge.seekTarget(0, window: (100, 120)), 105)
        XCTAssertEqual(LiveEdge.seekTarget(110, window: (100, 120)), 110)
        XCTAssertEqual(LiveEdge.seekTarget(500, window: (100, 120)), 120)
        // A short window keeps its first quarter clear.
        XCTAssertEqual(LiveEdge.seekTarget(0, window: (10, 18)), 12)
    }
}
