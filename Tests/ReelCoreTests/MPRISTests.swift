import XCTest
@testable import ReelCore

/// What Reel's player says and does over MPRIS: the status, the loop
/// status and the end action both ways, the metadata, the capabilities,
/// which properties changed, and the requests a client may send.
final class MPRISTests: XCTestCase {
    private func metadata(serial: Int = 1, length: Double? = 90) -> MPRISMetadata {
        MPRISMetadata(serial: serial, title: "Bars", url: "file:///videos/bars.mp4", length: length,
                      artURL: "file:///cache/thumbnails/large/x.png")
    }

    private func state(_ playback: PlaybackState = .playing, stopped: Bool = false, seekable: Bool = true,
                       endAction: EndAction = .stop, rate: Double = 1, volume: Double = 0.5, muted: Bool = false,
                       length: Double? = 90) -> MPRISState {
        MPRISState(playback: playback, stoppedOnRequest: stopped, seekable: seekable, endAction: endAction,
                   rate: rate, volume: volume, muted: muted, metadata: metadata(length: length))
    }

    func testPlaybackStatusFollowsThePlayer() {
        XCTAssertEqual(MPRISPlaybackStatus(.playing).rawValue, "Playing")
        for underWay: PlaybackState in [.opening, .buffering, .reconnecting] {
            XCTAssertEqual(MPRISPlaybackStatus(underWay), .playing, "\(underWay)")
        }
        XCTAssertEqual(MPRISPlaybackStatus(.paused).rawValue, "Paused")
        XCTAssertEqual(MPRISPlaybackStatus(.paused, stoppedOnRequest: true).rawValue, "Stopped")
        XCTAssertEqual(MPRISPlaybackStatus(.playing, stoppedOnRequest: true), .playing)
        XCTAssertEqual(MPRISPlaybackStatus(.ended), .stopped)
        XCTAssertEqual(MPRISPlaybackStatus(.failed), .stopped)
    }

    func testLoopStatusIsTheEndAction() {
        XCTAssertEqual(MPRISLoopStatus(.loop).rawValue, "Track")
        for action: EndAction in [.stop, .close, .next] {
            XCTAssertEqual(MPRISLoopStatus(action).rawValue, "None", "\(action)")
        }
        // "Track" loops whatever the end action was.
        for action: EndAction in [.stop, .close, .next] {
            XCTAssertEqual(MPRISCommand.loopStatus(requested: "Track", current: action), .endAction(.loop))
        }
        XCTAssertNil(MPRISCommand.loopStatus(requested: "Track", current: .loop))
        // "None" ends a loop with stop, and leaves close or next alone.
        XCTAssertEqual(MPRISCommand.loopStatus(requested: "None", current: .loop), .endAction(.stop))
        XCTAssertNil(MPRISCommand.loopStatus(requested: "None", current: .next))
        XCTAssertNil(MPRISCommand.loopStatus(requested: "None", current: .close))
        // "Playlist" repeats the queue; "None" then plays on to its end.
        XCTAssertEqual(MPRISLoopStatus(.repeatQueue).rawValue, "Playlist")
        XCTAssertEqual(MPRISCommand.loopStatus(requested: "Playlist", current: .stop), .endAction(.repeatQueue))
        XCTAssertEqual(MPRISCommand.loopStatus(requested: "Playlist", current: .loop), .endAction(.repeatQueue))
        XCTAssertNil(MPRISCommand.loopStatus(requested: "Playlist", current: .repeatQueue))
        XCTAssertEqual(MPRISCommand.loopStatus(requested: "None", current: .repeatQueue), .endAction(.next))
        XCTAssertEqual(MPRISCommand.loopStatus(requested: "Track", current: .repeatQueue), .endAction(.loop))
        // Nonsense is refused.
        XCTAssertNil(MPRISCommand.loopStatus(requested: "track", current: .stop))
    }

    func testMetadataHasTheSpecificationsKeysAndTypes() {
        let entries = metadata(serial: 7, length: 90.5).entries
        XCTAssertEqual(entries["mpris:trackid"], .objectPath("/io/github/reelapp/Reel/Track/7"))
        XCTAssertEqual(entries["xesam:title"], .string("Bars"))
        XCTAssertEqual(entries["xesam:url"], .string("file:///videos/bars.mp4"))
        XCTAssertEqual(entries["mpris:length"], .int64(90_500_000))
        XCTAssertEqual(entries["mpris:artUrl"], .string("file:///cache/thumbnails/large/x.png"))
        XCTAssertNil(entries["xesam:artist"], "a catalog names no artist")
        XCTAssertEqual(Set(entries.keys).count, 5)
    }

    func testMetadataLeavesOutWhatIsUnknown() {
        let live = MPRISMetadata(serial: 2, title: "Live", url: "https://example.org/live.m3u8", length: nil, artURL: nil)
        XCTAssertEqual(Set(live.entries.keys), ["mpris:trackid", "xesam:title", "xesam:url"])
        for nonsense in [0, -1, Double.infinity, .nan] {
            XCTAssertNil(MPRISMetadata(serial: 1, title: "", url: "", length: nonsense, artURL: nil).length, "\(nonsense)")
        }
        XCTAssertNotEqual(MPRISMetadata.trackID(serial: 1), MPRISMetadata.trackID(serial: 2))
    }

    func testCapabilities() {
        let playing = state()
        XCTAssertTrue(playing.canPlay && playing.canPause && playing.canSeek)
        XCTAssertFalse(playing.canGoNext || playing.canGoPrevious, "no queue yet")
        // A live stream, or a video whose length is not known yet, cannot seek.
        XCTAssertFalse(state(seekable: false).canSeek)
        XCTAssertFalse(state(length: nil).canSeek)
        // A video that cannot play can do nothing.
        let failed = state(.failed)
        XCTAssertFalse(failed.canPlay || failed.canPause || failed.canSeek)
    }

    func testVolumeIsWhatIsHeard() {
        XCTAssertEqual(state(volume: 0.4).volume, 0.4)
        XCTAssertEqual(state(volume: 0.4, muted: true).volume, 0)
        XCTAssertEqual(state(volume: 3).volume, 1.5, "up to 150 %")
    }

    func testChangesNameEachPropertyThatDiffers() {
        let before = state()
        XCTAssertEqual(before.playerChanges(from: before), [])
        XCTAssertEqual(before.rootChanges(from: before), [])
        XCTAssertEqual(state(.paused).playerChanges(from: before), ["PlaybackStatus"])
        XCTAssertEqual(state(rate: 1.5).playerChanges(from: before), ["Rate"])
        XCTAssertEqual(state(volume: 0.2).playerChanges(from: before), ["Volume"])
        XCTAssertEqual(state(endAction: .loop).playerChanges(from: before), ["LoopStatus"])
        XCTAssertEqual(state(seekable: false).playerChanges(from: before), ["CanSeek"])
        XCTAssertEqual(state(.failed).playerChanges(from: before), ["PlaybackStatus", "CanPlay", "CanPause", "CanSeek"])
        // A new length is new metadata, and may make the video seekable.
        XCTAssertEqual(state(length: 91).playerChanges(from: before), ["Metadata"])
        XCTAssertEqual(state(length: 90).playerChanges(from: state(length: nil)), ["Metadata", "CanSeek"])
        var fullscreen = before
        fullscreen.fullscreen = true
        XCTAssertEqual(fullscreen.rootChanges(from: before), ["Fullscreen"])
        XCTAssertEqual(fullscreen.playerChanges(from: before), [])
        // Nothing published before: everything is new.
        XCTAssertEqual(before.playerChanges(from: nil).count, 10)
        XCTAssertEqual(before.rootChanges(from: nil), ["Fullscreen", "CanSetFullscreen"])
    }

    func testSeekStaysWithinTheVideo() {
        let current = state()
        XCTAssertEqual(MPRISCommand.seek(offset: 5_000_000, position: 10, state: current), .seek(to: 15))
        XCTAssertEqual(MPRISCommand.seek(offset: -30_000_000, position: 10, state: current), .seek(to: 0))
        XCTAssertEqual(MPRISCommand.seek(offset: 500_000_000, position: 10, state: current), .seek(to: 90))
        XCTAssertNil(MPRISCommand.seek(offset: 5_000_000, position: 10, state: state(seekable: false)))
    }

    func testSetPositionIsForThisTrackAndWithinIt() {
        let current = state()
        let track = current.metadata.trackID
        XCTAssertEqual(MPRISCommand.setPosition(trackID: track, microseconds: 42_000_000, state: current), .seek(to: 42))
        XCTAssertNil(MPRISCommand.setPosition(trackID: MPRISMetadata.trackID(serial: 99), microseconds: 42_000_000, state: current))
        XCTAssertNil(MPRISCommand.setPosition(trackID: track, microseconds: -1, state: current))
        XCTAssertNil(MPRISCommand.setPosition(trackID: track, microseconds: 91_000_000, state: current))
        XCTAssertNil(MPRISCommand.setPosition(trackID: track, microseconds: 1, state: state(seekable: false)))
    }

    func testRateIsTheSpeedMenusRange() {
        XCTAssertEqual(MPRISState.minimumRate, 0.5)
        XCTAssertEqual(MPRISState.maximumRate, 2)
        XCTAssertEqual(MPRISCommand.rate(requested: 1.25), .rate(1.25))
        XCTAssertEqual(MPRISCommand.rate(requested: 8), .rate(2))
        XCTAssertEqual(MPRISCommand.rate(requested: 0.1), .rate(0.5))
        XCTAssertEqual(MPRISCommand.rate(requested: 0), .pause)
        XCTAssertNil(MPRISCommand.rate(requested: -1))
        XCTAssertNil(MPRISCommand.rate(requested: .nan))
    }

    func testVolumeRequestsAreKeptWithinTheControl() {
        XCTAssertEqual(MPRISCommand.volume(requested: 0.3), .volume(0.3))
        XCTAssertEqual(MPRISCommand.volume(requested: -2), .volume(0))
        XCTAssertEqual(MPRISCommand.volume(requested: 1.2), .volume(1.2), "above 100 %, for quiet recordings")
        XCTAssertEqual(MPRISCommand.volume(requested: 1.7), .volume(1.5))
        XCTAssertNil(MPRISCommand.volume(requested: .nan))
    }
}
