import XCTest
@testable import ReelCore

private let second: Int64 = 1_000_000_000
private let ms: Int64 = 1_000_000

final class FrameRateTests: XCTestCase {
    func testFrameTimesMatchGStreamersStamps() {
        // GStreamer stamps frame i at i × den × 1e9 / num, rounded down.
        XCTAssertEqual(FrameRate(24).time(ofFrame: 1), 41_666_666)
        XCTAssertEqual(FrameRate(25).time(ofFrame: 3), 120_000_000)
        XCTAssertEqual(FrameRate(30000, 1001).time(ofFrame: 1), 33_366_666)
        XCTAssertEqual(FrameRate(60).time(ofFrame: 60), second)
        // Hours in, no overflow and no drift.
        XCTAssertEqual(FrameRate(30000, 1001).time(ofFrame: 30000 * 3600), 1001 * 3600 * second)
    }

    func testRoundingGoesToTheNearestFrameStartAtEachRate() {
        for rate in [FrameRate(24), FrameRate(25), FrameRate(30), FrameRate(60), FrameRate(30000, 1001)] {
            for index: Int64 in [0, 1, 7, 29, 1000] {
                let start = rate.time(ofFrame: index), next = rate.time(ofFrame: index + 1)
                XCTAssertEqual(rate.rounded(start), start, "\(rate) frame \(index) stays")
                XCTAssertEqual(rate.rounded(start + (next - start) / 3), start, "\(rate) a third in goes back")
                XCTAssertEqual(rate.rounded(next - (next - start) / 3), next, "\(rate) two thirds in goes on")
                XCTAssertEqual(rate.frame(at: start), index)
                XCTAssertEqual(rate.frame(at: next - 1), index)
            }
        }
        // 1.01 s: frame 24 at 24 fps (1.0 s), 25 at 25 fps, 30 at 30, 61 at 60.
        XCTAssertEqual(FrameRate(24).rounded(1010 * ms), second)
        XCTAssertEqual(FrameRate(25).rounded(1010 * ms), second)
        XCTAssertEqual(FrameRate(30).rounded(1010 * ms), second)
        XCTAssertEqual(FrameRate(60).rounded(1010 * ms), FrameRate(60).time(ofFrame: 61))
        XCTAssertEqual(FrameRate(60).rounded(-5), 0)
    }

    /// What a container states: camera rates as they are, an average or
    /// no rate at all as variable.
    func testAStatedRateThatIsNoCamerasIsVariable() {
        for (numerator, denominator) in [(30, 1), (30000, 1001), (24000, 1001), (25, 1), (60, 1), (60000, 1001), (15, 1),
                                         (120, 1), (50, 1), (2997, 100)] {
            let rate = FrameRate.stated(Int64(numerator), Int64(denominator))
            XCTAssertFalse(rate.isVariable, "\(numerator)/\(denominator)")
            XCTAssertEqual([rate.numerator, rate.denominator], [Int64(numerator), Int64(denominator)])
        }
        for (numerator, denominator) in [(116, 3), (5900, 100), (2987, 100), (7200, 241)] {
            XCTAssertTrue(FrameRate.stated(Int64(numerator), Int64(denominator)).isVariable, "\(numerator)/\(denominator)")
        }
        XCTAssertTrue(FrameRate.stated(0, 1).isVariable, "no rate stated")
        // A variable clip's trim keeps milliseconds, not the average's grid.
        XCTAssertEqual(FrameRate.stated(116, 3).rounded(second), second)
        XCTAssertNotEqual(FrameRate(116, 3).rounded(second), second, "the average's grid would move it")
    }

    func testVariableRateKeepsTheTimeToTheMillisecond() {
        let vfr = FrameRate(30, isVariable: true)
        XCTAssertEqual(vfr.rounded(1_234_567_890), 1_235 * ms)
        XCTAssertEqual(vfr.rounded(1_234_400_000), 1_234 * ms)
    }
}

final class MovieClipTests: XCTestCase {
    func clip(_ seconds: Int64 = 10, _ rate: FrameRate = FrameRate(30), width: Int = 1920, height: Int = 1080) -> MovieClip {
        MovieClip(uri: "file:///videos/My%20clip.mp4", sourceDuration: seconds * second, frameRate: rate,
                  width: width, height: height)
    }

    func testAClipStartsWholeAndTrimsOntoFrames() {
        var c = clip()
        XCTAssertEqual(c.duration, 10 * second)
        c.trim(from: 1_010 * ms, to: 4_020 * ms)
        XCTAssertEqual(c.trimIn, second)
        XCTAssertEqual(c.trimOut, FrameRate(30).time(ofFrame: 121))
        var film = clip(10, FrameRate(24))
        film.trim(from: 2_030 * ms, to: 5 * second)
        XCTAssertEqual(film.trimIn, FrameRate(24).time(ofFrame: 49), "2.03 s is nearest frame 49 at 24 fps")
        var pal = clip(10, FrameRate(25))
        pal.trim(from: 2_030 * ms, to: 5 * second)
        XCTAssertEqual(pal.trimIn, 2_040 * ms, "2.03 s is nearest frame 51 at 25 fps")
    }

    func testTrimsStayInsideTheSourceAndApart() {
        var c = clip(5)
        c.trim(from: -3 * second, to: 20 * second)
        XCTAssertEqual(c.trimIn, 0)
        XCTAssertEqual(c.trimOut, 5 * second)
        c.trim(from: 3 * second, to: 2 * second)
        XCTAssertEqual(c.duration, c.shortestDuration, "crossed points keep the shortest clip")
        XCTAssertEqual(c.trimIn, 3 * second)
        c.trim(from: 5 * second, to: 5 * second)
        XCTAssertEqual(c.trimOut, 5 * second)
        XCTAssertEqual(c.duration, c.shortestDuration, "at the very end the start moves back")
    }

    func testNameIsTheDecodedFileName() {
        XCTAssertEqual(clip().name, "My clip.mp4")
        XCTAssertFalse(clip().isPortrait)
        XCTAssertTrue(clip(width: 720, height: 1280).isPortrait)
    }
}

final class MovieSizeTests: XCTestCase {
    func testSizesFollowTheFirstClipsOrientation() {
        XCTAssertTrue(MovieSize.asFirstClip.frame(first: (641, 361)) == (640, 360))
        XCTAssertTrue(MovieSize.fullHD.frame(first: (640, 360)) == (1920, 1080))
        XCTAssertTrue(MovieSize.hd.frame(first: (360, 640)) == (720, 1280))
    }

    func testFittingLetterboxesAndNeverStretches() {
        // Portrait into landscape: full height, bars left and right.
        XCTAssertTrue(MovieSize.fit((720, 1280), into: (1280, 720)) == (438, 0, 404, 720))
        // Wider than the frame: full width, bars above and below.
        XCTAssertTrue(MovieSize.fit((1920, 800), into: (1280, 720)) == (0, 94, 1280, 532))
        // Same shape: the whole frame.
        XCTAssertTrue(MovieSize.fit((640, 360), into: (1920, 1080)) == (0, 0, 1920, 1080))
    }
}

final class MoviePlanTests: XCTestCase {
    func clip(_ seconds: Int64, _ rate: FrameRate, trim: (Int64, Int64)? = nil, width: Int = 640, height: Int = 360) -> MovieClip {
        var c = MovieClip(uri: "file:///c\(seconds).mp4", sourceDuration: seconds * second, frameRate: rate,
                          width: width, height: height)
        if let trim { c.trim(from: trim.0, to: trim.1) }
        return c
    }

    func testClipsFollowEachOtherAndTheLengthIsTheSumOfTrims() {
        var edit = MovieEdit()
        edit.clips = [clip(10, FrameRate(30), trim: (1 * second, 3 * second)),
                      clip(10, FrameRate(25), trim: (2 * second, 3_040 * ms)),
                      clip(10, FrameRate(24), trim: (0, 1_500 * ms))]
        let plan = edit.plan
        XCTAssertEqual(plan.frameRate, FrameRate(30))
        XCTAssertEqual(plan.placements.map(\.inpoint), [1 * second, 2 * second, 0])
        XCTAssertEqual(plan.placements[0].start, 0)
        for (a, b) in zip(plan.placements, plan.placements.dropFirst()) {
            XCTAssertEqual(b.start, a.end, "no gap and no overlap")
        }
        let sum = edit.clips.map(\.duration).reduce(0, +)
        XCTAssertLessThanOrEqual(abs(plan.duration - sum), FrameRate(30).frameDuration / 2 + 1)
        XCTAssertEqual(edit.duration, plan.duration)
        // Every clip starts on the movie's frame grid.
        for placement in plan.placements {
            XCTAssertEqual(FrameRate(30).rounded(placement.start), placement.start)
        }
        // GES reads each source from just past its in point: past a frame
        // before it that ends a millisecond late, never at the next frame
        // (a 240 fps frame lasts 4.2 ms).
        for placement in plan.placements {
            XCTAssertGreaterThanOrEqual(placement.sourceStart - placement.inpoint, ms / 2)
            XCTAssertLessThan(placement.sourceStart - placement.inpoint, FrameRate(240).frameDuration / 2)
        }
    }

    func testManyShortClipsDoNotDrift() {
        var edit = MovieEdit()
        // 120 ms each (three 25 fps frames, 3.6 frames of the movie).
        edit.clips = (0..<50).map { _ in clip(1, FrameRate(25), trim: (0, 120 * ms)) }
        let sum = edit.clips.map(\.duration).reduce(0, +)
        XCTAssertEqual(sum, 6 * second)
        XCTAssertLessThanOrEqual(abs(edit.duration - sum), FrameRate(30).frameDuration)
    }

    func testAVariableRateFirstClipGivesTheNearestStandardRate() {
        var edit = MovieEdit()
        edit.clips = [clip(5, FrameRate(2997, 100, isVariable: true)), clip(5, FrameRate(60))]
        XCTAssertEqual(edit.frameRate, FrameRate(30))
        edit.clips = [clip(5, FrameRate(5900, 100, isVariable: true))]
        XCTAssertEqual(edit.frameRate, FrameRate(60))
        edit.clips = [clip(5, FrameRate(60))]
        XCTAssertEqual(edit.frameRate, FrameRate(60))
        XCTAssertEqual(MovieEdit().frameRate, FrameRate(30))
    }

    func testCrossfadeOverlapsHalfASecondAndShortensTheMovie() {
        var edit = MovieEdit()
        edit.clips = [clip(4, FrameRate(30)), clip(4, FrameRate(30)), clip(1, FrameRate(30))]
        edit.crossfade = true
        let plan = edit.plan
        XCTAssertEqual(plan.placements[0].end - plan.placements[1].start, 500 * ms)
        // Next to a 1 s clip the overlap is a third of it, on a frame.
        XCTAssertEqual(plan.placements[1].end - plan.placements[2].start, FrameRate(30).time(ofFrame: 10))
        XCTAssertEqual(plan.duration, 9 * second - 500 * ms - FrameRate(30).time(ofFrame: 10))
        // A clip never lies under its neighbours whole.
        for (a, b) in zip(plan.placements, plan.placements.dropFirst(2)) { XCTAssertLessThan(a.end, b.start) }
    }

    func testPortraitClipsAreLetterboxedInTheFirstClipsFrame() {
        var edit = MovieEdit()
        edit.clips = [clip(2, FrameRate(30)), clip(2, FrameRate(30), width: 360, height: 640)]
        let plan = edit.plan
        XCTAssertTrue(plan.placements[0].picture == (0, 0, 640, 360))
        XCTAssertTrue(plan.placements[1].picture == (219, 0, 202, 360))
        edit.output.size = .hd
        XCTAssertEqual(edit.plan.width, 1280)
        XCTAssertEqual(edit.plan.height, 720)
    }

    func testMusicLoopsOrIsCutAndFades() {
        var edit = MovieEdit()
        edit.clips = [clip(10, FrameRate(30))]
        edit.music = MovieMusic(uri: "file:///m.ogg", sourceDuration: 4 * second, volume: 0.3)
        var plan = edit.plan
        XCTAssertEqual(plan.music.map(\.start), [0, 4 * second, 8 * second])
        XCTAssertEqual(plan.music.map(\.duration), [4 * second, 4 * second, 2 * second])
        XCTAssertEqual(plan.music.map(\.inpoint), [0, 0, 0])
        XCTAssertEqual(plan.musicVolume(at: 0), 0)
        XCTAssertEqual(plan.musicVolume(at: 500 * ms), 0.15, accuracy: 1e-9)
        XCTAssertEqual(plan.musicVolume(at: 5 * second), 0.3, accuracy: 1e-9)
        XCTAssertEqual(plan.musicVolume(at: 9_500 * ms), 0.15, accuracy: 1e-9)
        XCTAssertEqual(plan.musicSteady, second...(9 * second))
        // Each piece's points are on its own clock.
        XCTAssertEqual(plan.music[2].volumePoints, [MoviePlan.VolumePoint(time: 0, volume: 0.3),
                                                    MoviePlan.VolumePoint(time: second, volume: 0.3),
                                                    MoviePlan.VolumePoint(time: 2 * second, volume: 0)])
        XCTAssertEqual(plan.clipGain, 1)

        edit.music?.ending = .cut
        edit.clipSound = .lower
        plan = edit.plan
        XCTAssertEqual(plan.music.map(\.duration), [4 * second])
        XCTAssertEqual(plan.musicVolume(at: 3_500 * ms), 0.15, accuracy: 1e-9, "the fade out ends with the music")
        XCTAssertEqual(plan.musicVolume(at: 6 * second), 0)
        XCTAssertEqual(plan.clipGain, 0.3)
        edit.clipSound = .mute
        XCTAssertEqual(edit.plan.clipGain, 0)
    }

    func testFadesLongerThanTheMusicShareIt() {
        var edit = MovieEdit()
        edit.clips = [clip(1, FrameRate(30))]
        edit.music = MovieMusic(uri: "file:///m.ogg", sourceDuration: 10 * second, fadeIn: 3 * second, fadeOut: second)
        let plan = edit.plan
        XCTAssertEqual(plan.musicSteady, 750 * ms...750 * ms)
        XCTAssertEqual(plan.musicVolume(at: 750 * ms), 1, accuracy: 1e-9)
    }

    func testLoweringNeedsMusic() {
        XCTAssertEqual(ClipSound.lower.gain(withMusic: false), 1)
        XCTAssertEqual(ClipSound.keep.gain(withMusic: true), 1)
    }
}

final class MovieEditorTests: XCTestCase {
    func clip(_ name: String, seconds: Int64 = 10) -> MovieClip {
        MovieClip(uri: "file:///\(name).mp4", sourceDuration: seconds * second, frameRate: FrameRate(30),
                  width: 640, height: 360)
    }

    func testEveryEditUndoesAndRedoes() {
        var editor = MovieEditor()
        let a = clip("a"), b = clip("b"), c = clip("c")
        editor.add([a, b])
        editor.add([c], at: 0)
        XCTAssertEqual(editor.edit.clips.map(\.id), [c.id, a.id, b.id])
        editor.move(c.id, to: 2)
        XCTAssertEqual(editor.edit.clips.map(\.id), [a.id, b.id, c.id])
        editor.trim(b.id, from: 2 * second, to: 5 * second)
        editor.remove(a.id)
        editor.setMusic(MovieMusic(uri: "file:///m.ogg", sourceDuration: 60 * second))
        editor.changeMusic { $0.volume = 0.3 }
        editor.changeMusic { $0.ending = .cut }
        editor.setClipSound(.mute)
        editor.setCrossfade(true)
        editor.setOutput(MovieOutput(container: .webm, size: .hd))
        let last = editor.edit
        var states: [MovieEdit] = []
        while editor.canUndo {
            states.append(editor.edit)
            editor.undo()
        }
        XCTAssertEqual(states.count, 11, "one step per edit")
        XCTAssertEqual(editor.edit, MovieEdit())
        editor.redo()
        XCTAssertEqual(editor.edit.clips.map(\.id), [a.id, b.id])
        while editor.canRedo { editor.redo() }
        XCTAssertEqual(editor.edit, last)
        editor.undo()
        editor.undo()
        XCTAssertEqual(editor.edit.clipSound, .mute)
        XCTAssertFalse(editor.edit.crossfade)
        XCTAssertEqual(editor.edit.music?.volume, 0.3)
        XCTAssertEqual(editor.edit.music?.ending, .cut)
        XCTAssertEqual(editor.edit.clips[0].trimIn, 2 * second)
    }

    func testANewEditDropsTheRedoAndNothingChangedIsNoStep() {
        var editor = MovieEditor()
        let a = clip("a")
        editor.add([a])
        editor.trim(a.id, from: second, to: 2 * second)
        editor.undo()
        XCTAssertTrue(editor.canRedo)
        editor.trim(a.id, from: 0, to: 3 * second)
        XCTAssertFalse(editor.canRedo)
        editor.trim(a.id, from: 0, to: 3 * second)
        editor.move(a.id, to: 0)
        editor.changeMusic { $0.volume = 0.5 }
        editor.remove(clip("other").id)
        editor.undo()
        XCTAssertEqual(editor.edit.clips[0].duration, 10 * second, "the same trim again was no step")
        editor.undo()
        XCTAssertFalse(editor.canUndo)
    }

    func testUndoIsLimited() {
        var editor = MovieEditor(limit: 3)
        let a = clip("a")
        editor.add([a])
        for step: Int64 in 1...5 { editor.trim(a.id, from: step * second, to: 9 * second) }
        var count = 0
        while editor.canUndo { editor.undo(); count += 1 }
        XCTAssertEqual(count, 3)
        XCTAssertEqual(editor.edit.clips[0].trimIn, 2 * second)
    }

    func testMusicFadesAndEndingAreStepsKeptInRange() {
        var editor = MovieEditor()
        editor.add([clip("a")])
        editor.setMusic(MovieMusic(uri: "file:///m.ogg", sourceDuration: 4 * second))
        XCTAssertEqual(editor.edit.music?.fadeIn, second, "a second's fade unless the person changes it")
        XCTAssertEqual(editor.edit.music?.fadeOut, second)
        XCTAssertEqual(editor.edit.music?.ending, .loop)
        editor.changeMusic { $0.fadeIn = 2_500 * ms }
        editor.changeMusic { $0.fadeOut = 0 }
        editor.changeMusic { $0.ending = .cut }
        XCTAssertEqual(editor.edit.music?.fadeIn, 2_500 * ms)
        XCTAssertEqual(editor.edit.plan.musicVolume(at: 4 * second - 1), 1, accuracy: 1e-6, "no fade out: full to its end")
        editor.undo()
        XCTAssertEqual(editor.edit.music?.ending, .loop)
        editor.undo()
        XCTAssertEqual(editor.edit.music?.fadeOut, second)
        editor.undo()
        XCTAssertEqual(editor.edit.music?.fadeIn, second)
        // Out of range: none, or the longest the page offers.
        editor.changeMusic { $0.fadeIn = -second }
        editor.changeMusic { $0.fadeOut = 60 * second }
        XCTAssertEqual(editor.edit.music?.fadeIn, 0)
        XCTAssertEqual(editor.edit.music?.fadeOut, MovieMusic.longestFade)
        XCTAssertEqual(MovieMusic(uri: "file:///m.ogg", sourceDuration: second, fadeIn: 99 * second).fadeIn, MovieMusic.longestFade)
    }

    func testMusicVolumeStaysBetweenSilentAndFull() {
        var music = MovieMusic(uri: "file:///m.ogg", sourceDuration: second, volume: 2)
        XCTAssertEqual(music.volume, 1)
        music.volume = -1
        XCTAssertEqual(music.volume, 0)
    }
}

final class MovieOutputTests: XCTestCase {
    func testEachContainerTakesItsOwnEncoders() {
        let installed: Set = ["mp4mux", "h264parse", "aacparse", "x264enc", "avenc_aac", "webmmux", "vp8enc", "vp9enc", "opusenc"]
        XCTAssertEqual(MovieOutput(container: .mp4).format { installed.contains($0) },
                       RecordingFormat(container: .mp4, videoEncoder: "x264enc", audioEncoder: "avenc_aac"))
        XCTAssertEqual(MovieOutput(container: .webm).format { installed.contains($0) },
                       RecordingFormat(container: .webm, videoEncoder: "vp8enc", audioEncoder: "opusenc"))
        let noH264 = installed.subtracting(["x264enc"])
        XCTAssertNil(MovieOutput(container: .mp4).format { noH264.contains($0) })
        XCTAssertEqual(MovieOutput.availableContainers { noH264.contains($0) }, [.webm])
        XCTAssertEqual(MovieOutput.availableContainers { installed.contains($0) }, [.mp4, .webm])
    }

    func testProblemsSayWhatAndWhich() {
        XCTAssertEqual(MovieProblem.diskFull.text, "The disk is full. The movie was not saved.")
        XCTAssertTrue(MovieProblem.missingSource("clip.mp4").text.contains("“clip.mp4”"))
        XCTAssertEqual(MovieProblem.missingSource("x").kind, "missing-source")
    }

    func testExportWaitsForClipsThenFilesThenAnEncoder() {
        var edit = MovieEdit()
        XCTAssertEqual(edit.exportBlocker(missing: [], hasEncoder: true), .empty)
        XCTAssertEqual(edit.exportBlocker(missing: ["gone.mp4"], hasEncoder: false), .empty, "clips first: nothing to find yet")
        edit.clips = [MovieClip(uri: "file:///a.mp4", sourceDuration: 1_000_000_000, frameRate: FrameRate(30), width: 640, height: 360)]
        XCTAssertEqual(edit.exportBlocker(missing: ["a.mp4", "song.ogg"], hasEncoder: false), .missingSource("a.mp4"))
        XCTAssertEqual(edit.exportBlocker(missing: [], hasEncoder: false), .noEncoder)
        XCTAssertNil(edit.exportBlocker(missing: [], hasEncoder: true))
    }
}
