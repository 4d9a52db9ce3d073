import Foundation
import XCTest
@testable import ReelCore

final class CaptureNamingTests: XCTestCase {
    let utc = TimeZone(identifier: "UTC")!
    let date = Date(timeIntervalSince1970: 1_796_052_067) // 2026-11-30 15:21:07 UTC

    func testNamesCarryDateAndTimeWithoutColons() {
        XCTAssertEqual(CaptureNaming.fileName(.photo, at: date, fileExtension: "jpg", timeZone: utc) { _ in false },
                       "Photo 2026-11-30 15-21-07.jpg")
        XCTAssertEqual(CaptureNaming.fileName(.recording, at: date, fileExtension: "webm", timeZone: utc) { _ in false },
                       "Recording 2026-11-30 15-21-07.webm")
        XCTAssertEqual(CaptureNaming.fileName(.screenshot, at: date, fileExtension: "png", timeZone: utc) { _ in false },
                       "Screenshot 2026-11-30 15-21-07.png")
        XCTAssertEqual(CaptureNaming.fileName(.part, at: date, fileExtension: "mp4", timeZone: utc) { _ in false },
                       "Part 2026-11-30 15-21-07.mp4", "a web video's part saved for a movie")
    }

    func testScreenshotsGoWithThePhotos() {
        XCTAssertTrue(CaptureKind.screenshot.isPicture)
        XCTAssertTrue(CaptureKind.photo.isPicture)
        XCTAssertFalse(CaptureKind.recording.isPicture)
        XCTAssertFalse(CaptureKind.movie.isPicture)
    }

    func testATakenNameGetsANumberNeverOverwriting() {
        let taken: Set = ["Photo 2026-11-30 15-21-07.jpg", "Photo 2026-11-30 15-21-07 (2).jpg"]
        XCTAssertEqual(CaptureNaming.fileName(.photo, at: date, fileExtension: "jpg", timeZone: utc) { taken.contains($0) },
                       "Photo 2026-11-30 15-21-07 (3).jpg")
        // Another extension is another name.
        XCTAssertEqual(CaptureNaming.fileName(.photo, at: date, fileExtension: "png", timeZone: utc) { taken.contains($0) },
                       "Photo 2026-11-30 15-21-07.png")
    }

    func testWorkingFilesAreKnownByTheirKind() {
        XCTAssertTrue(CaptureNaming.isWorkingFile(".Movie 2026-11-30 15-21-07.mp4", of: .movie))
        XCTAssertTrue(CaptureNaming.isWorkingFile(".Recording 2026-11-30 15-21-07 (2).webm", of: .recording))
        XCTAssertFalse(CaptureNaming.isWorkingFile("Movie 2026-11-30 15-21-07.mp4", of: .movie), "a finished movie")
        XCTAssertFalse(CaptureNaming.isWorkingFile(".Recording 2026-11-30 15-21-07.mp4", of: .movie))
        XCTAssertFalse(CaptureNaming.isWorkingFile(".Movies.json", of: .movie), "another program's file")
    }

    func testLocalTimeIsUsed() {
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        XCTAssertEqual(CaptureNaming.fileName(.photo, at: date, fileExtension: "jpg", timeZone: tokyo) { _ in false },
                       "Photo 2026-12-01 00-21-07.jpg")
    }
}

final class RecordingFormatTests: XCTestCase {
    func testH264AndAACInMP4WhenInstalled() {
        let installed: Set = ["mp4mux", "h264parse", "aacparse", "x264enc", "openh264enc", "avenc_aac", "voaacenc",
                              "webmmux", "vp8enc", "opusenc"]
        let format = RecordingFormat.choose { installed.contains($0) }
        XCTAssertEqual(format, RecordingFormat(container: .mp4, videoEncoder: "x264enc", audioEncoder: "avenc_aac"))
        XCTAssertEqual(format?.fileExtension, "mp4")
        XCTAssertEqual(format?.videoParser, "h264parse")
    }

    func testHardwareEncoderIsPreferred() {
        let installed: Set = ["mp4mux", "h264parse", "aacparse", "x264enc", "vah264enc", "voaacenc"]
        XCTAssertEqual(RecordingFormat.choose { installed.contains($0) }?.videoEncoder, "vah264enc")
    }

    func testWebMWhenH264OrAACIsMissing() {
        let installed: Set = ["mp4mux", "h264parse", "aacparse", "x264enc", "webmmux", "vp8enc", "opusenc"]
        let format = RecordingFormat.choose { installed.contains($0) }
        XCTAssertEqual(format, RecordingFormat(container: .webm, videoEncoder: "vp8enc", audioEncoder: "opusenc"))
        XCTAssertEqual(format?.muxer, "webmmux")
        XCTAssertNil(format?.videoParser)
    }

    func testNothingWithoutEncoders() {
        XCTAssertNil(RecordingFormat.choose { ["mp4mux", "webmmux", "opusenc"].contains($0) })
    }

    func testBitrateFollowsPictureSize() {
        XCTAssertEqual(RecordingFormat.videoBitrate(width: 1280, height: 720, framesPerSecond: 30), 4_976_640)
        XCTAssertEqual(RecordingFormat.videoBitrate(width: 160, height: 120, framesPerSecond: 5), 500_000)
        XCTAssertEqual(RecordingFormat.videoBitrate(width: 7680, height: 4320, framesPerSecond: 60), 20_000_000)
    }

    func testRealTimeSettings() {
        let x264 = RecordingFormat(container: .mp4, videoEncoder: "x264enc", audioEncoder: "avenc_aac")
        let props = x264.videoEncoderProperties(bitrate: 5_000_000, framesPerSecond: 30)
        XCTAssertEqual(props["tune"], "zerolatency")
        XCTAssertEqual(props["bitrate"], "5000")
        XCTAssertEqual(props["key-int-max"], "30")
        let vp8 = RecordingFormat(container: .webm, videoEncoder: "vp8enc", audioEncoder: "opusenc")
        XCTAssertEqual(vp8.videoEncoderProperties(bitrate: 2_000_000, framesPerSecond: 25)["deadline"], "1")
        XCTAssertEqual(vp8.audioEncoderProperties["bitrate"], "96000")
    }
}

final class CameraModeTests: XCTestCase {
    func mode(_ w: Int, _ h: Int, _ fps: Int, _ encoding: CameraMode.Encoding = .raw("YUY2")) -> CameraMode {
        CameraMode(width: w, height: h, rateNumerator: fps, encoding: encoding)
    }

    func testOneEntryPerSizeLargestFirst() {
        let menu = CameraModes.menu([mode(640, 480, 30), mode(1280, 720, 10), mode(1280, 720, 30, .jpeg),
                                     mode(1920, 1080, 5), mode(1920, 1080, 30, .jpeg), mode(640, 480, 15)])
        XCTAssertEqual(menu, [mode(1920, 1080, 30, .jpeg), mode(1280, 720, 30, .jpeg), mode(640, 480, 30)])
    }

    func testRawWinsAtTheSameRateAndThirtyBeatsSixty() {
        let menu = CameraModes.menu([mode(1280, 720, 30, .jpeg), mode(1280, 720, 30), mode(1280, 720, 60)])
        XCTAssertEqual(menu, [mode(1280, 720, 30)])
        // Above 30 only when nothing lower is offered; then the lowest.
        XCTAssertEqual(CameraModes.menu([mode(800, 600, 90), mode(800, 600, 60)]), [mode(800, 600, 60)])
    }

    func testBrokenModesAreIgnored() {
        XCTAssertEqual(CameraModes.menu([mode(0, 480, 30), mode(640, 480, 0)]), [])
    }

    func testPreferredSize() {
        let menu = [mode(3840, 2160, 30), mode(1920, 1080, 30), mode(1280, 720, 30), mode(640, 480, 30)]
        XCTAssertEqual(CameraModes.preferred(in: menu, saved: "640x480"), mode(640, 480, 30))
        XCTAssertEqual(CameraModes.preferred(in: menu, saved: "800x600"), mode(1280, 720, 30))
        let noHD = [mode(3840, 2160, 30), mode(1920, 1080, 15), mode(1600, 900, 30)]
        XCTAssertEqual(CameraModes.preferred(in: noHD, saved: nil), mode(1600, 900, 30))
        XCTAssertNil(CameraModes.preferred(in: [], saved: nil))
        XCTAssertEqual(mode(1280, 720, 30).label, "1280 × 720")
    }
}

final class CaptureSessionTests: XCTestCase {
    func testPhotoFiresAtOnceWithoutTimer() {
        var session = CaptureSession(mode: .photo)
        XCTAssertEqual(session.shutter(), .takePhoto)
        XCTAssertEqual(session.activity, .idle)
    }

    func testRecordingStartsThenStopsThenSaves() {
        var session = CaptureSession(mode: .video)
        XCTAssertEqual(session.shutter(), .startRecording)
        XCTAssertEqual(session.activity, .recording)
        XCTAssertFalse(session.canChangeSettings)
        XCTAssertEqual(session.shutter(), .stopRecording)
        XCTAssertEqual(session.activity, .saving)
        XCTAssertEqual(session.shutter(), .nothing, "no second recording while the first is saved")
        session.finished()
        XCTAssertEqual(session.activity, .idle)
        XCTAssertTrue(session.canChangeSettings)
    }

    func testCountdownTicksToTheShutterAndASecondPressCancels() {
        var session = CaptureSession(mode: .photo, countdown: .three)
        XCTAssertEqual(session.shutter(), .startCountdown(3))
        XCTAssertEqual(session.tick(), .nothing)
        XCTAssertEqual(session.activity, .countingDown(2))
        XCTAssertEqual(session.tick(), .nothing)
        XCTAssertEqual(session.tick(), .takePhoto)
        XCTAssertEqual(session.activity, .idle)

        session.mode = .video
        XCTAssertEqual(session.shutter(), .startCountdown(3))
        XCTAssertEqual(session.shutter(), .cancelCountdown)
        XCTAssertEqual(session.tick(), .nothing, "a cancelled countdown fires nothing")
        XCTAssertEqual(session.activity, .idle)
    }

    func testARecordingThatEndsByItselfIsSaved() {
        var session = CaptureSession(mode: .video)
        _ = session.shutter()
        session.recordingEnded()
        XCTAssertEqual(session.activity, .saving)
        session.finished()
        session.recordingEnded()
        XCTAssertEqual(session.activity, .idle)
    }
}

final class CameraControlTests: XCTestCase {
    func testOnlyWhatTheDeviceHasIsShown() {
        XCTAssertTrue(CameraControlsLayout(controls: []).isEmpty)
        let layout = CameraControlsLayout(controls: [
            CameraControl(kind: .autoExposure, minimum: 0, maximum: 3, step: 1, value: CameraControl.automaticExposure),
            CameraControl(kind: .exposure, minimum: 3, maximum: 2047, step: 1, value: 250),
        ])
        XCTAssertFalse(layout.isEmpty)
        XCTAssertNil(layout.autoFocus)
        XCTAssertNil(layout.focus)
        XCTAssertEqual(layout.autoExposure, true)
        XCTAssertFalse(layout.exposureAdjustable, "the slider waits until automatic exposure is off")
        XCTAssertFalse(layout.focusAdjustable)
    }

    func testManualModesMakeSlidersUsable() {
        let layout = CameraControlsLayout(controls: [
            CameraControl(kind: .autoFocus, minimum: 0, maximum: 1, step: 1, value: 0),
            CameraControl(kind: .focus, minimum: 0, maximum: 255, step: 5, value: 30),
            CameraControl(kind: .autoExposure, minimum: 0, maximum: 3, step: 1, value: CameraControl.manualExposure),
            CameraControl(kind: .exposure, minimum: 3, maximum: 2047, step: 0, value: 250),
        ])
        XCTAssertTrue(layout.focusAdjustable)
        XCTAssertTrue(layout.exposureAdjustable)
        XCTAssertEqual(layout.exposure?.step, 1)
    }

    func testSandboxGoesThroughThePortal() {
        XCTAssertEqual(CameraAccess.route(sandboxed: true), .portal)
        XCTAssertEqual(CameraAccess.route(sandboxed: false), .deviceMonitor)
        XCTAssertEqual(CameraAccess.hiddenProviders(available: ["v4l2deviceprovider", "pulsedeviceprovider"]), [])
        XCTAssertEqual(CameraAccess.hiddenProviders(available: ["pipewiredeviceprovider", "v4l2deviceprovider",
                                                                "pulsedeviceprovider", "decklinkdeviceprovider"]),
                       ["v4l2deviceprovider", "pulsedeviceprovider"])
    }

    func testProblemsNameThemselves() {
        XCTAssertEqual(CaptureProblem.cameraLost(recordingSaved: true).kind, "camera-lost")
        XCTAssertEqual(CaptureProblem.failed("x").detail, "x")
    }
}

final class PictureCropTests: XCTestCase {
    func testABannerShowsTheMiddleBandOfAFilledPicture() throws {
        // A 16:9 picture filling a 1024 × 220 strip: 1024 × 576, centred.
        let placed = ContentMode.fill.placement(aspect: 16.0 / 9, width: 1024, height: 220)
        let crop = try XCTUnwrap(PictureCrop.visible(placed, width: 1024, height: 220))
        XCTAssertEqual(crop.x, 0)
        XCTAssertEqual(crop.width, 1)
        XCTAssertEqual(crop.y, 178 / 576.0, accuracy: 1e-9)
        XCTAssertEqual(crop.height, 220 / 576.0, accuracy: 1e-9)
        // Of a 640 × 360 source: rows 110–250 (even, outwards), all columns.
        let source = crop.sourceRect(width: 640, height: 360)
        XCTAssertEqual(source.x, 0)
        XCTAssertEqual(source.width, 640)
        XCTAssertEqual(source.y, 110)
        XCTAssertEqual(source.height, 140)
        XCTAssertLessThanOrEqual(source.crop.y, crop.y)
        XCTAssertGreaterThanOrEqual(source.crop.y + source.crop.height, crop.y + crop.height)
        // Placed back, the converted band covers the strip.
        let band = source.crop.place(in: placed)
        XCTAssertLessThanOrEqual(band.y, 0)
        XCTAssertGreaterThanOrEqual(band.y + band.height, 220)
    }

    func testAWholePictureStaysWhole() {
        let fit = ContentMode.fit.placement(aspect: 16.0 / 9, width: 1280, height: 800)
        XCTAssertEqual(PictureCrop.visible(fit, width: 1280, height: 800), .whole)
        XCTAssertTrue(PictureCrop.whole.sourceRect(width: 640, height: 360).crop.isWhole)
        XCTAssertNil(PictureCrop.visible(ContentMode.Rect(x: 2000, y: 0, width: 100, height: 100), width: 1280, height: 800))
        // A crop that rounds out to every pixel is whole again.
        XCTAssertTrue(PictureCrop(x: 0.001, y: 0, width: 0.998, height: 1).sourceRect(width: 640, height: 360).crop.isWhole)
    }
}
