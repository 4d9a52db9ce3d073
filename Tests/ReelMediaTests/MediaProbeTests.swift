import CGLib
import CGst
import ReelCore
import XCTest
@testable import ReelMedia

final class MediaProbeTests: XCTestCase {
    private let media = MediaFixture.shared
    private let probe = MediaProbe(timeout: 10)

    private func outcome(_ path: String) -> MediaProbe.Outcome { probe.probe(MediaFixture.uri(path)) }

    func testMP4GivesSizeDurationAndCodecs() throws {
        guard case .video(let info) = outcome(media.mp4) else { return XCTFail("\(outcome(media.mp4))") }
        XCTAssertEqual(info.width, 320)
        XCTAssertEqual(info.height, 240)
        XCTAssertEqual(try XCTUnwrap(info.duration), 2, accuracy: 0.2)
        XCTAssertTrue(info.videoCodec?.hasPrefix("H.264") == true, info.videoCodec ?? "nil")
        XCTAssertTrue(info.audioCodec?.contains("AAC") == true, info.audioCodec ?? "nil")
        XCTAssertTrue(info.isSeekable)
        XCTAssertFalse(info.isLive)
    }

    func testWebMGivesVP8AndOpus() throws {
        guard case .video(let info) = outcome(media.webm) else { return XCTFail("\(outcome(media.webm))") }
        XCTAssertEqual(info.videoCodec, "VP8")
        XCTAssertEqual(info.audioCodec, "Opus")
        XCTAssertEqual(try XCTUnwrap(info.duration), 1, accuracy: 0.2)
    }

    func testBadFilesGetTheirProblem() {
        XCTAssertEqual(outcome(media.missing), .problem(.missing))
        XCTAssertEqual(outcome(media.textAsMP4), .problem(.notAVideo))
        XCTAssertEqual(outcome(media.png), .problem(.notAVideo))
        XCTAssertEqual(outcome(media.audioOnly), .problem(.notAVideo))
        XCTAssertEqual(outcome(media.folder), .problem(.notAFile(.folder)))
        XCTAssertEqual(outcome(media.truncated), .problem(.damaged))
        XCTAssertEqual(outcome(media.empty), .problem(.damaged))
    }

    /// Special files are told by their type and never opened: opening a
    /// pipe with no writer would block the probe for ever.
    func testSpecialFilesAndBrokenLinksAreToldWithoutOpeningThem() throws {
        let folder = media.makeFolder("special")
        XCTAssertEqual(mkfifo(folder + "/pipe.mp4", 0o644), 0)
        let socketPath = folder + "/socket.mp4"
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            socketPath.utf8CString.withUnsafeBytes { bytes.copyMemory(from: $0) }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        XCTAssertEqual(bound, 0)
        XCTAssertEqual(symlink("/dev/zero", folder + "/zero.mp4"), 0)
        XCTAssertEqual(symlink(folder + "/gone.mp4", folder + "/dangling.mp4"), 0)
        XCTAssertEqual(mkdir(folder + "/folder.mp4", 0o755), 0)

        XCTAssertEqual(outcome(folder + "/pipe.mp4"), .problem(.notAFile(.pipe)))
        XCTAssertEqual(outcome(socketPath), .problem(.notAFile(.socket)))
        XCTAssertEqual(outcome(folder + "/zero.mp4"), .problem(.notAFile(.device)))
        XCTAssertEqual(outcome(folder + "/dangling.mp4"), .problem(.brokenLink))
        XCTAssertEqual(outcome(folder + "/folder.mp4"), .problem(.notAFile(.folder)))
        let thumbnails = Thumbnailer(cache: ThumbnailCache(root: media.makeFolder("special-thumbnails")))
        guard case .failed = thumbnails.thumbnail(for: MediaFixture.uri(folder + "/pipe.mp4")) else {
            return XCTFail("a pipe got a thumbnail")
        }
    }

    /// Without a worker binary to run, the worker's client does the work
    /// itself rather than fail every video.
    func testTheWorkersClientProbesItselfWhenNoWorkerCanStart() {
        let worker = MediaWorker(executable: "/nonexistent/reel")
        XCTAssertEqual(worker.probe(MediaFixture.uri(media.mp4)), outcome(media.mp4))
        XCTAssertEqual(worker.probe(MediaFixture.uri(media.textAsMP4)), .problem(.notAVideo))
    }

    /// A worker left idle is let go (its input closed, so it ends), and the
    /// next request starts another. The worker here is a script that gives
    /// every request the same answer.
    func testAnIdleWorkerIsLetGoAndTheNextRequestStartsAnother() throws {
        let answer = try JSONEncoder().encode(MediaProbe.Outcome.problem(.notAVideo)).base64EncodedString()
        let script = media.makeFolder("idle-worker") + "/worker"
        try """
        #!/bin/sh
        while IFS= read -r line; do
          id=$(printf '%s' "$line" | sed 's/.*"id":\\([0-9]*\\).*/\\1/')
          printf '{"id":%s,"result":"%s"}\\n' "$id" "\(answer)"
        done
        """.write(toFile: script, atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(script, 0o755), 0)
        let worker = MediaWorker(executable: script, idleExit: 0.3)
        XCTAssertEqual(worker.probe("file:///first.mp4"), .problem(.notAVideo))
        XCTAssertTrue(worker.hasWorker)
        XCTAssertTrue(spinMainContext(timeout: 5) { !worker.hasWorker }, "not let go while idle")
        XCTAssertEqual(worker.probe("file:///second.mp4"), .problem(.notAVideo), "a new worker answers")
        XCTAssertTrue(worker.hasWorker)
    }

    /// Root reads any file whatever its mode, so as root the test uses a
    /// file the kernel refuses even to root: a write-only sysctl.
    func testUnreadableFile() throws {
        let path: String
        if getuid() == 0 {
            path = "/proc/sys/vm/drop_caches"
            let fd = open(path, O_RDONLY)
            if fd >= 0 { close(fd); throw XCTSkip("\(path) is readable here") }
        } else {
            path = media.makeFolder("locked") + "/locked.mp4"
            try FileManager.default.copyItem(atPath: media.mp4, toPath: path)
            chmod(path, 0)
        }
        XCTAssertEqual(outcome(path), .problem(.unreadable))
    }

    /// Hides every H.264 decoder for the duration of the test: the real
    /// path of a codec the system cannot play.
    func testMissingDecoderNamesTheCodec() throws {
        let registry = gst_registry_get()
        var hidden: [(OpaquePointer, guint)] = []
        for name in ["avdec_h264", "openh264dec", "vaapih264dec", "v4l2h264dec", "nvh264dec", "vah264dec"] {
            guard let feature = gst_registry_lookup_feature(registry, name) else { continue }
            hidden.append((feature, gst_plugin_feature_get_rank(feature)))
            gst_plugin_feature_set_rank(feature, 0)
        }
        defer {
            for (feature, rank) in hidden {
                gst_plugin_feature_set_rank(feature, rank)
                gst_object_unref(UnsafeMutableRawPointer(feature))
            }
        }
        guard case .problem(.unsupportedCodec(let codec)) = outcome(media.mp4) else {
            return XCTFail("\(outcome(media.mp4))")
        }
        XCTAssertTrue(codec.hasPrefix("H.264"), codec)
    }

    func testRefusedConnectionIsANetworkProblem() {
        guard case .problem(.network(let reason)) = probe.probe("http://127.0.0.1:9/clip.mp4") else {
            return XCTFail("\(probe.probe("http://127.0.0.1:9/clip.mp4"))")
        }
        XCTAssertTrue(reason.contains("connect"), reason)
    }

    func testMissingRemoteFileIsANetworkProblem() throws {
        let server = try NginxFixture(root: URL(fileURLWithPath: media.folder))
        defer { server.stop() }
        guard case .video = probe.probe(server.url("good.webm")) else {
            return XCTFail("the server's WebM does not probe: \(probe.probe(server.url("good.webm")))")
        }
        guard case .problem(.network(let reason)) = probe.probe(server.url("nothing-here.mp4")) else {
            return XCTFail("\(probe.probe(server.url("nothing-here.mp4")))")
        }
        XCTAssertTrue(reason.lowercased().contains("not found"), reason)
    }

    func testCompletionArrivesOnTheMainContext() {
        let uri = MediaFixture.uri(media.webm)
        let box = ResultBox()
        let queue = ProbeQueue(probe: probe)
        queue.request(uri) { outcome in
            box.outcome = outcome
            box.onMain = Thread.isMainThread
        }
        XCTAssertTrue(spinMainContext(timeout: 15) { box.outcome != nil })
        if case .video = box.outcome {} else { XCTFail("\(String(describing: box.outcome))") }
        XCTAssertTrue(box.onMain)
    }
}

final class ResultBox: @unchecked Sendable {
    var outcome: MediaProbe.Outcome?
    var onMain = false
}
