import Foundation
import ReelCore
import XCTest
@testable import ReelMedia

/// Timings for bench/, skipped in normal test runs. Figures are printed as
/// `REEL_BENCH key=value` lines for the bench scripts; nothing is asserted
/// about them (timing belongs in bench/RESULTS.md, not in pass/fail).
final class MediaBench: XCTestCase {
    private let environment = ProcessInfo.processInfo.environment

    /// `REEL_BENCH_SAMPLES=1 [REEL_BENCH_WORKERS=n] [REEL_BENCH_KEEP=folder]`:
    /// generates the whole shipped sample catalog into a fresh folder (kept
    /// as `folder` for a look at the result).
    func testSampleGenerationBench() throws {
        guard environment["REEL_BENCH_SAMPLES"] != nil else { throw XCTSkip("a benchmark, not a test: it runs when asked (REEL_BENCH_SAMPLES=1, bench/RESULTS.md)") }
        try MediaSystem.initialize()
        let workers = Int(environment["REEL_BENCH_WORKERS"] ?? "") ?? 2
        let folder = NSTemporaryDirectory() + "reel-bench-samples-\(getpid())"
        defer {
            if let keep = environment["REEL_BENCH_KEEP"] {
                try? FileManager.default.removeItem(atPath: keep)
                try? FileManager.default.moveItem(atPath: folder, toPath: keep)
            }
            try? FileManager.default.removeItem(atPath: folder)
        }
        let library = SampleLibrary(plan: try SamplePlan(catalogPath: SampleLibraryTests.catalogPath),
                                    folder: folder, parallelism: workers)
        if environment["REEL_BENCH_PER_FILE"] != nil {
            for item in library.plan.items {
                let single = SampleLibrary(plan: SamplePlan(items: [item]), folder: folder + "/single", parallelism: 1)
                let start = Date()
                _ = single.run { _ in }
                print("REEL_BENCH sample \(item.fileName) wall=\(String(format: "%.2f", Date().timeIntervalSince(start)))")
            }
        }
        let start = Date()
        let outcome = library.run { _ in }
        let seconds = Date().timeIntervalSince(start)
        XCTAssertEqual(outcome, .finished)
        let bytes = try FileManager.default.contentsOfDirectory(atPath: folder).reduce(0) { total, name in
            total + ((try? FileManager.default.attributesOfItem(atPath: folder + "/" + name)[.size] as? Int) ?? 0)
        }
        print("REEL_BENCH samples workers=\(workers) wall=\(String(format: "%.2f", seconds)) bytes=\(bytes)")
    }

    /// `REEL_BENCH_THUMBS=<folder> [REEL_BENCH_WORKERS=n] [REEL_BENCH_ACCURATE=1]
    /// [REEL_BENCH_KEEP=cache] [REEL_BENCH_MEDIA_WORKER=<reel binary>]
    /// [REEL_BENCH_THUMBS_URL=<address of the folder on a web server>]`:
    /// thumbnails every MP4 of the folder into an empty cache through the
    /// ThumbnailQueue; with a reel binary, in its media worker process, as
    /// the feed does; with an address, from the web.
    func testThumbnailBench() throws {
        guard let input = environment["REEL_BENCH_THUMBS"] else { throw XCTSkip("a benchmark, not a test: bench/thumbnails.sh runs it (REEL_BENCH_THUMBS=<folder>)") }
        try MediaSystem.initialize()
        let workers = Int(environment["REEL_BENCH_WORKERS"] ?? "") ?? 2
        let cacheRoot = environment["REEL_BENCH_KEEP"] ?? NSTemporaryDirectory() + "reel-bench-thumbnails-\(getpid())"
        try? FileManager.default.removeItem(atPath: cacheRoot)
        defer { if environment["REEL_BENCH_KEEP"] == nil { try? FileManager.default.removeItem(atPath: cacheRoot) } }
        let thumbnailer = Thumbnailer(cache: ThumbnailCache(root: cacheRoot),
                                      accurateSeek: environment["REEL_BENCH_ACCURATE"] == "1")
        let queue: ThumbnailQueue
        if let binary = environment["REEL_BENCH_MEDIA_WORKER"], !binary.isEmpty {
            // The worker makes its thumbnails under $XDG_CACHE_HOME/thumbnails.
            try FileManager.default.createDirectory(atPath: cacheRoot, withIntermediateDirectories: true)
            setenv("XDG_CACHE_HOME", cacheRoot, 1)
            queue = ThumbnailQueue(worker: MediaWorker(executable: binary), workers: workers)
        } else {
            queue = ThumbnailQueue(thumbnailer: thumbnailer, workers: workers)
        }
        // REEL_BENCH_THUMBS_URL: the same files from a web server serving
        // the folder at that address.
        let web = environment["REEL_BENCH_THUMBS_URL"].flatMap { $0.isEmpty ? nil : $0 }
        let files = try FileManager.default.contentsOfDirectory(atPath: input).sorted()
            .filter { $0.hasSuffix(".mp4") }.map { name in web.map { $0 + "/" + name } ?? MediaFixture.uri(input + "/" + name) }
        let results = BenchResults()
        let start = Date()
        for uri in files { queue.request(uri) { results.add($0) } }
        XCTAssertTrue(spinMainContext(timeout: 600) { results.count == files.count })
        let seconds = Date().timeIntervalSince(start)
        XCTAssertEqual(results.created, files.count)
        print("REEL_BENCH thumbnails workers=\(workers) accurate=\(thumbnailer.accurateSeek) files=\(files.count) "
              + "process=\((environment["REEL_BENCH_MEDIA_WORKER"] ?? "").isEmpty ? "app" : "worker") "
              + "web=\(web != nil) created=\(results.created) wall=\(String(format: "%.2f", seconds))")
    }

    /// `REEL_BENCH_SIZE_LIMIT="<clip> <clip> ..." REEL_BENCH_LIMIT_MB=25
    /// REEL_BENCH_OUT=<folder>`: for each length in REEL_BENCH_LENGTHS
    /// (seconds, default "10 30 60 120 300"), the clips one after another
    /// (repeated as needed, the last trimmed) exported at 1080p to fit
    /// under the limit; prints each file's size over the limit and the
    /// video bit rate Reel chose.
    func testSizeLimitBench() throws {
        guard let clips = environment["REEL_BENCH_SIZE_LIMIT"], let out = environment["REEL_BENCH_OUT"] else {
            throw XCTSkip("a benchmark, not a test: bench/size_limit.sh runs it (REEL_BENCH_SIZE_LIMIT, REEL_BENCH_OUT)")
        }
        try MediaSystem.initialize()
        let limit = MovieSizeLimit(megabytes: Int(environment["REEL_BENCH_LIMIT_MB"] ?? "25") ?? 25)
        let sources = try clips.split(separator: " ").map { try MovieSource.clip(MediaFixture.uri(String($0))) }
        for seconds in (environment["REEL_BENCH_LENGTHS"] ?? "10 30 60 120 300").split(separator: " ").compactMap({ Int64($0) }) {
            var editor = MovieEditor()
            var left = seconds * 1_000_000_000
            var index = 0
            while left > 0 {
                let source = sources[index % sources.count]
                // Each its own clip (its own id), as if added again.
                var clip = MovieClip(uri: source.uri, sourceDuration: source.sourceDuration, frameRate: source.frameRate,
                                     width: source.width, height: source.height, hasSound: source.hasSound)
                clip.trim(from: 0, to: min(clip.sourceDuration, left))
                left -= clip.duration
                editor.add([clip])
                index += 1
            }
            editor.setOutput(MovieOutput(container: .mp4, size: .fullHD, sizeLimit: limit))
            let start = Date()
            let outcome = MovieRenderer(edit: editor.edit, folder: out).run()
            guard case .saved(let path) = outcome else { return XCTFail("not saved: \(outcome)") }
            let bytes = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
            let format = try XCTUnwrap(editor.edit.output.format(isInstalled: MovieRenderer.isSelectable))
            let plan = editor.edit.plan
            let rate = editor.edit.output.videoBitrate(format: format, frame: (plan.width, plan.height),
                                                       framesPerSecond: plan.frameRate.framesPerSecond, duration: plan.duration) ?? 0
            unlink(path)
            print("REEL_BENCH size-limit seconds=\(seconds) limit=\(limit.bytes) bytes=\(bytes) "
                  + "ratio=\(String(format: "%.3f", Double(bytes) / Double(limit.bytes))) kbit=\(rate / 1000) "
                  + "wall=\(String(format: "%.1f", Date().timeIntervalSince(start)))")
        }
    }

    /// `REEL_BENCH_GIF=<clip> REEL_BENCH_OUT=<folder>
    /// [REEL_BENCH_SECONDS=6] [REEL_BENCH_WIDTH=480] [REEL_BENCH_RATE=15]`:
    /// the clip's first seconds exported as an animated GIF through
    /// MovieRenderer; prints wall and CPU time, the file's size and path.
    func testGIFBench() throws {
        guard let clip = environment["REEL_BENCH_GIF"], let out = environment["REEL_BENCH_OUT"] else {
            throw XCTSkip("a benchmark, not a test: bench/gif.sh runs it (REEL_BENCH_GIF, REEL_BENCH_OUT)")
        }
        try MediaSystem.initialize()
        var source = try MovieSource.clip(MediaFixture.uri(clip))
        source.trim(from: 0, to: Int64(Double(environment["REEL_BENCH_SECONDS"] ?? "6")! * 1e9))
        var editor = MovieEditor()
        editor.add([source])
        editor.setOutput(MovieOutput(gif: MovieGIF(width: Int(environment["REEL_BENCH_WIDTH"] ?? "480")!,
                                                   framesPerSecond: Int(environment["REEL_BENCH_RATE"] ?? "15")!)))
        let (startCPU, start) = (MediaBench.cpuSeconds(), Date())
        let outcome = MovieRenderer(edit: editor.edit, folder: out).run()
        let (seconds, used) = (Date().timeIntervalSince(start), MediaBench.cpuSeconds() - startCPU)
        guard case .saved(let path) = outcome else { return XCTFail("not saved: \(outcome)") }
        let bytes = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        print("REEL_BENCH gif wall=\(String(format: "%.2f", seconds)) cpu=\(String(format: "%.2f", used)) bytes=\(bytes) file=\(path)")
    }

    /// This process's user + system time, in seconds.
    private static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// `REEL_BENCH_EXPORT="<clip> <clip> ... " REEL_BENCH_MUSIC=<file>
    /// REEL_BENCH_OUT=<folder> [REEL_BENCH_TRIM="2 8"] [REEL_BENCH_VOLUME=0.3]
    /// [REEL_BENCH_FRAMED=1]`:
    /// exports the clips, each trimmed (seconds in the source), with the
    /// music, as a 1080p MP4 through MovieRenderer, on this thread. CPU is
    /// this process's user + system time over the export (GES's and the
    /// encoders' threads are in it).
    func testMovieExportBench() throws {
        guard let clips = environment["REEL_BENCH_EXPORT"], let music = environment["REEL_BENCH_MUSIC"],
              let out = environment["REEL_BENCH_OUT"] else {
            throw XCTSkip("a benchmark, not a test: bench/export.sh runs it (REEL_BENCH_EXPORT, REEL_BENCH_MUSIC, REEL_BENCH_OUT)")
        }
        try MediaSystem.initialize()
        let trim = (environment["REEL_BENCH_TRIM"] ?? "2 8").split(separator: " ").map { Int64(Double($0)! * 1e9) }
        var editor = MovieEditor()
        for path in clips.split(separator: " ") {
            var clip = try MovieSource.clip(MediaFixture.uri(String(path)))
            clip.trim(from: trim[0], to: trim[1])
            editor.add([clip])
        }
        var sound = try MovieSource.music(MediaFixture.uri(music))
        sound.volume = Double(environment["REEL_BENCH_VOLUME"] ?? "0.3")!
        editor.setMusic(sound)
        editor.setOutput(MovieOutput(container: .mp4, size: .fullHD))
        // The framed job (bench/export.sh, REEL_BENCH_FRAMED=1): each clip
        // at half speed, mirrored, filling a vertical (9:16) movie.
        if environment["REEL_BENCH_FRAMED"] == "1" {
            for clip in editor.edit.clips {
                editor.setSpeed(clip.id, 0.5)
                editor.changeFraming(clip.id) { $0.flipHorizontally(); $0.fill = true }
            }
            editor.setOutput(MovieOutput(container: .mp4, shape: .vertical, size: .fullHD))
        }
        // The decorated job (bench/export.sh, REEL_BENCH_DECORATED=1): a
        // title card first, a caption over each clip, the photo last, the
        // logo over the whole movie.
        let decoration = (environment["REEL_BENCH_DECORATE"] ?? "").split(separator: " ").map(String.init)
        if decoration.count == 2 {
            for (index, clip) in editor.edit.clips.enumerated() {
                editor.addOverlay(.caption("Clip \(index + 1)", over: clip.id))
            }
            editor.addTitle("The Trip", at: 0)
            editor.add([MovieClip.photo(uri: MediaFixture.uri(decoration[0]), width: 4000, height: 3000)])
            editor.addOverlay(.watermark(MoviePicture(uri: MediaFixture.uri(decoration[1]), width: 400, height: 200)))
        }
        // Peak resident memory of this process (the test runner included),
        // in MB: before the export, and after it.
        func peak() -> Double {
            var usage = rusage()
            getrusage(RUSAGE_SELF.rawValue, &usage)
            return Double(usage.ru_maxrss) / 1024
        }
        let (startCPU, start, peakBefore) = (MediaBench.cpuSeconds(), Date(), peak())
        let outcome = MovieRenderer(edit: editor.edit, folder: out).run()
        let (seconds, used) = (Date().timeIntervalSince(start), MediaBench.cpuSeconds() - startCPU)
        guard case .saved(let path) = outcome else { return XCTFail("not saved: \(outcome)") }
        let format = editor.edit.output.format(isInstalled: MovieRenderer.isSelectable)!
        print("REEL_BENCH export wall=\(String(format: "%.2f", seconds)) cpu=\(String(format: "%.2f", used)) "
              + "peak=\(String(format: "%.0f", peak())) before=\(String(format: "%.0f", peakBefore)) "
              + "video=\(format.videoEncoder) audio=\(format.audioEncoder) "
              + "length=\(String(format: "%.3f", Double(editor.edit.duration) / 1e9)) file=\(path)")
    }
}

private final class BenchResults: @unchecked Sendable {
    private let lock = NSLock()
    private var outcomes: [Thumbnailer.Outcome] = []

    func add(_ outcome: Thumbnailer.Outcome) { lock.lock(); outcomes.append(outcome); lock.unlock() }
    var count: Int { lock.lock(); defer { lock.unlock() }; return outcomes.count }
    var created: Int {
        lock.lock(); defer { lock.unlock() }
        return outcomes.filter { if case .created = $0 { true } else { false } }.count
    }
}
