import CGLib
import CGst
import CPixbuf
import Foundation
import XCTest
@testable import ReelMedia

final class ThumbnailerTests: XCTestCase {
    private let media = MediaFixture.shared
    private var cache: ThumbnailCache!
    private var thumbnailer: Thumbnailer!

    override func setUp() {
        cache = ThumbnailCache(root: media.makeFolder("thumbnails"))
        thumbnailer = Thumbnailer(cache: cache)
    }

    func testWritesASpecThumbnailThatOthersCanRead() throws {
        let uri = MediaFixture.uri(media.mp4)
        guard case .created(let path) = thumbnailer.thumbnail(for: uri) else {
            return XCTFail("\(thumbnailer.thumbnail(for: uri))")
        }
        XCTAssertEqual(path, cache.root + "/large/" + md5(uri) + ".png")
        let type = try fileType(path)
        XCTAssertTrue(type.contains("PNG image data, 256 x 192"), type)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        XCTAssertEqual((attributes[.posixPermissions] as? Int), 0o600)

        let pixbuf = try XCTUnwrap(gdk_pixbuf_new_from_file(path, nil))
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        XCTAssertEqual(option(pixbuf, "tEXt::Thumb::URI"), uri)
        XCTAssertEqual(option(pixbuf, "tEXt::Thumb::MTime"), String(try mtime(media.mp4)))
        XCTAssertEqual(option(pixbuf, "tEXt::Software"), "Reel 0.1.0")
        XCTAssertGreaterThan(lumaDeviation(pixbuf), 30, "colour bars, not a flat picture")

        XCTAssertEqual(thumbnailer.thumbnail(for: uri), .cached(path))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: cache.root + "/large").filter { $0.hasPrefix(".") }
        XCTAssertEqual(leftovers, [], "no temporary file stays behind")
    }

    func testWebMThumbnail() {
        guard case .created = thumbnailer.thumbnail(for: MediaFixture.uri(media.webm)) else {
            return XCTFail("no thumbnail for WebM")
        }
    }

    /// HLS gets the first picture through the new adaptive demuxer, many
    /// times over without a crash or a hang (the old demuxer, stopped by a
    /// seek, crashed libsoup about once in a hundred).
    func testHLSGetsItsFirstPictureWithoutSeeking() throws {
        let folder = try media.makeHLS(seconds: 3)
        let server = try NginxFixture(root: URL(fileURLWithPath: folder))
        defer { server.stop() }
        for round in 0..<20 {
            let thumbnails = Thumbnailer(cache: ThumbnailCache(root: media.makeFolder("hls-thumbnails")))
            let outcome = thumbnails.thumbnail(for: server.url("index.m3u8"))
            guard case .created(let path) = outcome else { return XCTFail("round \(round): \(outcome)") }
            let pixbuf = try XCTUnwrap(gdk_pixbuf_new_from_file(path, nil))
            defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
            XCTAssertGreaterThan(lumaDeviation(pixbuf), 30, "colour bars, not a flat picture")
        }
    }

    /// A stream with a WebVTT subtitle rendition gets its picture too
    /// (the rendition once stopped the stream: not-negotiated).
    func testAStreamWithSubtitlesGetsItsPicture() throws {
        let folder = try media.makeHLS(seconds: 2)
        try "WEBVTT\n\n00:00:00.000 --> 00:00:01.500\nHello\n\n".write(toFile: folder + "/0.vtt", atomically: true, encoding: .utf8)
        try """
            #EXTM3U
            #EXT-X-TARGETDURATION:2
            #EXTINF:2.0,
            0.vtt
            #EXT-X-ENDLIST

            """.write(toFile: folder + "/subs.m3u8", atomically: true, encoding: .utf8)
        try """
            #EXTM3U
            #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,URI="subs.m3u8"
            #EXT-X-STREAM-INF:BANDWIDTH=300000,RESOLUTION=320x240,SUBTITLES="subs"
            index.m3u8

            """.write(toFile: folder + "/master.m3u8", atomically: true, encoding: .utf8)
        let server = try NginxFixture(root: URL(fileURLWithPath: folder))
        defer { server.stop() }
        let thumbnails = Thumbnailer(cache: ThumbnailCache(root: media.makeFolder("subtitled-thumbnails")))
        let outcome = thumbnails.thumbnail(for: server.url("master.m3u8"))
        guard case .created(let path) = outcome else {
            return XCTFail("no thumbnail for a stream with subtitles: \(outcome)")
        }
        let pixbuf = try XCTUnwrap(gdk_pixbuf_new_from_file(path, nil))
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        XCTAssertGreaterThan(lumaDeviation(pixbuf), 30, "colour bars, not a flat picture")
    }

    /// A web video's card, probe and thumbnail, from its thumbnail's one
    /// download: what the probe says of it, and the thumbnail in the cache.
    func testAWebVideosCardComesFromOneDownload() throws {
        let server = try NginxFixture(root: URL(fileURLWithPath: (media.mp4 as NSString).deletingLastPathComponent))
        defer { server.stop() }
        let uri = server.url((media.mp4 as NSString).lastPathComponent)
        guard case .video(let probed) = MediaProbe().probe(uri) else { return XCTFail("the probe found no video") }
        let info = try XCTUnwrap(thumbnailer.card(for: uri))
        XCTAssertEqual(info.width, probed.width)
        XCTAssertEqual(info.height, probed.height)
        XCTAssertEqual(info.duration ?? 0, probed.duration ?? -1, accuracy: 0.1)
        XCTAssertEqual(thumbnailer.thumbnail(for: uri), .cached(cache.root + "/large/" + md5(uri) + ".png"))
        // Not for local files, nor twice (the cache has it: the probe asks).
        XCTAssertNil(thumbnailer.card(for: MediaFixture.uri(media.mp4)))
        XCTAssertNil(thumbnailer.card(for: uri))
    }

    /// Another tool's thumbnail, valid for the file, is used as it is.
    /// A web video whose first frame is black: its card still shows the
    /// colour bars that follow, found by decoding on within its one
    /// download (a seek would be another request; two for a WebM, whose
    /// index is read first).
    func testAWebVideoWithABlackOpeningCostsOneRequest() throws {
        let folder = (media.blackStart as NSString).deletingLastPathComponent
        let server = try NginxFixture(root: URL(fileURLWithPath: folder))
        defer { server.stop() }
        for file in [media.blackStart, media.blackStartWebM] {
            let name = (file as NSString).lastPathComponent
            let info = try XCTUnwrap(thumbnailer.card(for: server.url(name)), name)
            XCTAssertEqual(info.duration ?? 0, 3, accuracy: 0.1, name)
            let path = cache.root + "/large/" + md5(server.url(name)) + ".png"
            let pixbuf = try XCTUnwrap(gdk_pixbuf_new_from_file(path, nil), name)
            defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
            XCTAssertGreaterThan(lumaDeviation(pixbuf), 30, "\(name): the colour bars, not the black start")
        }
        // nginx logs a request once done with it: wait for both lines.
        var asked: [String] = []
        for _ in 0..<50 {
            asked = server.requests()
            if asked.count >= 2 { break }
            usleep(20_000)
        }
        XCTAssertEqual(asked.sorted(), ["GET /\((media.blackStart as NSString).lastPathComponent) HTTP/1.1",
                                        "GET /\((media.blackStartWebM as NSString).lastPathComponent) HTTP/1.1"])
    }

    func testReusesAValidThumbnailFromAnotherApp() throws {
        let uri = MediaFixture.uri(media.webm)
        let path = cache.path(for: uri, size: .large)
        try writeForeignThumbnail(path, uri: uri, mtime: try mtime(media.webm))
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(thumbnailer.thumbnail(for: uri), .cached(path))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before, "left untouched")
    }

    func testRegeneratesWhenTheFileChanged() throws {
        let uri = MediaFixture.uri(media.webm)
        let path = cache.path(for: uri, size: .large)
        try writeForeignThumbnail(path, uri: uri, mtime: try mtime(media.webm) - 60)
        XCTAssertEqual(thumbnailer.thumbnail(for: uri), .created(path))
        let pixbuf = try XCTUnwrap(gdk_pixbuf_new_from_file(path, nil))
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        XCTAssertEqual(option(pixbuf, "tEXt::Thumb::MTime"), String(try mtime(media.webm)))
        XCTAssertEqual(gdk_pixbuf_get_width(pixbuf), 256)
    }

    func testSkipsTheBlackOpening() throws {
        let uri = MediaFixture.uri(media.blackStart)
        guard case .created(let path) = thumbnailer.thumbnail(for: uri) else { return XCTFail("no thumbnail") }
        let pixbuf = try XCTUnwrap(gdk_pixbuf_new_from_file(path, nil))
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        XCTAssertGreaterThan(lumaDeviation(pixbuf), 30, "the colour bars, not the black start")
    }

    func testFailureIsRememberedForThatVersionOfTheFile() throws {
        let uri = MediaFixture.uri(media.textAsMP4)
        guard case .failed = thumbnailer.thumbnail(for: uri) else { return XCTFail("a text file has no thumbnail") }
        let record = cache.failurePath(for: uri)
        XCTAssertTrue(record.contains("/fail/reel-0.1.0/"))
        XCTAssertTrue(try fileType(record).contains("PNG image data"))
        XCTAssertTrue(cache.hasFailed(uri, mtime: try mtime(media.textAsMP4)))
        XCTAssertFalse(cache.hasFailed(uri, mtime: try mtime(media.textAsMP4) + 1), "a changed file is tried again")
        XCTAssertEqual(thumbnailer.thumbnail(for: uri), .failed("failed before"))
        XCTAssertEqual(thumbnailer.thumbnail(for: MediaFixture.uri(media.missing)), .failed("the file does not exist"))
    }

    /// Each fails once and is then remembered. (The truncated MP4 can take
    /// the preroll timeout: decodebin at times swallows qtdemux's error.)
    func testFilesWithoutPicturesFailAndAreRemembered() throws {
        for path in [media.audioOnly, media.truncated, media.empty] {
            let uri = MediaFixture.uri(path)
            guard case .failed = thumbnailer.thumbnail(for: uri) else { XCTFail("\(path) got a thumbnail"); continue }
            XCTAssertTrue(cache.hasFailed(uri, mtime: try mtime(path)), path)
            XCTAssertEqual(thumbnailer.thumbnail(for: uri), .failed("failed before"), path)
        }
    }

    func testQueueRunsAtMostItsWorkersAndAnswersOnTheMainThread() throws {
        let folder = media.makeFolder("queue")
        var uris: [String] = []
        for index in 0..<6 {
            let path = "\(folder)/clip-\(index).mp4"
            try FileManager.default.copyItem(atPath: media.mp4, toPath: path)
            uris.append(MediaFixture.uri(path))
        }
        let queue = ThumbnailQueue(thumbnailer: thumbnailer, workers: 2)
        let log = CompletionLog()
        for uri in uris {
            queue.request(uri) { outcome in log.add(uri, outcome, onMain: Thread.isMainThread) }
        }
        XCTAssertTrue(spinMainContext(timeout: 60) { log.count == uris.count })
        XCTAssertEqual(queue.peakWorkers, 2)
        XCTAssertTrue(log.entries.allSatisfy(\.onMain))
        XCTAssertTrue(log.entries.allSatisfy { if case .created = $0.outcome { true } else { false } })
    }

    func testQueueOrderNewestFirstPrioritizedAheadCancelledNever() throws {
        let folder = media.makeFolder("order")
        var uris: [String] = []
        for index in 0..<4 {
            let path = "\(folder)/clip-\(index).webm"
            try FileManager.default.copyItem(atPath: media.webm, toPath: path)
            uris.append(MediaFixture.uri(path))
        }
        let queue = ThumbnailQueue(thumbnailer: thumbnailer, workers: 1)
        queue.suspend()
        let log = CompletionLog()
        for uri in uris { queue.request(uri) { log.add(uri, $0, onMain: true) } }
        queue.prioritize(uris[1])
        queue.cancel(uris[2])
        queue.resume()
        XCTAssertTrue(spinMainContext(timeout: 30) { log.count == 3 })
        XCTAssertEqual(log.entries.map(\.uri), [uris[1], uris[3], uris[0]])
        XCTAssertFalse(spinMainContext(timeout: 0.3) { log.count > 3 }, "the cancelled request never answers")
    }

    // MARK: - Helpers

    private func md5(_ text: String) -> String {
        String(cString: g_compute_checksum_for_string(G_CHECKSUM_MD5, text, -1))
    }

    private func mtime(_ path: String) throws -> Int {
        var info = stat()
        guard stat(path, &info) == 0 else { throw CocoaError(.fileNoSuchFile) }
        return Int(info.st_mtim.tv_sec)
    }

    private func option(_ pixbuf: OpaquePointer, _ key: String) -> String? {
        gdk_pixbuf_get_option(pixbuf, key).map { String(cString: $0) }
    }

    private func fileType(_ path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/file")
        process.arguments = ["-b", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    /// What another thumbnailer writes per the spec: a solid orange 200×100.
    private func writeForeignThumbnail(_ path: String, uri: String, mtime: Int) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, 200, 100)!
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        gdk_pixbuf_fill(pixbuf, 0xFF8000FF)
        var keys = [strdup("tEXt::Thumb::URI"), strdup("tEXt::Thumb::MTime"), strdup("tEXt::Software"), nil]
        var values = [strdup(uri), strdup(String(mtime)), strdup("Another Thumbnailer"), nil]
        defer { (keys + values).forEach { free($0) } }
        var error: UnsafeMutablePointer<GError>?
        XCTAssertEqual(gdk_pixbuf_savev(pixbuf, path, "png", &keys, &values, &error), 1)
    }

    private func lumaDeviation(_ pixbuf: OpaquePointer) -> Double {
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf)), channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let pixels = gdk_pixbuf_get_pixels(pixbuf)!
        var sum = 0.0, squares = 0.0
        for y in 0..<height {
            for x in 0..<width {
                let p = pixels + y * stride + x * channels
                let luma = 0.299 * Double(p[0]) + 0.587 * Double(p[1]) + 0.114 * Double(p[2])
                sum += luma
                squares += luma * luma
            }
        }
        let count = Double(width * height), mean = sum / count
        return (squares / count - mean * mean).squareRoot()
    }
}

private final class CompletionLog: @unchecked Sendable {
    struct Entry {
        var uri: String
        var outcome: Thumbnailer.Outcome
        var onMain: Bool
    }
    private let lock = NSLock()
    private var list: [Entry] = []

    func add(_ uri: String, _ outcome: Thumbnailer.Outcome, onMain: Bool) {
        lock.lock(); list.append(Entry(uri: uri, outcome: outcome, onMain: onMain)); lock.unlock()
    }
    var entries: [Entry] { lock.lock(); defer { lock.unlock() }; return list }
    var count: Int { entries.count }
}
