import XCTest
@testable import ReelCore

private let second: Int64 = 1_000_000_000

final class FeedSelectionTests: XCTestCase {
    private let shown = ["a", "b", "c", "d", "e"]

    func testToggleAddsAndRemovesInTheFeedsOrder() {
        var selection = FeedSelection()
        selection.follow(shown)
        selection.click("d", .toggle)
        selection.click("b", .toggle)
        XCTAssertEqual(selection.ids, ["b", "d"])
        selection.click("d", .toggle)
        XCTAssertEqual(selection.ids, ["b"])
        XCTAssertEqual(selection.anchor, "d")
    }

    func testShiftExtendsFromTheAnchorEitherWay() {
        var selection = FeedSelection()
        selection.follow(shown)
        selection.click("b", .toggle)
        selection.click("d", .extend)
        XCTAssertEqual(selection.ids, ["b", "c", "d"])
        selection.click("a", .extend)
        XCTAssertEqual(selection.ids, ["a", "b", "c", "d"])
        // Without an anchor, Shift+click takes the one card.
        var fresh = FeedSelection()
        fresh.follow(shown)
        fresh.click("e", .extend)
        XCTAssertEqual(fresh.ids, ["e"])
    }

    func testSelectAllClearAndCardsLeavingTheFeed() {
        var selection = FeedSelection()
        selection.follow(shown)
        selection.selectAll()
        XCTAssertEqual(selection.count, 5)
        selection.follow(["e", "a", "x"])
        XCTAssertEqual(selection.ids, ["e", "a"])
        XCTAssertFalse(selection.contains("b"))
        selection.click("zzz", .toggle)
        XCTAssertEqual(selection.count, 2, "an id not shown is not chosen")
        selection.clear()
        XCTAssertTrue(selection.isEmpty)
        XCTAssertNil(selection.anchor)
    }
}

final class MovieCandidateTests: XCTestCase {
    func testLocalFilesAreTakenWebAndBrokenOnesRefusedWithAReason() {
        let local = VideoItem(uri: "file:///v/a.mp4", kind: .file, title: "a", origin: .videosFolder)
        let web = VideoItem(uri: "https://example.com/b.mp4", kind: .remote, title: "b", origin: .samples)
        var broken = VideoItem(uri: "file:///v/c.mp4", kind: .file, title: "c", origin: .videosFolder)
        broken.problem = .missing
        XCTAssertEqual(MovieCandidate(local), .accepted)
        XCTAssertNil(MovieCandidate(local).refusal)
        XCTAssertEqual(MovieCandidate(web), .remote)
        XCTAssertTrue(MovieCandidate(web).refusal!.contains("%s"))
        XCTAssertEqual(MovieCandidate(broken), .broken)
        let sorted = MovieCandidate.sort([web, local, broken])
        XCTAssertEqual(sorted.accepted.map(\.id), [local.id])
        XCTAssertEqual(sorted.refused.map(\.0.id), [web.id, broken.id])
    }
}

final class MovieTrimHandleTests: XCTestCase {
    private func clip(_ rate: FrameRate, length: Int64 = 10 * second) -> MovieClip {
        MovieClip(uri: "file:///c.mp4", sourceDuration: length, frameRate: rate, width: 640, height: 360)
    }

    func testAFrameAndASecondAtEachRate() {
        for rate in [FrameRate(24), FrameRate(25), FrameRate(30), FrameRate(60), FrameRate(30000, 1001)] {
            var c = clip(rate)
            let later = MovieTrimHandle.start.nudged(c, frames: 1)
            XCTAssertEqual(later.start, rate.time(ofFrame: 1), "\(rate)")
            XCTAssertEqual(later.end, c.trimOut)
            let perSecond = MovieTrimHandle.framesPerSecond(rate)
            c.trim(from: later.start, to: later.end)
            let secondLater = MovieTrimHandle.start.nudged(c, frames: perSecond)
            XCTAssertEqual(secondLater.start, rate.time(ofFrame: 1 + perSecond))
            // The end, one frame earlier from the source's end: the last frame goes.
            let earlier = MovieTrimHandle.end.nudged(c, frames: -1)
            c.trim(from: earlier.start, to: earlier.end)
            XCTAssertEqual(c.trimOut, rate.time(ofFrame: rate.frame(at: c.sourceDuration - 1)), "\(rate)")
            XCTAssertEqual(c.trimOut, rate.rounded(c.trimOut), "the end stays on a frame")
        }
        XCTAssertEqual(MovieTrimHandle.framesPerSecond(FrameRate(30000, 1001)), 30)
    }

    func testHandlesStopAtTheEndsAndTheShortestLength() {
        let c = clip(FrameRate(25), length: 2 * second)
        XCTAssertEqual(MovieTrimHandle.start.nudged(c, frames: -5).start, 0)
        XCTAssertEqual(MovieTrimHandle.end.nudged(c, frames: 5).end, 2 * second)
        let squeezed = MovieTrimHandle.start.nudged(c, frames: 1000)
        XCTAssertEqual(squeezed.end, 2 * second, "the other end does not move")
        XCTAssertEqual(squeezed.end - squeezed.start, c.shortestDuration)
        let pulled = MovieTrimHandle.end.nudged(c, frames: -1000)
        XCTAssertEqual(pulled.start, 0)
        XCTAssertEqual(pulled.end, c.shortestDuration)
    }
}

final class ExportTimeLeftTests: XCTestCase {
    func testTheAverageSpeedSoFarOnceItMeansSomething() {
        XCTAssertNil(ExportTimeLeft.seconds(elapsed: 0.5, fraction: 0.5), "too soon")
        XCTAssertNil(ExportTimeLeft.seconds(elapsed: 10, fraction: 0.01), "too little done")
        XCTAssertNil(ExportTimeLeft.seconds(elapsed: 10, fraction: 1))
        XCTAssertEqual(ExportTimeLeft.seconds(elapsed: 10, fraction: 0.25), 30)
        XCTAssertEqual(ExportTimeLeft.seconds(elapsed: 3, fraction: 0.7), 2, "rounded up")
        XCTAssertEqual(ExportTimeLeft.text(elapsed: 65, fraction: 0.5), "1:05")
        XCTAssertEqual(ExportTimeLeft.text(elapsed: 0, fraction: 0.5), "")
    }
}

final class MovieDocumentTests: XCTestCase {
    func testAnEditComesBackExactlyAsSaved() throws {
        var edit = MovieEdit()
        var first = MovieClip(uri: "file:///v/tram%2028.mp4", sourceDuration: 10 * second, frameRate: FrameRate(30000, 1001),
                              width: 1920, height: 1080)
        first.trim(from: 2 * second, to: 7 * second)
        let second = MovieClip(uri: "file:///v/b.webm", sourceDuration: 4 * second, frameRate: FrameRate(30, isVariable: true),
                               width: 720, height: 1280, hasSound: false)
        edit.clips = [first, second]
        edit.music = MovieMusic(uri: "file:///m/song.ogg", sourceDuration: 60 * 1_000_000_000, volume: 0.3, fadeIn: 0, ending: .cut)
        edit.clipSound = .lower
        edit.crossfade = true
        edit.output = MovieOutput(container: .webm, size: .hd)
        let document = MovieDocument(edit: edit)
        let back = try MovieDocument.decode(try document.encode(), id: document.id)
        XCTAssertEqual(back, document)
        XCTAssertEqual(back.title, "tram 28.mp4")
        XCTAssertEqual(document.fileName, "\(document.id).json")
    }

    func testSomethingElseIsRefused() {
        XCTAssertThrowsError(try MovieDocument.decode(Data("{\"clips\": 3}".utf8), id: "x"))
        XCTAssertThrowsError(try MovieDocument.decode(Data("not json".utf8), id: "x"))
    }
}

final class MovieStoreTests: XCTestCase {
    func testSavedMoviesAreListedNewestFirstAndOthersLeftOut() throws {
        let folder = NSTemporaryDirectory() + "movie-store-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = MovieStore(folder: folder)
        XCTAssertTrue(store.all().isEmpty, "no folder yet")
        var edit = MovieEdit()
        edit.clips = [MovieClip(uri: "file:///v/a.mp4", sourceDuration: second, frameRate: FrameRate(25), width: 64, height: 36)]
        let older = MovieDocument(edit: edit)
        let newer = MovieDocument(edit: edit)
        try store.save(older)
        try store.save(newer)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)],
                                              ofItemAtPath: folder + "/" + older.fileName)
        try store.save(MovieDocument(edit: MovieEdit()))   // no clip: not listed
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: folder + "/junk.json"))
        XCTAssertEqual(store.all().map(\.document.id), [newer.id, older.id])
        XCTAssertEqual(store.load(older.id), older)
        store.remove(newer.id)
        XCTAssertEqual(store.all().map(\.document.id), [older.id])
    }
}
