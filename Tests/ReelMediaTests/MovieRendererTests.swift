import CGLib
import CGst
import Foundation
import GLibKit
import ReelCore
import XCTest
@testable import ReelMedia

/// The movie maker's engine on real files through GES: trims, order,
/// letterboxing, music level, every container, cancelling, a full disk, a
/// missing source. Every movie is decoded back and looked at.
final class MovieRendererTests: XCTestCase {
    private var folder = ""
    private let second: Int64 = 1_000_000_000

    override func setUpWithError() throws {
        try MediaSystem.initialize()
        folder = MediaFixture.shared.makeFolder("movies")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func uri(_ path: String) -> String { MediaFixture.uri(path) }

    /// The landscape clip from its white frame (1.0 s) to 2.5 s, then the
    /// portrait one from its white frame (1.0 s) to 2.2 s.
    private func twoTrimmedClips() throws -> MovieEdit {
        var editor = MovieEditor()
        var landscape = try MovieSource.clip(uri(MovieFixture.shared.landscape))
        var portrait = try MovieSource.clip(uri(MovieFixture.shared.portrait))
        XCTAssertEqual(landscape.frameRate, FrameRate(30))
        XCTAssertEqual(portrait.frameRate, FrameRate(25))
        XCTAssertTrue(portrait.isPortrait)
        XCTAssertFalse(portrait.hasSound)
        // Trimmed a little off the frame: the model moves it onto the frame.
        landscape.trim(from: second + 4_000_000, to: 2_500_000_000)
        portrait.trim(from: second - 6_000_000, to: 2_200_000_000)
        editor.add([portrait, landscape])
        editor.move(landscape.id, to: 0)
        return editor.edit
    }

    private func visibleFiles() -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    }

    func testTrimmedClipsWithMusicMakeAnMP4OfTheTrimmedLength() throws {
        var edit = try twoTrimmedClips()
        var music = try MovieSource.music(uri(MovieFixture.shared.music))
        music.volume = 0.3
        edit.music = music
        edit.clipSound = .mute
        let outcome = MovieRenderer(edit: edit, folder: folder).run()
        guard case .saved(let path) = outcome else { return XCTFail("not saved: \(outcome)") }
        XCTAssertTrue((path as NSString).lastPathComponent.hasPrefix("Movie "), path)
        XCTAssertTrue(path.hasSuffix(".mp4"))
        XCTAssertEqual(visibleFiles(), [(path as NSString).lastPathComponent], "only the movie, no hidden file")

        guard case .video(let info) = MediaProbe().probe(uri(path)) else { return XCTFail("the movie does not play") }
        XCTAssertEqual(info.videoCodec?.contains("H.264"), true, info.videoCodec ?? "no video")
        XCTAssertEqual(info.audioCodec?.contains("AAC"), true, info.audioCodec ?? "no sound")
        XCTAssertEqual(info.width, 320)
        XCTAssertEqual(info.height, 180)

        let movie = try DecodedMovie(path)
        let frame = FrameRate(30).frameDuration
        let trims = edit.clips.map(\.duration).reduce(0, +)
        XCTAssertEqual(trims, 2_700_000_000)
        XCTAssertLessThanOrEqual(abs(movie.videoDuration - trims), frame + 1, "length \(movie.videoDuration)")

        // Each clip starts on the frame it was trimmed to: the white one.
        let plan = edit.plan
        for placement in plan.placements {
            let first = try XCTUnwrap(movie.frame(at: placement.start))
            let (r, g, b) = first.colour(x: 160, y: 90)
            XCTAssertTrue(r > 200 && g > 200 && b > 200, "\(placement.clip.name) starts white, not (\(r), \(g), \(b))")
            let next = try XCTUnwrap(movie.frame(at: placement.start + FrameRate(25).frameDuration))
            XCTAssertFalse(next.colour(x: 160, y: 90).0 > 200 && next.colour(x: 160, y: 90).1 > 200,
                           "one frame later it is no longer white")
        }
        // The portrait clip stands in the middle with black bars beside it.
        let portrait = try XCTUnwrap(movie.frame(at: plan.placements[1].start + second / 2))
        let (r, g, b) = portrait.colour(x: 160, y: 90)
        XCTAssertTrue(b > 200 && r < 60 && g < 60, "the portrait clip's blue in the middle, not (\(r), \(g), \(b))")
        for x in [10, 309] {
            let bar = portrait.colour(x: x, y: 90)
            XCTAssertTrue(bar.0 < 30 && bar.1 < 30 && bar.2 < 30, "black bar at x=\(x), not \(bar)")
        }
        // Only the music is heard, at 30 % (the 2 s music loops under 2.7 s).
        let steady = try XCTUnwrap(plan.musicSteady)
        let level = movie.rms(from: steady.lowerBound + 100_000_000, to: steady.upperBound - 100_000_000)
        let expected = MovieFixture.musicRMS * 0.3
        XCTAssertEqual(20 * log10(level / expected), 0, accuracy: 1, "music level \(level), expected \(expected)")
        // After the loop point (2 s) the music goes on, fading out to the
        // end as planned (the fade's times are on the second play's clock).
        let fading = MovieFixture.musicRMS * plan.musicVolume(at: 2_250_000_000)
        XCTAssertEqual(20 * log10(movie.rms(from: 2_150_000_000, to: 2_350_000_000) / fading), 0, accuracy: 1)
        XCTAssertLessThan(movie.rms(from: 2_600_000_000, to: 2_700_000_000), expected / 4, "faded out at the end")
        // And it fades in from silence.
        XCTAssertLessThan(movie.rms(from: 0, to: 100_000_000), expected / 4)
    }

    func testACrossfadeMixesTheClipsAndShortensTheMovie() throws {
        var edit = try twoTrimmedClips()
        // 1.6 s: long enough for the whole half second on its side.
        edit.clips[1].trim(from: second, to: 2_600_000_000)
        edit.crossfade = true
        let outcome = MovieRenderer(edit: edit, folder: folder).run()
        guard case .saved(let path) = outcome else { return XCTFail("not saved: \(outcome)") }
        let movie = try DecodedMovie(path)
        let plan = edit.plan
        XCTAssertEqual(plan.placements[0].end - plan.placements[1].start, 500_000_000)
        XCTAssertLessThanOrEqual(abs(movie.videoDuration - (3_100_000_000 - 500_000_000)), FrameRate(30).frameDuration + 1)
        // Halfway through the crossfade: the first clip's green and the
        // second's blue, each partly.
        let middle = try XCTUnwrap(movie.frame(at: plan.placements[1].start + 250_000_000)).colour(x: 160, y: 90)
        XCTAssertTrue(middle.1 > 40 && middle.1 < 215 && middle.2 > 40 && middle.2 < 215, "a mix, not \(middle)")
        // Before it only the first clip, after it only the second.
        let before = try XCTUnwrap(movie.frame(at: plan.placements[1].start - 100_000_000)).colour(x: 160, y: 90)
        XCTAssertTrue(before.1 > 200 && before.2 < 60, "green before, not \(before)")
        let after = try XCTUnwrap(movie.frame(at: plan.placements[0].end + 100_000_000)).colour(x: 160, y: 90)
        XCTAssertTrue(after.2 > 200 && after.1 < 60, "blue after, not \(after)")
    }

    /// A clapperboard clip (a white frame and a beep at the same time)
    /// after another clip: in the movie the beep starts within one frame of
    /// the flash, as it does in the source.
    func testPictureAndSoundStayInSync() throws {
        var first = try MovieSource.clip(uri(MovieFixture.shared.landscape))
        first.trim(from: 0, to: second)
        var clapper = try MovieSource.clip(uri(MovieFixture.shared.flashBeep))
        clapper.trim(from: second, to: 2_500_000_000)
        var edit = MovieEdit()
        edit.clips = [first, clapper]
        let outcome = MovieRenderer(edit: edit, folder: folder).run()
        guard case .saved(let path) = outcome else { return XCTFail("not saved: \(outcome)") }
        let movie = try DecodedMovie(path)
        let frame = FrameRate(30).frameDuration
        func flash(_ movie: DecodedMovie, after start: Int64) -> Int64? {
            movie.frames.first { $0.time >= start && $0.colour(x: 160, y: 90).0 > 200 }?.time
        }
        func beep(_ movie: DecodedMovie, after start: Int64) -> Int64? {
            stride(from: start, to: movie.videoDuration, by: 1_000_000).first { movie.rms(from: $0, to: $0 + 2_000_000) > 0.1 }
        }
        // The source itself, as the yardstick.
        let source = try DecodedMovie(MovieFixture.shared.flashBeep)
        let sourceFlash = try XCTUnwrap(flash(source, after: second)), sourceBeep = try XCTUnwrap(beep(source, after: second))
        XCTAssertLessThanOrEqual(abs(sourceBeep - sourceFlash), frame, "the source is in sync")
        // In the movie the clapper starts at 1 s, its flash half a second in.
        let movieFlash = try XCTUnwrap(flash(movie, after: 1_100_000_000), "no flash in the movie")
        let movieBeep = try XCTUnwrap(beep(movie, after: 1_100_000_000), "no beep in the movie")
        XCTAssertEqual(Double(movieFlash), 1.5e9, accuracy: Double(frame), "the flash where the trim puts it")
        XCTAssertLessThanOrEqual(abs(movieBeep - movieFlash), frame,
                                 "beep at \(movieBeep), flash at \(movieFlash): out of sync by more than a frame")
        // The movie keeps the source's own timing (its encoder's priming,
        // which a player hears too), adding none of the export's.
        let added = (movieBeep - movieFlash) - (sourceBeep - sourceFlash)
        print("flash and beep: source \((sourceBeep - sourceFlash) / 1_000_000) ms apart, movie \((movieBeep - movieFlash) / 1_000_000) ms")
        XCTAssertLessThanOrEqual(abs(added), 3_000_000, "the export moved the sound by \(added / 1_000_000) ms")
    }

    /// VP8, VP9 and AV1 sources and a variable-rate phone-like clip in one
    /// movie, each from its white frame for half a second (so each starts
    /// on one of the movie's 24 fps frames): the movie is as long as the
    /// trims, each clip starts on its white frame and shows its own
    /// colour, the portrait one between black bars, and the clips without
    /// sound are silence.
    /// The same at half speed: each clip still starts on its white frame
    /// (WebM's millisecond times and the variable rate's gaps included)
    /// and lasts twice as long.
    func testVP8VP9AV1AndVariableRateClipsMakeOneMovie() throws {
        for speed in [1.0, 0.5] {
            try assertVP8VP9AV1AndVariableRateClips(at: speed)
        }
    }

    private func assertVP8VP9AV1AndVariableRateClips(at speed: Double) throws {
        let fixture = MovieFixture.shared
        var editor = MovieEditor()
        for path in [fixture.vp8, fixture.vp9, fixture.av1, fixture.variableRate] {
            var clip = try MovieSource.clip(uri(path))
            XCTAssertFalse(clip.hasSound, path)
            clip.trim(from: second, to: second + second / 2)
            clip.setSpeed(speed)
            editor.add([clip])
        }
        let edit = editor.edit
        let outcome = MovieRenderer(edit: edit, folder: folder).run()
        guard case .saved(let path) = outcome else { return XCTFail("not saved at \(speed)×: \(outcome)") }
        defer { unlink(path) }
        let movie = try DecodedMovie(path)
        let plan = edit.plan
        let frame = plan.frameRate.frameDuration
        let clipLength = Int64(Double(second / 2) / speed)
        XCTAssertEqual([plan.width, plan.height], [320, 240], "the first clip's size")
        XCTAssertLessThanOrEqual(abs(movie.videoDuration - 4 * clipLength), frame + 1, "length \(movie.videoDuration) at \(speed)×")
        let colours: [(String, (Int, Int, Int) -> Bool)] = [
            ("VP8 green", { $0 < 60 && $1 > 200 && $2 < 60 }), ("VP9 blue", { $0 < 60 && $1 < 60 && $2 > 200 }),
            ("AV1 magenta", { $0 > 200 && $1 < 60 && $2 > 200 }), ("variable-rate yellow", { $0 > 200 && $1 > 200 && $2 < 60 }),
        ]
        for (placement, (name, isColour)) in zip(plan.placements, colours) {
            let first = try XCTUnwrap(movie.frame(at: placement.start)).colour(x: 160, y: 120)
            XCTAssertTrue(first.0 > 200 && first.1 > 200 && first.2 > 200, "\(name) starts white at \(speed)×, not \(first)")
            let middle = try XCTUnwrap(movie.frame(at: placement.start + clipLength / 2)).colour(x: 160, y: 120)
            XCTAssertTrue(isColour(middle.0, middle.1, middle.2), "\(name) in the middle of its place at \(speed)×, not \(middle)")
        }
        // The portrait VP9 clip stands between black bars.
        let portrait = try XCTUnwrap(movie.frame(at: plan.placements[1].start + clipLength / 2))
        for x in [10, 309] {
            let bar = portrait.colour(x: x, y: 120)
            XCTAssertTrue(bar.0 < 30 && bar.1 < 30 && bar.2 < 30, "black bar at x=\(x), not \(bar)")
        }
        XCTAssertLessThan(movie.rms(from: 0, to: movie.videoDuration), 0.001, "clips without sound are silence")
        XCTAssertFalse(movie.samples.isEmpty, "the movie has its (silent) sound track")
    }

    /// The landscape clip's first second as a movie in `container`: its path.
    private func oneSecondMovie(in container: RecordingFormat.Container) throws -> String? {
        var edit = MovieEdit()
        var clip = try MovieSource.clip(uri(MovieFixture.shared.landscape))
        clip.trim(from: 0, to: second)
        edit.clips = [clip]
        edit.output = MovieOutput(container: container, size: .asFirstClip)
        let outcome = MovieRenderer(edit: edit, folder: folder).run()
        guard case .saved(let path) = outcome else {
            XCTFail("not saved: \(outcome)")
            return nil
        }
        return path
    }

    func testWebMHasVP8AndOpusAndTheClipsOwnSound() throws {
        guard let path = try oneSecondMovie(in: .webm) else { return }
        XCTAssertTrue(path.hasSuffix(".webm"))
        guard case .video(let info) = MediaProbe().probe(uri(path)) else { return XCTFail("the movie does not play") }
        XCTAssertEqual(info.videoCodec?.contains("VP8"), true, info.videoCodec ?? "no video")
        XCTAssertEqual(info.audioCodec?.contains("Opus"), true, info.audioCodec ?? "no sound")
        let movie = try DecodedMovie(path)
        XCTAssertLessThanOrEqual(abs(movie.videoDuration - second), FrameRate(30).frameDuration + 1)
        // The clip's own tone (amplitude 0.3) is kept as recorded.
        XCTAssertEqual(20 * log10(movie.rms(from: 200_000_000, to: 800_000_000) / (0.3 / 2.0.squareRoot())), 0, accuracy: 1)
    }

    /// Matroska: H.264 and Opus, read back by GStreamer's own discoverer
    /// (its container's caps) and decoded to the clip's length.
    func testMatroskaHasH264AndOpus() throws {
        guard let path = try oneSecondMovie(in: .mkv) else { return }
        XCTAssertTrue(path.hasSuffix(".mkv"))
        XCTAssertEqual(visibleFiles(), [(path as NSString).lastPathComponent], "only the movie, no hidden file")
        XCTAssertEqual(try containerType(of: path), "video/x-matroska")
        guard case .video(let info) = MediaProbe().probe(uri(path)) else { return XCTFail("the movie does not play") }
        XCTAssertEqual(info.videoCodec?.contains("H.264"), true, info.videoCodec ?? "no video")
        XCTAssertEqual(info.audioCodec?.contains("Opus"), true, info.audioCodec ?? "no sound")
        XCTAssertEqual(try XCTUnwrap(info.duration), 1, accuracy: 0.1)
        let movie = try DecodedMovie(path)
        XCTAssertLessThanOrEqual(abs(movie.videoDuration - second), FrameRate(30).frameDuration + 1)
        XCTAssertEqual(20 * log10(movie.rms(from: 200_000_000, to: 800_000_000) / (0.3 / 2.0.squareRoot())), 0, accuracy: 1)
    }

    /// The media type of the file's outermost stream, as the discoverer's
    /// demuxer reads it.
    private func containerType(of path: String) throws -> String? {
        var error: UnsafeMutablePointer<GError>?
        let discoverer = try XCTUnwrap(gst_discoverer_new(10_000_000_000, &error))
        defer { g_object_unref(UnsafeMutableRawPointer(discoverer)) }
        let info = try XCTUnwrap(gst_discoverer_discover_uri(discoverer, uri(path), &error))
        defer { g_object_unref(UnsafeMutableRawPointer(info)) }
        let stream = try XCTUnwrap(gst_discoverer_info_get_stream_info(info))
        defer { g_object_unref(UnsafeMutableRawPointer(stream)) }
        let caps = try XCTUnwrap(gst_discoverer_stream_info_get_caps(stream))
        defer { gst_caps_unref(caps) }
        return gst_caps_get_structure(caps, 0).map { String(cString: gst_structure_get_name($0)) }
    }

    func testClipsSoundIsLoweredUnderMusic() throws {
        var edit = MovieEdit()
        var clip = try MovieSource.clip(uri(MovieFixture.shared.landscape))
        clip.trim(from: 0, to: second)
        edit.clips = [clip]
        // Silent music, so only the clip's lowered tone is heard.
        edit.music = MovieMusic(uri: uri(MovieFixture.shared.music), sourceDuration: 2 * second, volume: 0)
        edit.clipSound = .lower
        let outcome = MovieRenderer(edit: edit, folder: folder).run()
        guard case .saved(let path) = outcome else { return XCTFail("not saved: \(outcome)") }
        let level = try DecodedMovie(path).rms(from: 200_000_000, to: 800_000_000)
        let expected = 0.3 / 2.0.squareRoot() * ClipSound.lower.gain(withMusic: true)
        XCTAssertEqual(20 * log10(level / expected), 0, accuracy: 1, "clip sound \(level), expected \(expected)")
    }

    func testCancellingLeavesNoFile() throws {
        var edit = try twoTrimmedClips()
        edit.output.size = .hd
        let renderer = MovieRenderer(edit: edit, folder: folder)
        final class Seen: @unchecked Sendable { var progress: [Double] = []; var outcome: MovieRenderer.Outcome? }
        let seen = Seen()
        renderer.start(onProgress: { fraction in
            seen.progress.append(fraction)
            if fraction > 0 { renderer.cancel() }
        }, onFinished: { seen.outcome = $0 })
        XCTAssertTrue(spinMainContext(timeout: 60) { seen.outcome != nil })
        XCTAssertEqual(seen.outcome, .cancelled)
        XCTAssertFalse(seen.progress.isEmpty, "progress was reported on the main thread")
        XCTAssertEqual(visibleFiles(), [], "nothing is left, hidden or not")
    }

    /// An export cut short by a crash or a quit leaves its hidden working
    /// file: the next start removes it, and keeps the finished movies and
    /// other files beside it.
    func testAnExportCutShortIsRemovedAtTheNextStart() throws {
        // The name the renderer writes under, seen while it renders.
        var hiddenNames: Set<String> = []
        let outcome = MovieRenderer(edit: try twoTrimmedClips(), folder: folder).run { _ in
            hiddenNames.formUnion(self.visibleFiles().filter { $0.hasPrefix(".") })
        }
        guard case .saved(let path) = outcome else { return XCTFail("not saved: \(outcome)") }
        XCTAssertEqual(hiddenNames.count, 1, "one working file: \(hiddenNames)")
        let hidden = try XCTUnwrap(hiddenNames.first)
        // Its first half, as a quit in the middle leaves it.
        let movie = try Data(contentsOf: URL(fileURLWithPath: path))
        try movie.prefix(movie.count / 2).write(to: URL(fileURLWithPath: "\(folder)/\(hidden)"))
        try Data("{}".utf8).write(to: URL(fileURLWithPath: "\(folder)/.other"))

        var recovered: [String]?
        RecordingRecovery.recover(in: [folder, folder]) { recovered = $0 }
        XCTAssertTrue(spinMainContext(timeout: 30) { recovered != nil })
        XCTAssertEqual(recovered, [], "a movie cut short is not a recording to recover")
        XCTAssertEqual(Set(visibleFiles()), [(path as NSString).lastPathComponent, ".other"])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), movie, "the finished movie untouched")
    }

    func testProgressRisesToTheEnd() throws {
        var edit = MovieEdit()
        var clip = try MovieSource.clip(uri(MovieFixture.shared.landscape))
        clip.trim(from: 0, to: second)
        edit.clips = [clip]
        var progress: [Double] = []
        let outcome = MovieRenderer(edit: edit, folder: folder).run { progress.append($0) }
        guard case .saved = outcome else { return XCTFail("not saved: \(outcome)") }
        XCTAssertEqual(progress.last, 1)
        XCTAssertEqual(progress, progress.sorted(), "never goes back")
    }

    func testAFullDiskLeavesNoHalfFileAndSaysSo() throws {
        var edit = MovieEdit()
        edit.clips = [try MovieSource.clip(uri(MovieFixture.shared.noise))]
        edit.output.size = .hd  // noise at 5 Mbit/s: 300 kB is half a second
        try MediaFixture.withSmallDisk(in: folder) { disk in
            let outcome = MovieRenderer(edit: edit, folder: disk).run()
            XCTAssertEqual(outcome, .failed(.diskFull))
            XCTAssertEqual(MovieProblem.diskFull.text, "The disk is full. The movie was not saved.")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: disk), [], "no half file")
        }
    }

    func testASidewaysRecordingIsFittedUpright() throws {
        let sideways = try MovieSource.clip(uri(MovieFixture.shared.sideways))
        XCTAssertEqual(sideways.width, 320, "stored 180×320, tagged rotate-90")
        XCTAssertEqual(sideways.height, 180)
        var edit = MovieEdit()
        edit.clips = [sideways]
        let outcome = MovieRenderer(edit: edit, folder: folder).run()
        guard case .saved(let path) = outcome else { return XCTFail("not saved: \(outcome)") }
        let frame = try XCTUnwrap(DecodedMovie(path).frames.first)
        XCTAssertEqual(frame.width, 320)
        XCTAssertEqual(frame.height, 180)
        // Upright and filling the frame: red on the left, blue on the right,
        // top to bottom (stored as it is, blue would be above red).
        for y in [20, 160] {
            let left = frame.colour(x: 40, y: y), right = frame.colour(x: 280, y: y)
            XCTAssertTrue(left.0 > 200 && left.2 < 60, "red on the left at y=\(y), not \(left)")
            XCTAssertTrue(right.2 > 200 && right.0 < 60, "blue on the right at y=\(y), not \(right)")
        }
    }

    /// The corner clip (a white square top left on black) framed and
    /// exported: the movie's first frame's size and which corners are white.
    private func framed(_ change: (inout ClipFraming) -> Void, shape: MovieShape = .asFirstClip,
                        size: MovieSize = .asFirstClip, speed: Double = 1) throws -> (width: Int, height: Int, white: Set<String>,
                                                                                      frame: DecodedMovie.Frame) {
        var clip = try MovieSource.clip(uri(MovieFixture.shared.corner))
        change(&clip.framing)
        clip.setSpeed(speed)
        var edit = MovieEdit()
        edit.clips = [clip]
        edit.output.shape = shape
        edit.output.size = size
        let frame = try XCTUnwrap(DecodedMovie.rendered(edit, in: "movies-framed").frames.first)
        var white: Set<String> = []
        let inset = 8
        for (name, x, y) in [("top left", inset, inset), ("top right", frame.width - 1 - inset, inset),
                             ("bottom left", inset, frame.height - 1 - inset),
                             ("bottom right", frame.width - 1 - inset, frame.height - 1 - inset)] {
            let colour = frame.colour(x: x, y: y)
            if colour.0 > 200, colour.1 > 200, colour.2 > 200 { white.insert(name) }
        }
        return (frame.width, frame.height, white, frame)
    }

    func testATurnedOrMirroredClipShowsItsCornerWhereTheFramingPutsIt() throws {
        let original = try framed { _ in }
        XCTAssertTrue((original.width, original.height) == (320, 180))
        XCTAssertEqual(original.white, ["top left"])
        let turned = try framed { $0.turn(clockwise: true) }
        XCTAssertTrue((turned.width, turned.height) == (180, 320), "turned upright, the movie is upright")
        XCTAssertEqual(turned.white, ["top right"])
        let mirrored = try framed { $0.flipHorizontally() }
        XCTAssertTrue((mirrored.width, mirrored.height) == (320, 180))
        XCTAssertEqual(mirrored.white, ["top right"])
        let upsideDown = try framed { $0.flipVertically() }
        XCTAssertEqual(upsideDown.white, ["bottom left"])
        // Mirrored, then turned back a quarter: the transposed picture.
        let transposed = try framed { $0.flipHorizontally(); $0.turn(clockwise: false) }
        XCTAssertTrue((transposed.width, transposed.height) == (180, 320))
        XCTAssertEqual(transposed.white, ["top left"])
        // Turned, then its top right quarter kept (cut before the turn).
        let turnedCropped = try framed { $0.turn(clockwise: true); $0.crop = ClipFraming.Crop(left: 0.5, bottom: 0.5) }
        XCTAssertTrue((turnedCropped.width, turnedCropped.height) == (90, 160))
        XCTAssertEqual(turnedCropped.white, ["top right"])
    }

    func testACropKeepsItsPartAndFillAndFitMeetOtherShapes() throws {
        // The top-left quarter kept: the square fills a quarter of it.
        let cropped = try framed { $0.crop = ClipFraming.Crop(right: 0.5, bottom: 0.5) }
        XCTAssertTrue((cropped.width, cropped.height) == (160, 90))
        XCTAssertEqual(cropped.white, ["top left"])
        // Fitted into a square: bars above and below, the corner inside.
        let fitted = try framed({ _ in }, shape: .square, size: .sd)
        XCTAssertTrue((fitted.width, fitted.height) == (480, 480))
        XCTAssertEqual(fitted.white, [], "the corners of a fitted picture are its bars")
        let square = fitted.frame.colour(x: 8, y: 105 + 8)
        XCTAssertTrue(square.0 > 200 && square.1 > 200 && square.2 > 200, "the picture between the bars: \(square)")
        // Filling 9:16 around its left edge: no bars, the square at the top left.
        let filled = try framed({ $0.fill = true; $0.focus = ClipFraming.Point(x: 0, y: 0.5) }, shape: .vertical, size: .sd)
        XCTAssertTrue((filled.width, filled.height) == (480, 852))
        XCTAssertEqual(filled.white, ["top left"])
        let other = try framed({ $0.fill = true; $0.focus = ClipFraming.Point(x: 1, y: 0.5) }, shape: .vertical, size: .sd)
        XCTAssertEqual(other.white, [])
        // Scaled by the clip's own effect (slowed, or turned and smaller):
        // placed as the compositor would place it.
        let slowed = try framed({ _ in }, shape: .square, size: .sd, speed: 0.5)
        XCTAssertEqual(slowed.white, [])
        let slowedSquare = slowed.frame.colour(x: 8, y: 105 + 8)
        XCTAssertTrue(slowedSquare.0 > 200 && slowedSquare.1 > 200 && slowedSquare.2 > 200, "between the bars: \(slowedSquare)")
        let turnedSmaller = try framed({ $0.turn(clockwise: true) }, shape: .vertical, size: .sd)
        XCTAssertTrue((turnedSmaller.width, turnedSmaller.height) == (480, 852))
        XCTAssertEqual(turnedSmaller.white, ["top right"])
    }

    /// Twice the landscape clip (6 s, a tone) to fit under 1 MB: the file
    /// is under the limit and not far below it, though its flat colours
    /// would take far less (the encoder pads to the rate).
    func testASizeLimitedMovieLandsJustUnderItsLimit() throws {
        var edit = MovieEdit()
        edit.clips = [try MovieSource.clip(uri(MovieFixture.shared.landscape)), try MovieSource.clip(uri(MovieFixture.shared.landscape))]
        edit.output.sizeLimit = MovieSizeLimit(megabytes: 1)
        let outcome = MovieRenderer(edit: edit, folder: folder).run()
        guard case .saved(let path) = outcome else { return XCTFail("not saved: \(outcome)") }
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        XCTAssertLessThanOrEqual(size, 1_000_000)
        XCTAssertGreaterThanOrEqual(size, 850_000, "not far below the limit")
        // A minute under 1 MB: refused before anything is written.
        edit.clips = Array(repeating: edit.clips[0], count: 20)
        let refused = MovieRenderer(edit: edit, folder: folder).run()
        guard case .failed(.tooLongForLimit("1 MB")) = refused else { return XCTFail("not refused: \(refused)") }
        XCTAssertEqual(visibleFiles(), [(path as NSString).lastPathComponent])
    }

    /// The counter clip from its frame 10 to 40 at half speed: twice as
    /// long, each of those source frames shown twice, in order.
    func testHalfSpeedShowsEachSourceFrameTwiceAndLastsTwiceAsLong() throws {
        var clip = try MovieSource.clip(uri(MovieFixture.shared.counter))
        clip.trim(from: FrameRate(30).time(ofFrame: 10), to: FrameRate(30).time(ofFrame: 40))
        clip.setSpeed(0.5)
        var edit = MovieEdit()
        edit.clips = [clip]
        XCTAssertEqual(edit.duration, 2 * second)
        let movie = try DecodedMovie.rendered(edit, in: "movies-speed")
        XCTAssertEqual(Double(movie.videoDuration), 2e9, accuracy: 1e9 / 30, "twice the trimmed second, within a frame")
        XCTAssertEqual(movie.frames.map(MovieFixture.counterFrame), (0..<60).map { 10 + $0 / 2 })
    }

    /// Speeds that are not a whole number of frames, after a clip at 1×:
    /// each movie frame shows the source frame whose moment has come
    /// (never a later one), and at 2× every other frame.
    func testOtherSpeedsShowTheSourceFrameWhoseMomentHasCome() throws {
        let rate = FrameRate(30)
        var first = try MovieSource.clip(uri(MovieFixture.shared.counter))
        first.trim(from: 0, to: rate.time(ofFrame: 10))
        var slow = first, fast = first
        slow.trim(from: rate.time(ofFrame: 10), to: rate.time(ofFrame: 40))
        slow.setSpeed(0.75)
        fast.trim(from: rate.time(ofFrame: 20), to: rate.time(ofFrame: 60))
        fast.setSpeed(2)
        var edit = MovieEdit()
        edit.clips = [first, slow, fast]
        let movie = try DecodedMovie.rendered(edit, in: "movies-speed")
        let expected = Array(0..<10) + (0..<40).map { 10 + $0 * 3 / 4 } + (0..<20).map { 20 + 2 * $0 }
        XCTAssertEqual(movie.frames.map(MovieFixture.counterFrame), expected)
    }

    /// Clips of other rates at 0.5× in a 30 fps movie: a 25 fps one shows
    /// each movie frame the source frame whose moment has come, evenly
    /// (not 2, 2, 2, 2, 4 times, as fitting it to 30 fps before slowing it
    /// down did), and a 60 fps one every one of its frames, once (not
    /// every other one twice): slow motion from a phone's 60 fps.
    func testSlowedClipsOfOtherRatesShowTheSourceFrameWhoseMomentHasCome() throws {
        var first = try MovieSource.clip(uri(MovieFixture.shared.counter))
        first.trim(from: 0, to: FrameRate(30).time(ofFrame: 3))
        var pal = try MovieSource.clip(uri(MovieFixture.shared.counter25))
        pal.trim(from: FrameRate(25).time(ofFrame: 10), to: FrameRate(25).time(ofFrame: 35))
        pal.setSpeed(0.5)
        var phone = try MovieSource.clip(uri(MovieFixture.shared.counter60))
        phone.trim(from: FrameRate(60).time(ofFrame: 10), to: FrameRate(60).time(ofFrame: 40))
        phone.setSpeed(0.5)
        var edit = MovieEdit()
        edit.clips = [first, pal, phone]
        XCTAssertEqual(edit.frameRate, FrameRate(30))
        let movie = try DecodedMovie.rendered(edit, in: "movies-speed")
        // Movie frame k of the 25 fps clip is at k/30 s; the source there is
        // 10/25 + k/60 s. Of the 60 fps clip, 10/60 + k/60 s.
        let expected = [0, 1, 2] + (0..<60).map { 10 + $0 * 25 / 60 } + (0..<30).map { 10 + $0 }
        XCTAssertEqual(movie.frames.map(MovieFixture.counterFrame), expected)
    }

    /// The landscape clip (3 s of 440 Hz) at 1.5×: two seconds long, its
    /// tone still 440 Hz; above 2× it is silent unless asked.
    func testAToneAtOneAndAHalfKeepsItsPitchAndAboveTwiceIsSilent() throws {
        var clip = try MovieSource.clip(uri(MovieFixture.shared.landscape))
        clip.setSpeed(1.5)
        var edit = MovieEdit()
        edit.clips = [clip]
        let movie = try DecodedMovie.rendered(edit, in: "movies-speed")
        XCTAssertEqual(Double(movie.videoDuration), 2e9, accuracy: 1e9 / 30)
        XCTAssertEqual(Double(movie.samples.count / 2) / 48_000, 2, accuracy: 0.05)
        // The left channel's rising zero crossings over its middle second.
        let left = stride(from: 48_000, to: 144_000, by: 2).map { movie.samples[$0] }
        let rises = zip(left, left.dropFirst()).filter { $0 < 0 && $1 >= 0 }.count
        XCTAssertEqual(Double(rises) / 0.999979, 440, accuracy: 5, "pitch kept")
        XCTAssertGreaterThan(movie.rms(from: 500_000_000, to: 1_500_000_000), 0.1)

        edit.clips[0].setSpeed(3)
        let fast = try DecodedMovie.rendered(edit, in: "movies-speed")
        XCTAssertEqual(Double(fast.videoDuration), 1e9, accuracy: 1e9 / 30)
        XCTAssertLessThan(fast.rms(from: 100_000_000, to: 900_000_000), 0.001, "silent above 2×")
        edit.clips[0].keepsFastSound = true
        let heard = try DecodedMovie.rendered(edit, in: "movies-speed")
        XCTAssertGreaterThan(heard.rms(from: 100_000_000, to: 900_000_000), 0.1, "heard when asked")
    }

    func testAMissingSourceIsRefusedWithItsName() throws {
        var edit = try twoTrimmedClips()
        let gone = MovieClip(uri: uri(folder + "/gone clip.mp4"), sourceDuration: second, frameRate: FrameRate(30),
                             width: 320, height: 180)
        edit.clips.append(gone)
        XCTAssertEqual(MovieRenderer(edit: edit, folder: folder).run(), .failed(.missingSource("gone clip.mp4")))
        XCTAssertEqual(visibleFiles(), [])
        XCTAssertThrowsError(try MovieSource.clip(gone.uri)) {
            XCTAssertEqual($0 as? MovieProblem, .missingSource("gone clip.mp4"))
        }
        XCTAssertThrowsError(try MovieSource.clip(uri(MovieFixture.shared.music))) {
            XCTAssertEqual($0 as? MovieProblem, .unreadableSource("music.ogg"), "sound only is no clip")
        }
        XCTAssertEqual(MovieRenderer(edit: MovieEdit(), folder: folder).run(), .failed(.empty))
    }
}
