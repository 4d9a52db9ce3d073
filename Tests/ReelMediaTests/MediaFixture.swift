import CGLib
import CGst
import Foundation
import GLibKit
import XCTest
@testable import ReelMedia

/// Media made once per test run with real encoders, shared by the ReelMedia
/// tests: good files, bad files and edge cases, in one temporary folder.
final class MediaFixture: @unchecked Sendable {
    let folder: String
    /// 2 s 320×240 H.264/AAC MP4, a keyframe every 10 frames, index at the end.
    let mp4: String
    /// 1 s 320×240 VP8/Opus WebM.
    let webm: String
    /// 3 s: 1.5 s of black, then colour bars. The first place a thumbnailer
    /// looks, a third in, is black.
    let blackStart: String
    /// The same in VP8/WebM, its index (Cues) at the end of the file.
    let blackStartWebM: String
    /// A text file named like a video.
    let textAsMP4: String
    /// The first 30 % of `mp4` (its index, written last, is gone).
    let truncated: String
    let empty: String
    let png: String
    /// Sound only, in Ogg.
    let audioOnly: String
    let missing: String

    static let shared: MediaFixture = {
        do { return try MediaFixture() } catch { fatalError("could not make the test media: \(error)") }
    }()

    private init() throws {
        try MediaSystem.initialize()
        MediaFixture.removeEarlierRuns()
        folder = NSTemporaryDirectory() + "reel-media-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        mp4 = folder + "/good.mp4"
        webm = folder + "/good.webm"
        blackStart = folder + "/black-start.mp4"
        blackStartWebM = folder + "/black-start.webm"
        textAsMP4 = folder + "/notes.mp4"
        truncated = folder + "/truncated.mp4"
        empty = folder + "/empty.mp4"
        png = folder + "/picture.png"
        audioOnly = folder + "/sound.ogg"
        missing = folder + "/no-such-file.mp4"

        let video = "videotestsrc pattern=smpte num-buffers=%d ! video/x-raw,width=320,height=240,framerate=30/1"
        let audio = "audiotestsrc num-buffers=%d samplesperbuffer=4800 ! audio/x-raw,rate=48000,channels=2 ! audioconvert"
        try MediaFixture.make(mp4, String(format: video, 60) + " ! x264enc speed-preset=ultrafast key-int-max=10"
                                   + " ! h264parse ! queue ! mux. " + String(format: audio, 20)
                                   + " ! avenc_aac ! queue ! mux. mp4mux name=mux ! filesink name=sink")
        try MediaFixture.make(webm, String(format: video, 30) + " ! vp8enc deadline=1 ! queue ! mux. "
                                    + String(format: audio, 10) + " ! opusenc ! queue ! mux. webmmux name=mux ! filesink name=sink")
        try MediaFixture.make(blackStart, """
            concat name=c ! x264enc speed-preset=ultrafast key-int-max=10 ! h264parse ! mp4mux ! filesink name=sink \
            videotestsrc pattern=black num-buffers=45 ! video/x-raw,format=I420,width=320,height=240,framerate=30/1 ! c. \
            videotestsrc pattern=smpte num-buffers=45 ! video/x-raw,format=I420,width=320,height=240,framerate=30/1 ! c.
            """)
        try MediaFixture.make(blackStartWebM, """
            concat name=c ! vp8enc deadline=1 ! webmmux ! filesink name=sink \
            videotestsrc pattern=black num-buffers=45 ! video/x-raw,format=I420,width=320,height=240,framerate=30/1 ! c. \
            videotestsrc pattern=smpte num-buffers=45 ! video/x-raw,format=I420,width=320,height=240,framerate=30/1 ! c.
            """)
        try MediaFixture.make(png, "videotestsrc num-buffers=1 ! video/x-raw,width=64,height=48 ! videoconvert ! pngenc ! filesink name=sink")
        try MediaFixture.make(audioOnly, String(format: audio, 10) + " ! vorbisenc ! oggmux ! filesink name=sink")
        try "Not a video, just some notes.\n".write(toFile: textAsMP4, atomically: true, encoding: .utf8)
        try Data().write(to: URL(fileURLWithPath: empty))
        let whole = try Data(contentsOf: URL(fileURLWithPath: mp4))
        try whole.prefix(whole.count * 3 / 10).write(to: URL(fileURLWithPath: truncated))
    }

    /// The fixture stays for a look after a run; the next run clears the
    /// folders of runs whose process is gone.
    private static func removeEarlierRuns() {
        let temporary = NSTemporaryDirectory()
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? [] where name.hasPrefix("reel-media-") {
            guard let pid = Int32(name.dropFirst("reel-media-".count)), kill(pid, 0) != 0 else { continue }
            try? FileManager.default.removeItem(atPath: temporary + name)
        }
    }

    /// Runs a pipeline whose filesink is named "sink" into `path`.
    static func make(_ path: String, _ description: String) throws {
        let pipeline = try LaunchPipeline(description)
        pipeline.set("sink", "location", string: path)
        let end = pipeline.runToEnd(timeout: 60) { false }
        pipeline.setState(GST_STATE_NULL)
        guard end == .finished else { throw GLibError(domain: "fixture", code: 0, message: "\(path): \(end)") }
    }

    /// A folder with an HLS stream of `seconds` one-second segments
    /// (`segment00000.ts`…, H.264 colour bars and AAC) and its `index.m3u8`.
    func makeHLS(seconds: Int) throws -> String {
        let folder = makeFolder("hls")
        let make = try LaunchPipeline("""
            videotestsrc pattern=smpte num-buffers=\(seconds * 30) \
            ! video/x-raw,format=I420,width=320,height=240,framerate=30/1 \
            ! x264enc speed-preset=ultrafast key-int-max=30 ! h264parse ! queue ! hls.video \
            audiotestsrc num-buffers=\(seconds * 48) samplesperbuffer=1000 ! audio/x-raw,rate=48000 ! audioconvert \
            ! avenc_aac ! aacparse ! queue ! hls.audio \
            hlssink2 name=hls target-duration=1 max-files=0 playlist-length=0 \
            location=\(folder)/segment%05d.ts playlist-location=\(folder)/index.m3u8
            """)
        guard make.runToEnd(timeout: 60, isCancelled: { false }) == .finished else {
            throw GLibError(domain: "fixture", code: 0, message: "the HLS stream was not made")
        }
        make.setState(GST_STATE_NULL)
        return folder
    }

    /// A fresh empty folder under the fixture's.
    func makeFolder(_ name: String) -> String {
        let path = folder + "/" + name + "-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Runs `body` with element factories taken out of this process's
    /// registry, as on a system without their plugin; puts them back after.
    static func withoutElements(_ names: [String], _ body: () throws -> Void) rethrows {
        let registry = gst_registry_get()
        let hidden = names.compactMap { name -> OpaquePointer? in
            guard let feature = gst_registry_lookup_feature(registry, name) else { return nil }
            gst_registry_remove_feature(registry, feature)
            return feature
        }
        defer {
            for feature in hidden {
                _ = gst_registry_add_feature(registry, feature)
                gst_object_unref(UnsafeMutableRawPointer(feature))
            }
        }
        try body()
    }

    /// Runs `body` with a 300 kB tmpfs mounted at `folder`/small-disk (a
    /// full disk within a second of video); skips when mounting is not
    /// allowed (not root).
    static func withSmallDisk(in folder: String, _ body: (String) throws -> Void) throws {
        let disk = folder + "/small-disk"
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        guard run("/bin/mount", ["-t", "tmpfs", "-o", "size=300k", "tmpfs", disk]) else {
            throw XCTSkip("a tmpfs cannot be mounted here (not root)")
        }
        defer { _ = run("/bin/umount", ["-l", disk]) }
        try body(disk)
    }

    private static func run(_ tool: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    static func uri(_ path: String) -> String {
        String(consumingGString: g_filename_to_uri(path, nil, nil))!
    }
}

/// Runs the GLib main context until `condition` holds or `timeout` passes.
func spinMainContext(timeout: Double, until condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        if Date() > deadline { return false }
        if !MainContext.iterate(mayBlock: false) { usleep(2_000) }
    }
    return true
}
