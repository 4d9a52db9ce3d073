import XCTest
@testable import ReelCore

final class SmallRulesTests: XCTestCase {
    func testMnemonicLabelsAsPeopleReadThem() {
        XCTAssertEqual(MnemonicText.plain("_Cancel"), "Cancel")
        XCTAssertEqual(MnemonicText.plain("Keep _Them"), "Keep Them")
        XCTAssertEqual(MnemonicText.plain("snake__case"), "snake_case")
        XCTAssertEqual(MnemonicText.plain("Plain"), "Plain")
    }

    func testHTTPStatusOnlyFromParenthesisedCodes() {
        XCTAssertEqual(HTTPStatus.find(in: "Not Found (404), URL: http://127.0.0.1:8080/a.m3u8"), 404)
        XCTAssertEqual(HTTPStatus.find(in: "Forbidden (403)"), 403)
        XCTAssertEqual(HTTPStatus.find(in: "Internal Server Error (500), URL: http://h:404/x"), 500)
        XCTAssertNil(HTTPStatus.find(in: "Could not connect: Connection refused, URL: http://127.0.0.1:404/"))
        XCTAssertNil(HTTPStatus.find(in: "(200)"))
        XCTAssertEqual(HTTPStatus.find(in: "Moved Temporarily (302), URL: http://h/loop"), 302)
        XCTAssertNil(HTTPStatus.find(in: ""))
    }

    func testOneDecoderThreadUpTo1080pAt30FramesOfALightCodec() {
        XCTAssertEqual(DecoderThreading.maxThreads(decoder: "avdec_h264", width: 1920, height: 1080, framesPerSecond: 30), 1)
        XCTAssertEqual(DecoderThreading.maxThreads(decoder: "avdec_h264", width: 1280, height: 720, framesPerSecond: 60), 1)
        XCTAssertEqual(DecoderThreading.maxThreads(decoder: "avdec_h264", width: 1920, height: 1080, framesPerSecond: 60),
                       DecoderThreading.automatic, "1080p60: one thread per core")
        XCTAssertEqual(DecoderThreading.maxThreads(decoder: "avdec_h264", width: 3840, height: 2160, framesPerSecond: 24),
                       DecoderThreading.automatic)
        XCTAssertEqual(DecoderThreading.maxThreads(decoder: "avdec_h265", width: 1920, height: 1080, framesPerSecond: 30), 1)
        XCTAssertEqual(DecoderThreading.maxThreads(decoder: "avdec_h265", width: 3840, height: 2160, framesPerSecond: 30),
                       DecoderThreading.automatic, "4K HEVC: one thread per core")
        XCTAssertEqual(DecoderThreading.maxThreads(decoder: "avdec_vp9", width: 1280, height: 720, framesPerSecond: 30),
                       DecoderThreading.automatic, "a costlier codec")
        XCTAssertEqual(DecoderThreading.maxThreads(decoder: "avdec_h264", width: 1920, height: 1080, framesPerSecond: 0),
                       DecoderThreading.automatic, "a variable or unknown rate")
        XCTAssertEqual(DecoderThreading.maxThreads(decoder: "avdec_h264", width: 0, height: 0, framesPerSecond: 30),
                       DecoderThreading.automatic)
    }

    func testThePlayButtonOffersPauseWhilePlaybackIsUnderWay() {
        XCTAssertEqual([PlaybackState.opening, .playing, .paused, .buffering, .reconnecting, .ended, .failed].map(\.isUnderWay),
                       [true, true, false, true, true, false, false])
    }

    func testLibraryScanRules() {
        XCTAssertTrue(LibraryScanRules.isVideo(mimeType: "video/mp4"))
        XCTAssertTrue(LibraryScanRules.isVideo(mimeType: "video/webm"))
        XCTAssertFalse(LibraryScanRules.isVideo(mimeType: "text/plain"))
        XCTAssertFalse(LibraryScanRules.isVideo(mimeType: "audio/mpeg"))
        // Matroska sniffs as application/x-matroska whatever its name; a
        // name that says sound keeps it out.
        XCTAssertTrue(LibraryScanRules.isVideo(sniffedMimeType: "application/x-matroska", sniffUncertain: false,
                                               reportedMimeType: "video/x-matroska"))
        XCTAssertTrue(LibraryScanRules.isVideo(sniffedMimeType: "application/x-matroska", sniffUncertain: false,
                                               reportedMimeType: "application/octet-stream"))
        XCTAssertFalse(LibraryScanRules.isVideo(sniffedMimeType: "application/x-matroska", sniffUncertain: false,
                                                reportedMimeType: "audio/x-matroska"))
        XCTAssertFalse(LibraryScanRules.isVideo(sniffedMimeType: "text/plain", sniffUncertain: false,
                                                reportedMimeType: "video/mp4"))
        XCTAssertFalse(LibraryScanRules.shouldVisit(name: ".cache", isHidden: true))
        XCTAssertFalse(LibraryScanRules.shouldVisit(name: "clip.mp4~", isHidden: false))
        XCTAssertTrue(LibraryScanRules.shouldVisit(name: "Holidays", isHidden: false))
        XCTAssertEqual(LibraryScanRules.title(fileName: "My Trip.final.mp4"), "My Trip.final")
        XCTAssertEqual(LibraryScanRules.title(fileName: ".hidden"), ".hidden")
        XCTAssertEqual(LibraryScanRules.title(fileName: "noext"), "noext")
        XCTAssertEqual(LibraryScanRules.subtitle(relativeFolder: "", rootName: "Videos"), "Videos")
        XCTAssertEqual(LibraryScanRules.subtitle(relativeFolder: "2026/Hà Nội", rootName: "Videos"), "2026/Hà Nội")
    }

    func testBadgesFollowKindFormatAndLiveness() {
        var hls = VideoItem(uri: "https://e.com/live/index.m3u8?token=1", kind: .remote, title: "t", origin: .recent)
        XCTAssertEqual(FeedBadge.badges(for: hls), [.hls])
        hls.info = MediaInfo(duration: nil, width: 1280, height: 720, videoCodec: nil, audioCodec: nil, isLive: true)
        XCTAssertEqual(FeedBadge.badges(for: hls), [.live])
        XCTAssertEqual(FeedBadge.badges(for: VideoItem(uri: "https://e.com/a.mpd", kind: .remote, title: "t", origin: .recent)), [.dash])
        XCTAssertEqual(FeedBadge.badges(for: VideoItem(uri: "https://e.com/a.mp4", kind: .remote, title: "t", origin: .recent)), [.remote])
        XCTAssertEqual(FeedBadge.badges(for: VideoItem(uri: "file:///a.m3u8", kind: .file, title: "t", origin: .recent)), [])
    }

    func testMissingOptionalElementsAreListedOnceInOrderWithTheirPackage() {
        XCTAssertEqual(OptionalElement.missing { _ in true }, [])
        let missing = OptionalElement.missing { !["timeoverlay", "textoverlay", "alsasink"].contains($0) }
        XCTAssertEqual(missing.map(\.factory), ["textoverlay", "timeoverlay", "alsasink"])
        XCTAssertEqual(missing.map(\.package), ["gstreamer1.0-x", "gstreamer1.0-x", "gstreamer1.0-alsa"])
        XCTAssertEqual(Set(OptionalElement.all.map(\.factory)).count, OptionalElement.all.count, "each said once")
        XCTAssertEqual(OptionalElement.notice.components(separatedBy: "%s").count, 4, "element, package, loss")
    }

    func testSpecialFilesAreToldByTheirModeBits() {
        XCTAssertNil(SpecialFile.of(mode: 0o100644))
        XCTAssertEqual(SpecialFile.of(mode: 0o010644), .pipe)
        XCTAssertEqual(SpecialFile.of(mode: 0o140755), .socket)
        XCTAssertEqual(SpecialFile.of(mode: 0o020666), .device)
        XCTAssertEqual(SpecialFile.of(mode: 0o060660), .device)
        XCTAssertEqual(SpecialFile.of(mode: 0o040755), .folder)
        XCTAssertEqual(VideoProblem.notAFile(.pipe).message, "This is not a file Reel can play: it is a pipe.")
        XCTAssertEqual(VideoProblem.notAFile(.pipe).kind, "not-a-file-pipe")
    }

    func testDirectionControlsAreRemovedAndRightToLeftTextIsIsolated() {
        XCTAssertEqual(DisplayText.clean("rtl \u{202E}gnp.exe"), "rtl gnp.exe")
        XCTAssertEqual(DisplayText.clean("a\u{2066}b\u{2069}c\u{202A}d\u{202C}"), "abcd")
        XCTAssertEqual(DisplayText.clean("Hà Nội \u{200F}"), "Hà Nội \u{200F}", "marks stay")
        XCTAssertEqual(DisplayText.isolated("Northern Snow"), "Northern Snow", "nothing to reorder")
        XCTAssertEqual(DisplayText.isolated("\u{202E}שלום"), "\u{2068}שלום\u{2069}")
        XCTAssertEqual(DisplayText.isolated("مرحبا world"), "\u{2068}مرحبا world\u{2069}")
        XCTAssertEqual(LibraryScanRules.title(fileName: "rtl \u{202E}4pm.exe"), "rtl 4pm")
    }

    func testAStartThatNeverFinishedAsksAboutTheRememberedCatalogs() {
        XCTAssertEqual(StartCheck.decide(lastStartFinished: true, catalogs: ["https://e.com/a.json"]), .loadAll)
        XCTAssertEqual(StartCheck.decide(lastStartFinished: false, catalogs: []), .loadAll, "nothing to ask about")
        XCTAssertEqual(StartCheck.decide(lastStartFinished: false, catalogs: ["https://e.com/a.json"]),
                       .ask(catalogs: ["https://e.com/a.json"]))
    }

    func testTheVideoThatStopsTheReaderTwiceIsTheCulprit() {
        var suspects = CrashSuspects()
        XCTAssertEqual(suspects.readerStopped(while: ["crash", "fine"]), [])
        XCTAssertTrue(suspects.isSuspect("crash") && suspects.isSuspect("fine"), "both read again, alone")
        suspects.answered("fine")
        XCTAssertFalse(suspects.isSuspect("fine"))
        XCTAssertEqual(suspects.readerStopped(while: ["crash"]), ["crash"])
        XCTAssertTrue(suspects.isCulprit("crash"))
        XCTAssertFalse(suspects.isSuspect("crash"), "never read again")
        suspects.answered("crash")
        XCTAssertTrue(suspects.isCulprit("crash"), "a culprit stays one")
        XCTAssertEqual(suspects.readerStopped(while: ["fine"]), [], "one stop is not enough")
    }

    func testARedirectThatEndsNowhereSaysWhy() {
        XCTAssertEqual(RedirectEnd.classify("Moved Temporarily (302), URL: http://a/x.mp4, Redirect to: http://a/x.mp4"),
                       .redirectLoop)
        XCTAssertEqual(RedirectEnd.classify("Found (302), URL: http://a/x.mp4, Redirect to: (NULL)"), .redirectOffTheWeb)
        XCTAssertEqual(RedirectEnd.classify("Found (302), URL: http://a/b.mp4, Redirect to: http://a/a.mp4"),
                       .tooManyRedirects)
        XCTAssertNil(RedirectEnd.classify("Not Found (404), URL: http://a/x.mp4"))
    }

    func testDeinterlacingSettingValues() {
        XCTAssertEqual(Deinterlacing(rawValue: "automatic"), .automatic)
        XCTAssertNil(Deinterlacing(rawValue: "sometimes"))
    }

    func testThePixelPathSaysWhenGStreamerConvertsFirst() {
        XCTAssertEqual(PlaybackStatistics.PixelPath(decoded: "I420_10LE", converted: "I420_10LE").description,
                       "I420_10LE, libyuv")
        XCTAssertEqual(PlaybackStatistics.PixelPath(decoded: "GRAY8", converted: "I420").description,
                       "GRAY8 → videoconvert → I420, libyuv")
    }

    func testToneMapPutsReferenceWhiteNearWhiteAndRollsOffHighlights() {
        XCTAssertEqual(ToneMap.nits(pq: 0.5806), 203, accuracy: 2, "BT.2408 reference white")
        XCTAssertEqual(ToneMap.nits(pq: 1), 10_000, accuracy: 1)
        let table = ToneMap.pqToSDR
        XCTAssertEqual(table[0], 0)
        XCTAssertEqual(table[255], 255)
        XCTAssertEqual(table, table.sorted(), "brighter never comes out darker")
        XCTAssertGreaterThanOrEqual(table[148], 235, "203 nits near the screen's white")
        XCTAssertLessThan(table[78], 80, "10 nits stay dark")
        XCTAssertGreaterThan(table[192], table[148], "1000 nits still brighter than reference white")
    }
}
