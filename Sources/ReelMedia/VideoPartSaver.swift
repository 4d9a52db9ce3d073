import CGst
import Foundation
import GLibKit
import ReelCore

/// Saves a part of a web video (a progressive HTTP file, HLS or DASH) as a
/// local MP4, because the movie maker takes local files only ("Add This
/// Part to a Movie" on a web video). No pipeline of its own: the address
/// is read as a movie clip is (`MovieSource.clip`, with a time limit),
/// trimmed to the part (`VideoPart`) and exported as a one-clip movie by
/// `MovieRenderer`, which brings progress, cancelling, the hidden working
/// file published under a visible name in `folder` ("Part <date>.mp4":
/// `CaptureKind.part`, beside the movies) and a full disk said as such. What this adds is the web: a server that
/// refuses, errs, stays silent or stops sending ends the save in words
/// (`VideoPart.problem`), never in a hang, and leaves no file.
public final class VideoPartSaver: @unchecked Sendable {
    public typealias Outcome = MovieRenderer.Outcome

    public let uri: String
    public let part: VideoPart
    /// Where the file goes (the movie folder).
    public let folder: String
    /// Seconds the server has to send enough of the video to read it.
    public let timeout: Double
    /// An export whose position has not moved for this long is stopped as
    /// a connection lost: a source that stops sending stalls the export
    /// without an error (hlsdemux2 has no time limit of its own, and
    /// souphttpsrc tries again for a minute). Three times `timeout`, since
    /// before its first frame the export reads the address again (GES's
    /// discoverer) and then seeks in it, each a wait on the server.
    public var stallLimit: Double { timeout * 3 }

    private let lock = NSLock()
    private var cancelled = false
    /// The export under way, so that `cancel` reaches it.
    private var renderer: MovieRenderer?

    /// `start` and `end`: seconds on the stream's own clock, as the
    /// player's position shows them; `end` is not included.
    public init(uri: String, start: Double, end: Double, folder: String, timeout: Double = 10) {
        self.uri = uri
        part = VideoPart(start: start, end: end)
        self.folder = folder
        self.timeout = timeout
    }

    /// Starts the save on a background thread. `onProgress` (0…1) and
    /// `onFinished` (once) are called on the main thread.
    public func start(onProgress: @escaping @Sendable (Double) -> Void,
                      onFinished: @escaping @Sendable (Outcome) -> Void) {
        BackgroundThread.start { [self] in
            let outcome = run { fraction in MainContext.invoke { onProgress(fraction) } }
            MainContext.invoke { onFinished(self.settled(outcome)) }
        }
    }

    /// A cancel pressed while the saved part was on its way to the main
    /// thread: the person saw it still running and asked for no file.
    private func settled(_ outcome: Outcome) -> Outcome {
        guard isCancelled, case .saved(let path) = outcome else { return outcome }
        unlink(path)
        return .cancelled
    }

    /// Stops a save under way; its outcome is `.cancelled` and no file is
    /// left. Any thread.
    public func cancel() {
        lock.lock()
        cancelled = true
        let renderer = renderer
        lock.unlock()
        renderer?.cancel()
    }

    private var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }

    /// The whole save on the calling thread, which it blocks; `progress`
    /// is called on it too.
    public func run(progress: (Double) -> Void = { _ in }) -> Outcome {
        if isCancelled { return .cancelled }
        let clip: MovieClip
        do {
            clip = try MovieSource.clip(uri, timeout: timeout)
        } catch let problem as MovieProblem {
            return .failed(explained(problem, begun: false))
        } catch {
            return .failed(.failed("\(error)"))
        }
        if isCancelled { return .cancelled }
        let firstFrame = VideoPartSaver.firstFrameTime(uri, timeout: timeout) ?? 0
        let renderer = MovieRenderer(edit: part.edit(of: clip, firstFrame: firstFrame), folder: folder, kind: .part)
        lock.lock()
        self.renderer = renderer
        let cancelledMeanwhile = cancelled
        lock.unlock()
        if cancelledMeanwhile { return .cancelled }

        let watch = StallWatch(limit: stallLimit, renderer: renderer)
        let outcome = renderer.run { fraction in
            watch.moved(to: fraction)
            progress(fraction)
        }
        watch.finish()
        switch outcome {
        case .saved:
            return outcome
        case .cancelled:
            // Stopped by the watch, not by the person: the server had
            // answered, then stopped sending.
            guard watch.stalled, !isCancelled else { return .cancelled }
            return .failed(.connectionLost(VideoPart.host(ofURI: uri)))
        case .failed(let problem):
            return .failed(explained(problem, begun: true))
        }
    }

    /// When the stream's first picture is shown on its own clock (the
    /// stream time of its first decoded frame), which the part's frames
    /// are counted from: an HLS stream's picture may start a few frames
    /// after 0. Nil when it cannot be read in `timeout`; the part is then
    /// cut on the grid from 0.
    private static func firstFrameTime(_ uri: String, timeout: Double) -> Int64? {
        guard let pipeline = try? LaunchPipeline("uridecodebin name=in caps=video/x-raw ! appsink name=frames sync=false")
        else { return nil }
        pipeline.set("in", "uri", string: uri)
        guard pipeline.setState(GST_STATE_PAUSED) != GST_STATE_CHANGE_FAILURE,
              pipeline.waitForAsyncDone(timeout: timeout) == .finished,
              let sink = pipeline.child("frames"),
              let sample = gst_app_sink_try_pull_preroll(sink.cast(), 0) else { return nil }
        defer { gst_sample_unref(sample) }
        guard let buffer = gst_sample_get_buffer(sample) else { return nil }
        let time = gst_segment_to_stream_time(gst_sample_get_segment(sample), GST_FORMAT_TIME, buffer.pointee.pts)
        return time == UInt64.max ? nil : Int64(time)
    }

    /// A reading or export that failed on a web address is explained by
    /// asking its server again (the discoverer and the pipeline pass on
    /// "Internal data stream error" for most of what a server does):
    /// an HTTP error, no one there, no answer. Anything the server is not
    /// to blame for (a file that is not a video, a full disk) stays as it is.
    private func explained(_ problem: MovieProblem, begun: Bool) -> MovieProblem {
        switch problem {
        case .unreadableSource, .failed: break
        default: return problem
        }
        guard !MediaLocator.isLocal(uri) else { return problem }
        var status: Int?
        var failure: ConnectionFailure?
        switch RemoteFile.download(uri, timeoutSeconds: timeout, maxBytes: 1) {
        case .success, .failure(.tooLarge): break
        case .failure(.http(let code)): status = code
        case .failure(.connection(let reason)): failure = reason
        case .failure(.timedOut): failure = .timedOut
        case .failure(.network):
            // libsoup words a refused connection and an unknown host alike:
            // connecting again tells them apart. A server that takes the
            // connection but failed the request dropped it.
            switch ConnectionCheck.diagnose(uri, timeout: UInt32(max(timeout.rounded(.up), 1))) {
            case .failed(let reason): failure = reason
            case .reachable: failure = .lost
            case .unknown: break
            }
        }
        return VideoPart.problem(host: VideoPart.host(ofURI: uri), status: status, failure: failure, begun: begun) ?? problem
    }
}

/// Stops an export whose position stands still for `limit` seconds (see
/// `VideoPartSaver.stallLimit`), from a thread of its own: the export's
/// own thread is blocked in it. Its fields are behind its lock; the
/// renderer it stops locks its own.
private final class StallWatch: @unchecked Sendable {
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)
    private var furthest = -1.0
    private var lastMove = Date()
    private var hasStalled = false

    init(limit: Double, renderer: MovieRenderer) {
        Thread.detachNewThread { [self] in
            while done.wait(timeout: .now() + min(limit, 1)) == .timedOut {
                lock.lock()
                let stalled = Date().timeIntervalSince(lastMove) > limit
                if stalled { hasStalled = true }
                lock.unlock()
                if stalled {
                    renderer.cancel()
                    return
                }
            }
        }
    }

    func moved(to fraction: Double) {
        lock.lock()
        defer { lock.unlock() }
        if fraction > furthest {
            furthest = fraction
            lastMove = Date()
        }
    }

    var stalled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return hasStalled
    }

    /// The export is over: the watch ends.
    func finish() {
        done.signal()
    }
}
