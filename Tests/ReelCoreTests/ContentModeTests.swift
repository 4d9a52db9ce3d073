import XCTest
@testable import ReelCore

final class ContentModeTests: XCTestCase {
    func testFitLetterboxesAWideVideoInATallView() {
        let rect = ContentMode.fit.placement(aspect: 16.0 / 9, width: 800, height: 800)
        XCTAssertEqual(rect.width, 800)
        XCTAssertEqual(rect.height, 450, accuracy: 0.01)
        XCTAssertEqual(rect.x, 0)
        XCTAssertEqual(rect.y, 175, accuracy: 0.01)
    }

    func testFitPillarboxesATallVideo() {
        let rect = ContentMode.fit.placement(aspect: 9.0 / 16, width: 1600, height: 900)
        XCTAssertEqual(rect.height, 900)
        XCTAssertEqual(rect.width, 506.25, accuracy: 0.01)
        XCTAssertEqual(rect.x, (1600 - 506.25) / 2, accuracy: 0.01)
    }

    func testFillCoversTheViewAndOverflows() {
        let rect = ContentMode.fill.placement(aspect: 16.0 / 9, width: 800, height: 800)
        XCTAssertEqual(rect.height, 800)
        XCTAssertEqual(rect.width, 1422.22, accuracy: 0.01)
        XCTAssertLessThan(rect.x, 0)
    }

    func testStretchIsTheView() {
        XCTAssertEqual(ContentMode.stretch.placement(aspect: 16.0 / 9, width: 300, height: 700),
                       ContentMode.Rect(x: 0, y: 0, width: 300, height: 700))
    }

    func testUnknownAspectFillsTheView() {
        XCTAssertEqual(ContentMode.fit.placement(aspect: 0, width: 300, height: 200),
                       ContentMode.Rect(x: 0, y: 0, width: 300, height: 200))
    }

    func testBarsCoverWhatThePictureLeavesAndNothingWhenItCovers() {
        let letterbox = ContentMode.fit.placement(aspect: 16.0 / 9, width: 800, height: 800)
        let bars = ContentMode.bars(around: letterbox, width: 800, height: 800)
        XCTAssertEqual(bars.count, 2)
        XCTAssertEqual(bars[0], ContentMode.Rect(x: 0, y: 0, width: 800, height: 175))
        XCTAssertEqual(bars[1], ContentMode.Rect(x: 0, y: 625, width: 800, height: 175))
        let pillar = ContentMode.fit.placement(aspect: 1, width: 400, height: 200)
        XCTAssertEqual(ContentMode.bars(around: pillar, width: 400, height: 200).map(\.width), [100, 100])
        XCTAssertTrue(ContentMode.bars(around: ContentMode.fill.placement(aspect: 2, width: 300, height: 300),
                                       width: 300, height: 300).isEmpty)
        XCTAssertTrue(ContentMode.bars(around: ContentMode.stretch.placement(aspect: 2, width: 300, height: 300),
                                       width: 300, height: 300).isEmpty)
    }

    func testTheAKeyCyclesThroughEveryMode() {
        XCTAssertEqual(ContentMode.fit.next, .fill)
        XCTAssertEqual(ContentMode.fill.next, .stretch)
        XCTAssertEqual(ContentMode.stretch.next, .fit)
    }
}

final class ConversionSizeTests: XCTestCase {
    let source = ConversionSize(width: 1920, height: 1080)

    func testConvertsAtTheDrawnSize() {
        XCTAssertEqual(ConversionSize.target(source: source, drawn: ConversionSize(width: 1280, height: 720)),
                       ConversionSize(width: 1280, height: 720))
    }

    func testNeverUpscales() {
        XCTAssertEqual(ConversionSize.target(source: source, drawn: ConversionSize(width: 3840, height: 2160)), source)
        XCTAssertEqual(ConversionSize.target(source: source, drawn: nil), source)
        XCTAssertEqual(ConversionSize.target(source: source, drawn: ConversionSize(width: 0, height: 0)), source)
    }

    func testUpscalesWhenAskedWithinLimits() {
        let small = ConversionSize(width: 640, height: 360)
        // A 640×360 clip in fill mode across a 1000×220 banner: covers 1000×563.
        XCTAssertEqual(ConversionSize.target(source: small, drawn: ConversionSize(width: 1000, height: 563), upscale: true),
                       ConversionSize(width: 1002, height: 564))
        XCTAssertEqual(ConversionSize.target(source: small, drawn: ConversionSize(width: 1000, height: 563)), small)
        // At most 4× and 4K.
        XCTAssertEqual(ConversionSize.target(source: ConversionSize(width: 320, height: 180),
                                             drawn: ConversionSize(width: 3840, height: 2160), upscale: true),
                       ConversionSize(width: 1280, height: 720))
        XCTAssertEqual(ConversionSize.target(source: source, drawn: ConversionSize(width: 7680, height: 4320), upscale: true),
                       ConversionSize(width: 3840, height: 2160))
        // Smaller drawn sizes still scale down.
        XCTAssertEqual(ConversionSize.target(source: source, drawn: ConversionSize(width: 1280, height: 720), upscale: true),
                       ConversionSize(width: 1280, height: 720))
    }

    func testKeepsTheSourceAspectAndEvenSizes() {
        // Stretched into a square: cover it, keep 16:9, even numbers.
        let target = ConversionSize.target(source: source, drawn: ConversionSize(width: 501, height: 501))
        XCTAssertEqual(target.width % 2, 0)
        XCTAssertEqual(target.height % 2, 0)
        XCTAssertGreaterThanOrEqual(target.width, 501)
        XCTAssertGreaterThanOrEqual(target.height, 501)
        XCTAssertEqual(Double(target.width) / Double(target.height), 16.0 / 9, accuracy: 0.01)
    }

    func testSmallChangesAreIgnored() {
        let size = ConversionSize(width: 1280, height: 720)
        XCTAssertFalse(ConversionSize(width: 1290, height: 725).differsNoticeably(from: size))
        XCTAssertTrue(ConversionSize(width: 1000, height: 720).differsNoticeably(from: size))
    }
}

final class PlayerDecisionTests: XCTestCase {
    func testSpeedSteps() {
        XCTAssertEqual(PlaybackSpeed.faster(than: 1), 1.25)
        XCTAssertEqual(PlaybackSpeed.faster(than: 2), 2)
        XCTAssertEqual(PlaybackSpeed.slower(than: 1), 0.75)
        XCTAssertEqual(PlaybackSpeed.slower(than: 0.5), 0.5)
        XCTAssertEqual(PlaybackSpeed.label(1.25), "1.25×")
        XCTAssertEqual(PlaybackSpeed.label(2), "2×")
        XCTAssertEqual(PlaybackSpeed.label(0.5), "0.5×")
        XCTAssertEqual(PlaybackSpeed.rate(forKey: "0.75"), 0.75)
        XCTAssertNil(PlaybackSpeed.rate(forKey: "3"))
        XCTAssertNil(PlaybackSpeed.rate(forKey: "fast"))
    }

    func testOnlyLongVideosAreRemembered() {
        XCTAssertNil(ResumePolicy.positionToRemember(60, duration: 120), "short clips start over")
        XCTAssertEqual(ResumePolicy.positionToRemember(100, duration: 600), 100)
        XCTAssertNil(ResumePolicy.positionToRemember(3, duration: 600), "nothing to resume at the start")
        XCTAssertNil(ResumePolicy.positionToRemember(595, duration: 600), "watched to the end")
        XCTAssertNil(ResumePolicy.positionToRemember(nil, duration: 600))
        XCTAssertNil(ResumePolicy.positionToRemember(100, duration: nil), "live streams have no end")
        // The person's minimum (Preferences): 0 remembers short clips too.
        XCTAssertEqual(ResumePolicy.positionToRemember(60, duration: 120, minimumDuration: 0), 60)
        XCTAssertNil(ResumePolicy.positionToRemember(100, duration: 600, minimumDuration: 600), "not longer than ten minutes")
    }

    func testRotationTags() {
        XCTAssertEqual(VideoRotation.degrees(fromTag: "rotate-90"), 90)
        XCTAssertEqual(VideoRotation.degrees(fromTag: "rotate-270"), 270)
        XCTAssertEqual(VideoRotation.degrees(fromTag: "flip-rotate-180"), 180)
        XCTAssertEqual(VideoRotation.degrees(fromTag: "rotate-0"), 0)
        XCTAssertEqual(VideoRotation.degrees(fromTag: "rotate-45"), 0)
        XCTAssertEqual(VideoRotation.degrees(fromTag: "garbage"), 0)
    }

    func testMissingCodecNames() {
        XCTAssertEqual(VideoProblem.codecName(fromMissingPlugin: "H.264 (High Profile) decoder"), "H.264 (High Profile)")
        XCTAssertEqual(VideoProblem.codecName(fromMissingPlugin: "Matroska demuxer"), "Matroska")
        XCTAssertEqual(VideoProblem.codecName(fromMissingPlugin: "VP9"), "VP9")
        XCTAssertEqual(VideoProblem.unsupportedCodec("VP9").kind, "unsupported-codec")
    }

    func testHTTPStatusWords() {
        XCTAssertEqual(HTTPStatus.describe(404), "HTTP 404 (Not Found)")
        XCTAssertEqual(HTTPStatus.describe(418), "HTTP 418")
    }

    func testEndActionsHaveTitles() {
        XCTAssertEqual(EndAction.allCases.map(\.rawValue), ["stop", "close", "next", "repeat-queue", "loop"])
        XCTAssertEqual(EndAction.allCases.filter { $0.queueEnds == .wrap }, [.repeatQueue])
        XCTAssertTrue(EndAction.allCases.allSatisfy { !$0.title.isEmpty })
    }
}

final class RendererChoiceTests: XCTestCase {
    func testSoftwareGLIsAvoidedUnlessTheUserChose() {
        XCTAssertEqual(RendererChoice.environment(current: [:], hasGPURenderNode: false),
                       ["GSK_RENDERER": "cairo", "GDK_DEBUG": "gl-disable"])
        XCTAssertEqual(RendererChoice.environment(current: ["GDK_DEBUG": "events"], hasGPURenderNode: false)["GDK_DEBUG"],
                       "events,gl-disable")
        XCTAssertEqual(RendererChoice.environment(current: [:], hasGPURenderNode: true), [:])
        XCTAssertEqual(RendererChoice.environment(current: ["GSK_RENDERER": "gl"], hasGPURenderNode: false), [:])
        XCTAssertEqual(RendererChoice.environment(current: ["GSK_RENDERER": ""], hasGPURenderNode: false)["GSK_RENDERER"], "cairo")
    }
}

final class StripPolicyTests: XCTestCase {
    func testPlaysOnlyInViewWithNothingElsePlaying() {
        var policy = StripPolicy()
        XCTAssertEqual(policy.decision(hasPipeline: false), .idle, "out of view: no pipeline is started")
        policy.inView = true
        XCTAssertEqual(policy.decision(hasPipeline: false), .play)
        policy.otherPlayback = true
        XCTAssertEqual(policy.decision(hasPipeline: true), .suspend, "the player has the stage: its decoder is freed")
        XCTAssertEqual(policy.decision(hasPipeline: false), .idle)
        policy.otherPlayback = false
        policy.windowHidden = true
        XCTAssertEqual(policy.decision(hasPipeline: true), .pause, "minimized")
        policy.otherPlayback = true
        XCTAssertEqual(policy.decision(hasPipeline: true), .suspend, "minimized with the mini window playing")
        policy.otherPlayback = false
        policy.windowHidden = false
        XCTAssertEqual(policy.decision(hasPipeline: true), .play, "resumes")
    }
}
