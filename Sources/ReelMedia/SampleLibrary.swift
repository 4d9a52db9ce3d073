import CGLib
import CGst
import Foundation
import GLibKit

/// Generates the sample catalog's videos into a folder with GStreamer test
/// sources and real encoders, off the main thread, once.
///
/// Each file is written under a hidden temporary name and renamed when its
/// pipeline reached end of stream, so a crash or a cancel never leaves a file
/// that looks finished. A stamp file in the folder records which recipe made
/// each file; a later run skips files whose recipe is unchanged.
public final class SampleLibrary: @unchecked Sendable {
    public struct Progress: Equatable, Sendable {
        public var done: Int
        public var total: Int
        /// The title of a file being generated; nil before the first and at the end.
        public var currentTitle: String?

        /// Which file is being made, counted from 1, for "3 of 9": the one
        /// after those done, but never past the last (the final report
        /// comes with all of them done).
        public var working: Int { min(done + 1, max(total, 1)) }
    }

    public enum Outcome: Equatable, Sendable {
        case finished
        case cancelled
        case failed(Failure)
    }

    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// No encoder for a format the samples need, e.g. "H.264 or VP8 video".
        case missingEncoder(String)
        case diskFull(folder: String)
        case cannotWrite(path: String, reason: String)
        case pipelineFailed(file: String, reason: String)

        public var description: String {
            switch self {
            case .missingEncoder(let what): return "No \(what) encoder is installed"
            case .diskFull(let folder): return "The disk holding \(folder) is full"
            case .cannotWrite(let path, let reason): return "Cannot write \(path): \(reason)"
            case .pipelineFailed(let file, let reason): return "Generating \(file) failed: \(reason)"
            }
        }
    }

    public let plan: SamplePlan
    public let folder: String
    /// Pipelines run at once. Two on two cores: the test sources and text
    /// overlay are single-threaded, so two files keep both cores busy.
    public let parallelism: Int

    private let lock = NSLock()
    private var cancelRequested = false
    private var running = false

    /// `<user cache>/reel/samples`, where the app keeps its samples.
    public static var defaultFolder: String {
        String(cString: g_get_user_cache_dir()) + "/reel/samples"
    }

    static let stampName = ".reel-samples.json"

    public init(plan: SamplePlan, folder: String = SampleLibrary.defaultFolder, parallelism: Int = 2) {
        self.plan = plan
        self.folder = folder
        self.parallelism = max(1, parallelism)
    }

    /// Absolute path of a generated file.
    public func path(of item: SamplePlan.Item) -> String { folder + "/" + item.fileName }

    /// True when every file exists and was made from its current recipe: the
    /// app can show the feed without starting a run.
    public var isComplete: Bool { pending().isEmpty }

    /// Starts generating in the background. `progress` and `completion` run
    /// on the main context. Calling `start` while a run is going is ignored.
    /// `progress` and `completion` run on the main context.
    public func start(progress: @escaping (Progress) -> Void, completion: @escaping (Outcome) -> Void) {
        lock.lock()
        if running { lock.unlock(); return }
        running = true
        cancelRequested = false
        lock.unlock()
        let progress = MainThreadHandler(progress)
        let completion = MainThreadHandler(completion)
        BackgroundThread.start { [self] in
            let outcome = run { report in MainContext.invoke { progress.call(report) } }
            lock.lock()
            running = false
            lock.unlock()
            MainContext.invoke { completion.call(outcome) }
        }
    }

    /// Stops the run: pipelines stop, half-written files are deleted and the
    /// completion reports `.cancelled`.
    public func cancel() {
        lock.lock()
        cancelRequested = true
        lock.unlock()
    }

    private var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelRequested
    }

    // MARK: - The run, on a background thread

    /// Generates what is missing; blocks. `report` is called from worker threads.
    func run(report: @escaping @Sendable (Progress) -> Void) -> Outcome {
        if g_mkdir_with_parents(folder, 0o700) != 0 {
            return .failed(.cannotWrite(path: folder, reason: String(cString: strerror(errno))))
        }
        removeLeftovers()
        let todo = pending()
        let total = plan.items.count
        let state = RunState(done: total - todo.count, todo: todo)
        report(Progress(done: state.done, total: total, currentTitle: nil))
        if todo.isEmpty { return .finished }

        let encoders = Encoders()
        if let missing = encoders.missing(for: todo.map(\.recipe)) { return .failed(.missingEncoder(missing)) }

        let group = DispatchGroup()
        for _ in 0..<min(parallelism, todo.count) {
            group.enter()
            BackgroundThread.start { [self] in
                while let item = state.next() {
                    report(Progress(done: state.done, total: total, currentTitle: item.title))
                    if let failure = generate(item, encoders: encoders) {
                        state.fail(failure)
                    } else if !isCancelled {
                        state.complete(item)
                        writeStamp(state.completedItems)
                    }
                }
                group.leave()
            }
        }
        group.wait()
        report(Progress(done: state.done, total: total, currentTitle: nil))
        if isCancelled { return .cancelled }
        if let failure = state.failure { return .failed(failure) }
        return .finished
    }

    /// Items whose file is absent or made from another recipe.
    func pending() -> [SamplePlan.Item] {
        let stamp = readStamp()
        return plan.items.filter { item in
            stamp[item.fileName] != fingerprint(item) || !FileManager.default.fileExists(atPath: path(of: item))
        }
    }

    /// A file made without its title is made again once the overlay exists.
    private func fingerprint(_ item: SamplePlan.Item) -> String {
        item.title + "\n" + item.recipe.fingerprint + (MediaSystem.hasElement("textoverlay") ? "" : "\nuntitled")
    }

    private func temporaryPath(of item: SamplePlan.Item) -> String { folder + "/." + item.fileName + ".partial" }

    /// Half files from a run that crashed.
    private func removeLeftovers() {
        for item in plan.items { unlink(temporaryPath(of: item)) }
    }

    /// Runs one file's pipeline; nil on success or cancel.
    private func generate(_ item: SamplePlan.Item, encoders: Encoders) -> Failure? {
        let temporary = temporaryPath(of: item)
        defer { unlink(temporary) }
        let pipeline: LaunchPipeline
        do {
            pipeline = try LaunchPipeline(encoders.description(for: item.recipe))
        } catch {
            return .pipelineFailed(file: item.fileName, reason: "\(error)")
        }
        if encoders.drawsTitles { pipeline.set("title", "text", string: item.recipe.text ?? item.title) }
        pipeline.set("sink", "location", string: temporary)
        // Generous: a 20 s 1080p file takes about 10 s on two cores.
        let end = pipeline.runToEnd(timeout: 30 + item.recipe.seconds * 10) { isCancelled }
        pipeline.setState(GST_STATE_NULL) // the muxer's last write and the file's close
        switch end {
        case .finished:
            if rename(temporary, path(of: item)) != 0 {
                return .cannotWrite(path: path(of: item), reason: String(cString: strerror(errno)))
            }
            return nil
        case .cancelled:
            return nil
        case .timedOut:
            return .pipelineFailed(file: item.fileName, reason: "timed out")
        case .failed(let error):
            return SampleLibrary.failure(for: error, file: item.fileName, folder: folder)
        }
    }

    /// A pipeline error in the words of `Failure`: the file sink reports a
    /// full disk as `GST_RESOURCE_ERROR_NO_SPACE_LEFT`.
    static func failure(for error: GLibError, file: String, folder: String) -> Failure {
        guard error.domain == "gst-resource-error-quark" else {
            return .pipelineFailed(file: file, reason: error.message)
        }
        if error.code == Int32(GST_RESOURCE_ERROR_NO_SPACE_LEFT.rawValue) { return .diskFull(folder: folder) }
        return .cannotWrite(path: folder + "/" + file, reason: error.message)
    }

    // MARK: - Stamp

    private var stampPath: String { folder + "/" + SampleLibrary.stampName }

    private func readStamp() -> [String: String] {
        guard let data = FileManager.default.contents(atPath: stampPath),
              let stamp = try? JSONDecoder().decode([String: String].self, from: data) else { return [:] }
        return stamp
    }

    /// Adds finished files to the stamp, atomically (g_file_set_contents
    /// writes a temporary file and renames it).
    private func writeStamp(_ items: [SamplePlan.Item]) {
        lock.lock()
        defer { lock.unlock() }
        var stamp = readStamp()
        for item in items { stamp[item.fileName] = fingerprint(item) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        guard let data = try? encoder.encode(stamp) else { return }
        data.withUnsafeBytes { bytes in
            let text = bytes.baseAddress!.assumingMemoryBound(to: gchar.self)
            _ = try? GLibError.check { g_file_set_contents(stampPath, text, gssize(bytes.count), $0) }
        }
    }
}

/// The shared bookkeeping of one run's worker threads.
private final class RunState: @unchecked Sendable {
    private let lock = NSLock()
    private var todo: [SamplePlan.Item]
    private var finished: [SamplePlan.Item] = []
    private(set) var failure: SampleLibrary.Failure?
    private var doneCount: Int

    init(done: Int, todo: [SamplePlan.Item]) {
        self.doneCount = done
        self.todo = todo
    }

    var done: Int { locked { doneCount } }
    var completedItems: [SamplePlan.Item] { locked { finished } }

    /// The next file, or nil when all are taken or one failed.
    func next() -> SamplePlan.Item? {
        locked { failure == nil && !todo.isEmpty ? todo.removeFirst() : nil }
    }

    func complete(_ item: SamplePlan.Item) {
        locked { doneCount += 1; finished.append(item) }
    }

    func fail(_ failure: SampleLibrary.Failure) {
        locked { if self.failure == nil { self.failure = failure } }
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}

/// The encoders this system has, best first, as gst-launch fragments.
private struct Encoders {
    let h264 = Encoders.first([
        ("x264enc", "x264enc speed-preset=ultrafast key-int-max=30 ! h264parse"),
        ("openh264enc", "openh264enc gop-size=30 ! h264parse"),
    ])
    let aac = Encoders.first([("avenc_aac", "avenc_aac"), ("fdkaacenc", "fdkaacenc"), ("voaacenc", "voaacenc")])
    let vp8 = Encoders.first([("vp8enc", "vp8enc deadline=1 cpu-used=8 keyframe-max-dist=30")])
    let webmAudio = Encoders.first([("opusenc", "opusenc"), ("vorbisenc", "vorbisenc")])
    let hasMP4 = MediaSystem.hasElement("mp4mux")
    /// The title and the clock are drawn by the pango plugin, which a system
    /// may lack (MediaSystem.missingOptionalElements says so at start).
    let drawsTitles = MediaSystem.hasElement("textoverlay")
    let drawsClock = MediaSystem.hasElement("timeoverlay")

    private static func first(_ choices: [(factory: String, fragment: String)]) -> String? {
        choices.first { MediaSystem.hasElement($0.factory) }?.fragment
    }

    /// Without H.264 and AAC an "mp4" recipe falls back to WebM content
    /// (under the catalog's file name: GStreamer finds the format by content).
    private func usesMP4(_ recipe: SampleRecipe) -> Bool {
        recipe.container == "mp4" && h264 != nil && aac != nil && hasMP4
    }

    func missing(for recipes: [SampleRecipe]) -> String? {
        let needsWebM = recipes.contains { !usesMP4($0) }
        guard needsWebM else { return nil }
        if vp8 == nil { return "H.264 or VP8 video" }
        if webmAudio == nil { return "AAC, Opus or Vorbis audio" }
        guard MediaSystem.hasElement("webmmux") else { return "WebM muxer (webmmux)" }
        return nil
    }

    /// The pipeline for a recipe. Font sizes are for 640 pixels wide; the
    /// overlays scale them with the picture. The title text and the file location are
    /// set afterwards by element name, so no user text is parsed here.
    func description(for recipe: SampleRecipe) -> String {
        let title = !drawsTitles ? "" : "! textoverlay name=title valignment=center halignment=center"
            + " shaded-background=true font-desc=\"Sans Bold 36px\" "
        let clock = drawsClock ? "! timeoverlay valignment=bottom halignment=right font-desc=\"Sans 14px\" " : ""
        let mp4 = usesMP4(recipe)
        var source = "videotestsrc pattern=\(recipe.pattern) num-buffers=\(recipe.frameCount)"
        if let colour = SampleRecipe.argb(recipe.foreground) { source += " foreground-color=\(colour)" }
        if let colour = SampleRecipe.argb(recipe.background) { source += " background-color=\(colour)" }
        // The zone plate is flat grey until given rings; kt moves them.
        if recipe.pattern == "zone-plate" { source += " kx2=20 ky2=20" }
        if let motion = recipe.motion {
            source += recipe.pattern == "zone-plate" ? " kt=\(motion)" : " horizontal-speed=\(motion)"
        }
        let audioBuffers = max(1, Int((recipe.seconds * 10).rounded()))
        return """
            \(source) ! video/x-raw,format=I420,width=\(recipe.width),height=\(recipe.height),\
            framerate=\(recipe.fps)/1,pixel-aspect-ratio=1/1 \(title)\(clock)\
            ! \(mp4 ? h264! : vp8!) ! queue ! mux. \
            audiotestsrc num-buffers=\(audioBuffers) samplesperbuffer=4800 wave=\(recipe.wave) \
            freq=\(recipe.freq) volume=0.2 ! audio/x-raw,rate=48000,channels=2 ! audioconvert \
            ! \(mp4 ? aac! : webmAudio!) ! queue ! mux. \
            \(mp4 ? "mp4mux faststart=true" : "webmmux") name=mux ! filesink name=sink
            """
    }
}
