import CGLib
import CGst
import Foundation
import GLibKit
import ReelCore
import XCTest
@testable import ReelMedia

/// The camera on test sources (videotestsrc and audiotestsrc stand in for
/// the camera and the microphone; the pipelines are otherwise the real
/// ones): preview, photos, recordings with and without sound, a full disk.
final class CameraTests: XCTestCase {
    private var folder = ""
    private let camera = CaptureDevice(testNamed: "Test Camera", kind: .camera, pattern: 18)
    private let microphone = CaptureDevice(testNamed: "Test Microphone", kind: .microphone, pattern: 0)
    private var format: RecordingFormat { RecordingFormat.choose(isInstalled: MediaSystem.hasElement)! }

    override func setUpWithError() throws {
        try MediaSystem.initialize()
        folder = NSTemporaryDirectory() + "reel-camera-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func mode(_ width: Int, _ height: Int) -> CameraMode {
        camera.modes.first { $0.width == width && $0.height == height }!
    }

    /// A running camera with frames on the preview.
    private func startCamera(_ mode: CameraMode) throws -> (CameraPipeline, FrameCount) {
        let pipeline = try CameraPipeline(camera: camera, mode: mode)
        let count = FrameCount()
        pipeline.sink.onFrame = { _ in count.value += 1 }
        pipeline.onEvent = { if case .failed(let message) = $0 { XCTFail("camera failed: \(message)") } }
        pipeline.start()
        XCTAssertTrue(spinMainContext(timeout: 10) { count.value > 3 }, "preview frames")
        return (pipeline, count)
    }

    private func record(_ camera: CameraPipeline, seconds: Double, microphone: CaptureDevice?,
                        into folder: String? = nil, as format: RecordingFormat? = nil) throws -> (Recorder, Recorder.Outcome?) {
        let format = format ?? self.format
        let path = try CaptureFile.reserve(.recording, fileExtension: format.fileExtension, in: folder ?? self.folder, hidden: true)
        XCTAssertTrue((path as NSString).lastPathComponent.hasPrefix(".Recording "), "hidden while recording")
        let recorder = try Recorder(path: path, format: format, mode: camera.mode, microphone: microphone)
        var outcome: Recorder.Outcome?
        recorder.onFinished = { outcome = $0 }
        XCTAssertTrue(recorder.start(cameraBaseTime: camera.baseTime))
        camera.attach(recorder)
        _ = spinMainContext(timeout: seconds) { outcome != nil }
        if outcome == nil { recorder.stop() }
        XCTAssertTrue(spinMainContext(timeout: 30) { outcome != nil }, "the recording finished")
        camera.attach(nil)
        return (recorder, outcome)
    }

    func testRecordingThreeSecondsPlaysWithVideoAndSound() throws {
        let (camera, _) = try startCamera(mode(1280, 720))
        defer { camera.stop() }
        let (recorder, outcome) = try record(camera, seconds: 3, microphone: microphone)
        XCTAssertEqual(outcome, .saved(withSound: true))
        XCTAssertEqual(recorder.counts.dropped, 0)
        XCTAssertTrue(recorder.path.hasSuffix(".\(format.fileExtension)"))
        XCTAssertTrue((recorder.path as NSString).lastPathComponent.hasPrefix("Recording "), "visible once saved")
        guard case .video(let info) = MediaProbe().probe(URL(fileURLWithPath: recorder.path).absoluteString) else {
            return XCTFail("the recording does not play")
        }
        XCTAssertEqual(try XCTUnwrap(info.duration), 3, accuracy: 0.3)
        XCTAssertEqual(info.width, 1280)
        XCTAssertEqual(info.height, 720)
        XCTAssertNotNil(info.videoCodec)
        XCTAssertNotNil(info.audioCodec, "the microphone was recorded")
        XCTAssertTrue(info.isSeekable)
        XCTAssertEqual(try decodedSeconds(recorder.path), 3, accuracy: 0.3)
    }

    /// Where H.264 or AAC is missing: VP8 and Opus in WebM, which needs no
    /// finishing to play.
    /// Two seconds at 640×480 with sound in `format`: what the file says of itself.
    private func recordTwoSeconds(as format: RecordingFormat) throws -> MediaInfo? {
        let (camera, _) = try startCamera(mode(640, 480))
        defer { camera.stop() }
        let (recorder, outcome) = try record(camera, seconds: 2, microphone: microphone, as: format)
        XCTAssertEqual(outcome, .saved(withSound: true))
        XCTAssertTrue(recorder.path.hasSuffix(".\(format.fileExtension)"), recorder.path)
        guard case .video(let info) = MediaProbe().probe(URL(fileURLWithPath: recorder.path).absoluteString) else {
            XCTFail("the recording does not play")
            return nil
        }
        return info
    }

    func testWebMFallbackRecordsVP8AndOpus() throws {
        let webm = RecordingFormat(container: .webm, videoEncoder: "vp8enc", audioEncoder: "opusenc")
        guard let info = try recordTwoSeconds(as: webm) else { return }
        XCTAssertEqual(try XCTUnwrap(info.duration), 2, accuracy: 0.3)
        XCTAssertEqual(info.videoCodec?.contains("VP8"), true, info.videoCodec ?? "no video codec")
        XCTAssertEqual(info.audioCodec?.contains("Opus"), true, info.audioCodec ?? "no audio codec")
    }

    /// H.264 and Opus in Matroska, which needs no finishing either.
    func testMatroskaRecordsH264AndOpus() throws {
        let mkv = try XCTUnwrap(RecordingFormat.choose(.mkv, isInstalled: MediaSystem.hasElement))
        XCTAssertEqual(mkv.fileExtension, "mkv")
        guard let info = try recordTwoSeconds(as: mkv) else { return }
        XCTAssertEqual(try XCTUnwrap(info.duration), 2, accuracy: 0.3)
        XCTAssertEqual(info.videoCodec?.contains("H.264"), true, info.videoCodec ?? "no video codec")
        XCTAssertEqual(info.audioCodec?.contains("Opus"), true, info.audioCodec ?? "no audio codec")
    }

    /// What a crash leaves of a recording, in each container that can be
    /// written here, is given its visible name at the next start and plays;
    /// one that needs no finishing is kept byte for byte.
    func testRecordingsCutShortAreRecoveredInEveryContainer() throws {
        let (camera, _) = try startCamera(mode(640, 480))
        defer { camera.stop() }
        for spec in ContainerSpec.all {
            guard let format = RecordingFormat.choose(spec.container, isInstalled: MediaSystem.hasElement) else { continue }
            let crashed = "\(folder)/crashed-\(spec.container.rawValue)"
            try FileManager.default.createDirectory(atPath: crashed, withIntermediateDirectories: true)
            let path = try CaptureFile.reserve(.recording, fileExtension: format.fileExtension, in: folder, hidden: true)
            let recorder = try Recorder(path: path, format: format, mode: camera.mode, microphone: microphone)
            var outcome: Recorder.Outcome?
            recorder.onFinished = { outcome = $0 }
            XCTAssertTrue(recorder.start(cameraBaseTime: camera.baseTime))
            camera.attach(recorder)
            // The working file as it is while the recording goes on: what a
            // crash leaves (an MP4 still fragmented).
            func written() -> Int { ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0 }
            XCTAssertTrue(spinMainContext(timeout: 20) { written() > 100_000 }, "\(spec.container): written")
            let hiddenName = (path as NSString).lastPathComponent
            let left = "\(crashed)/\(hiddenName)"
            try FileManager.default.copyItem(atPath: path, toPath: left)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: left))
            recorder.stop()
            XCTAssertTrue(spinMainContext(timeout: 30) { outcome != nil }, "the recording finished")
            camera.attach(nil)

            var recovered: [String]?
            RecordingRecovery.recover(in: [crashed]) { recovered = $0 }
            XCTAssertTrue(spinMainContext(timeout: 30) { recovered != nil })
            let visible = "\(crashed)/\(hiddenName.dropFirst())"
            XCTAssertEqual(recovered, [visible], "\(spec.container)")
            guard case .video(let info) = MediaProbe().probe(URL(fileURLWithPath: visible).absoluteString) else {
                return XCTFail("the recovered \(spec.container) recording does not play")
            }
            XCTAssertGreaterThan(info.duration ?? 0, 0, "\(spec.container)")
            if !spec.needsFinishing {
                XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: visible)), bytes, "\(spec.container): kept as it was")
            }
        }
    }

    func testWithoutMicrophoneTheRecordingIsVideoOnly() throws {
        let (camera, _) = try startCamera(mode(640, 480))
        defer { camera.stop() }
        let (recorder, outcome) = try record(camera, seconds: 1.5, microphone: nil)
        XCTAssertEqual(outcome, .saved(withSound: false))
        XCTAssertFalse(recorder.hasSound)
        guard case .video(let info) = MediaProbe().probe(URL(fileURLWithPath: recorder.path).absoluteString) else {
            return XCTFail("the recording does not play")
        }
        XCTAssertNil(info.audioCodec)
        XCTAssertEqual(info.width, 640)
    }

    func testPhotoIsAJPEGOfTheChosenSizeWithOrientation() throws {
        let (camera, _) = try startCamera(mode(640, 480))
        defer { camera.stop() }
        let path = try CaptureFile.reserve(.photo, fileExtension: "jpg", in: folder)
        var result: Result<Void, GLibError>?
        camera.takePhoto(into: path) { result = $0 }
        XCTAssertTrue(spinMainContext(timeout: 10) { result != nil })
        XCTAssertNoThrow(try result?.get())
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(Array(bytes.prefix(3)), [0xFF, 0xD8, 0xFF], "a JPEG")
        XCTAssertEqual(JPEGFacts(bytes).size?.width, 640)
        XCTAssertEqual(JPEGFacts(bytes).size?.height, 480)
        XCTAssertEqual(JPEGFacts(bytes).exifOrientation, 1)
        XCTAssertTrue(URL(fileURLWithPath: path).lastPathComponent.hasPrefix("Photo "))
    }

    func testNamesNeverCollide() throws {
        let date = Date()
        let first = try CaptureFile.reserve(.photo, fileExtension: "jpg", in: folder, at: date)
        let second = try CaptureFile.reserve(.photo, fileExtension: "jpg", in: folder, at: date)
        XCTAssertNotEqual(first, second)
        XCTAssertTrue(second.hasSuffix(" (2).jpg"))
        // A recording under way holds its name too, and publishing never
        // replaces a file that took the visible name meanwhile.
        let working = try CaptureFile.reserve(.recording, fileExtension: "mp4", in: folder, at: date, hidden: true)
        let next = try CaptureFile.reserve(.recording, fileExtension: "mp4", in: folder, at: date)
        XCTAssertTrue(next.hasSuffix(" (2).mp4"), next)
        try "other".write(toFile: String(working.dropFirst(0)).replacingOccurrences(of: "/.Recording", with: "/Recording"),
                          atomically: false, encoding: .utf8)
        let published = try CaptureFile.publish(working)
        XCTAssertTrue(published.hasSuffix(" (3).mp4"), published)
        XCTAssertFalse(FileManager.default.fileExists(atPath: working))
        XCTAssertTrue(FileManager.default.fileExists(atPath: first))
        // A folder that cannot be made says why.
        XCTAssertThrowsError(try CaptureFile.reserve(.photo, fileExtension: "jpg", in: first + "/sub"))
    }

    func testFullDiskStopsTheRecordingKeepsItAndThePreviewRuns() throws {
        try MediaFixture.withSmallDisk(in: folder) { disk in
            let (camera, count) = try startCamera(mode(1280, 720))
            defer { camera.stop() }
            let (recorder, outcome) = try record(camera, seconds: 15, microphone: microphone, into: disk)
            XCTAssertEqual(outcome, .failed(.diskFull, kept: true))
            XCTAssertGreaterThan(try decodedSeconds(recorder.path), 0.5, "what was written plays")
            let before = count.value
            XCTAssertTrue(spinMainContext(timeout: 5) { count.value > before + 5 }, "the preview goes on")
        }
    }

    // MARK: Helpers

    /// Decodes the whole file; the last video frame's end, in seconds.
    private func decodedSeconds(_ path: String) throws -> Double {
        let pipeline = try LaunchPipeline("filesrc name=in ! parsebin ! decodebin ! video/x-raw ! fakesink name=out")
        pipeline.set("in", "location", string: path)
        final class Last: @unchecked Sendable { var end: UInt64 = 0 }
        let last = Last()
        let sink = try XCTUnwrap(pipeline.child("out"))
        let pad = gst_element_get_static_pad(sink.cast(), "sink")!
        gst_pad_add_probe(pad, GST_PAD_PROBE_TYPE_BUFFER, { _, info, data in
            let buffer = info!.pointee.data!.assumingMemoryBound(to: GstBuffer.self)
            let box = Unmanaged<Last>.fromOpaque(data!).takeUnretainedValue()
            if buffer.pointee.pts != GstClockTime.max {
                let duration = buffer.pointee.duration == GstClockTime.max ? 0 : buffer.pointee.duration
                box.end = max(box.end, UInt64(buffer.pointee.pts + duration))
            }
            return GST_PAD_PROBE_OK
        }, Unmanaged.passRetained(last).toOpaque(), { Unmanaged<Last>.fromOpaque($0!).release() })
        gst_object_unref(UnsafeMutableRawPointer(pad))
        PropertyValue.bool(false).set(on: sink.object, "sync")
        XCTAssertEqual(pipeline.runToEnd(timeout: 30) { false }, .finished)
        return Double(last.end) / 1e9
    }
}

final class FrameCount: @unchecked Sendable {
    var value = 0
}

/// The picture size (SOF) and EXIF orientation of a JPEG, read from its
/// markers.
struct JPEGFacts {
    var size: (width: Int, height: Int)?
    var exifOrientation: Int?

    init(_ data: Data) {
        let bytes = [UInt8](data)
        var index = 2
        while index + 4 <= bytes.count, bytes[index] == 0xFF {
            let marker = bytes[index + 1]
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            let body = index + 4
            if (0xC0...0xC3).contains(marker), body + 5 <= bytes.count {
                size = (Int(bytes[body + 3]) << 8 | Int(bytes[body + 4]), Int(bytes[body + 1]) << 8 | Int(bytes[body + 2]))
            }
            if marker == 0xE1, body + 6 <= bytes.count, Array(bytes[body..<body + 4]) == Array("Exif".utf8) {
                exifOrientation = JPEGFacts.orientation(Array(bytes[(body + 6)..<min(index + 2 + length, bytes.count)]))
            }
            if marker == 0xDA { break }
            index += 2 + length
        }
    }

    /// Tag 0x0112 of IFD0 in a TIFF block.
    private static func orientation(_ tiff: [UInt8]) -> Int? {
        guard tiff.count > 8 else { return nil }
        let little = tiff[0] == 0x49
        func u16(_ at: Int) -> Int { little ? Int(tiff[at]) | Int(tiff[at + 1]) << 8 : Int(tiff[at]) << 8 | Int(tiff[at + 1]) }
        func u32(_ at: Int) -> Int { little ? u16(at) | u16(at + 2) << 16 : u16(at) << 16 | u16(at + 2) }
        let ifd = u32(4)
        guard ifd + 2 <= tiff.count else { return nil }
        for entry in 0..<u16(ifd) {
            let at = ifd + 2 + entry * 12
            guard at + 12 <= tiff.count else { return nil }
            if u16(at) == 0x0112 { return u16(at + 8) }
        }
        return nil
    }
}
