import ReelCore
import XCTest

final class StreamSwitchesTests: XCTestCase {
    private let opened = StreamSwitches.Audio(count: 2, current: 0, isOpening: false, isLive: false)

    func testAnAudioSwitchFlushesTheQueuedSound() {
        var switches = StreamSwitches()
        XCTAssertEqual(switches.handle(.selectAudio(1, opened)), [.switchAudio(1, flush: true)])
    }

    func testALiveStreamsAudioSwitchStaysAtTheEdge() {
        var switches = StreamSwitches()
        XCTAssertEqual(switches.handle(.selectAudio(1, .init(count: 2, current: 0, isOpening: false, isLive: true))),
                       [.switchAudio(1, flush: false)])
    }

    func testAnAudioStreamThatIsPlayingOrMissingIsNoSwitch() {
        var switches = StreamSwitches()
        XCTAssertEqual(switches.handle(.selectAudio(0, opened)), [], "already playing")
        XCTAssertEqual(switches.handle(.selectAudio(2, opened)), [], "no such stream")
        XCTAssertEqual(switches.handle(.selectAudio(-1, opened)), [])
        XCTAssertEqual(switches.waiting, [])
    }

    /// Chosen while the video opens (a remembered choice): made once it
    /// has, in the order asked, each asked for again then.
    func testSwitchesWaitForTheVideoToOpen() {
        var switches = StreamSwitches()
        XCTAssertEqual(switches.handle(.selectAudio(1, .init(count: 2, current: 0, isOpening: true, isLive: false))), [])
        XCTAssertEqual(switches.handle(.selectText(2, .init(current: 0, isOpening: true))), [])
        XCTAssertFalse(switches.showsText, "nothing shows before the switch")
        XCTAssertEqual(switches.waiting, [.audio(1), .text(2)])
        XCTAssertEqual(switches.handle(.opened), [.retry(.audio(1)), .retry(.text(2))])
        XCTAssertEqual(switches.waiting, [])
        XCTAssertEqual(switches.handle(.opened), [], "once")
        XCTAssertEqual(switches.handle(.selectText(2, .init(current: 0))), [.switchText(2), .textShown(2)])
        XCTAssertTrue(switches.showsText)
    }

    func testTextThatIsAlreadyTheCurrentStreamOnlyShows() {
        var switches = StreamSwitches()
        XCTAssertEqual(switches.handle(.selectText(0, .init(current: 0, isOpening: true))), [.textShown(0)],
                       "no switch to wait for")
        XCTAssertTrue(switches.showsText)
    }

    /// Off stops drawing the lines; the stream keeps flowing.
    func testOffDrawsNoLines() {
        var switches = StreamSwitches()
        _ = switches.handle(.selectText(1, .init(current: 0)))
        XCTAssertEqual(switches.handle(.selectText(nil, .init(current: 1))), [.textShown(nil)])
        XCTAssertFalse(switches.showsText)
        XCTAssertEqual(switches.handle(.selectText(1, .init(current: 1))), [.textShown(1)], "back on, no switch")
        XCTAssertTrue(switches.showsText)
    }

    func testAFileReadByReelShowsItsOwnLines() {
        var switches = StreamSwitches()
        let styled = StreamSwitches.Text(hasStyledFile: true, current: 0, isOpening: true)
        XCTAssertEqual(switches.handle(.selectText(StreamSwitches.styledTrack, styled)), [.textShown(StreamSwitches.styledTrack)],
                       "no stream of playbin's: nothing waits")
        XCTAssertTrue(switches.showsStyledCues)
        XCTAssertTrue(switches.showsText)
        XCTAssertEqual(switches.handle(.selectText(0, .init(hasStyledFile: true, current: 0))), [.textShown(0)])
        XCTAssertFalse(switches.showsStyledCues, "the stream's lines again")
        XCTAssertTrue(switches.showsText)
    }

    func testTheStyledPlaceWithoutSuchAFileIsAStream() {
        var switches = StreamSwitches()
        XCTAssertEqual(switches.handle(.selectText(StreamSwitches.styledTrack, .init(current: 0))),
                       [.switchText(StreamSwitches.styledTrack), .textShown(StreamSwitches.styledTrack)])
        XCTAssertFalse(switches.showsStyledCues)
    }

    /// HLS and DASH: a rendition GStreamer does not play is fetched, once;
    /// one it plays, or Off, stops the fetching.
    func testAStreamsRenditionIsFetchedWhenGStreamerPlaysAnother() {
        var switches = StreamSwitches()
        let other = StreamSwitches.Text(isAdaptive: true, current: 0, renditionFlows: false)
        XCTAssertEqual(switches.handle(.selectText(1, other)), [.fetchRendition(1), .textShown(1)])
        XCTAssertEqual(switches.fetchedRendition, 1)
        XCTAssertEqual(switches.handle(.selectText(1, other)), [.textShown(1)], "already fetched")
        XCTAssertEqual(switches.handle(.selectText(2, other)), [.fetchRendition(2), .textShown(2)])
        XCTAssertEqual(switches.handle(.selectText(0, .init(isAdaptive: true, current: 0, isOpening: true))),
                       [.stopFetching, .textShown(0)], "GStreamer's own, even while opening")
        XCTAssertNil(switches.fetchedRendition)
        _ = switches.handle(.selectText(1, other))
        XCTAssertEqual(switches.handle(.selectText(nil, other)), [.stopFetching, .textShown(nil)])
        XCTAssertNil(switches.fetchedRendition)
        XCTAssertFalse(switches.showsText)
    }
}
