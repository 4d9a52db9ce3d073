import CGLib
import Foundation
import GLibKit
import ReelCore

/// Probes and thumbnails in a process of its own (`reel --media-worker`,
/// MediaWorkerService), the way desktop thumbnailers run outside the apps
/// that ask: the videos of the feed come from anywhere, and one that
/// crashes a decoder or a network source takes that process down, never the
/// app. A stopped worker is started again at the next request; each video
/// it was reading is read again alone, and one that stops it again is never
/// read again (ReelCore.CrashSuspects). A request that gets no answer
/// in `deadline` seconds stops the worker too: a hang counts like a crash.
/// A worker left idle for `idleExit` seconds is let go (its input closed,
/// so it ends by itself): it holds GStreamer and what its last decoder
/// allocated (about 85 MB resident after a 1080p thumbnail) for as long as
/// it lives, while the feed asks in bursts and a new worker starts in a
/// fraction of a second.
///
/// Calls block: make them from worker threads (the feed's URIWorkQueues).
public final class MediaWorker: @unchecked Sendable {
    public static let shared = MediaWorker()
    /// The argument that makes `reel` a worker.
    public static let argument = "--media-worker"

    private let executable: String
    private let deadline: Double
    private let idleExit: Double
    /// Guards everything below; waited on while a suspect is read alone.
    private let lock = NSCondition()
    private var aloneUnderWay = false
    private var running: Running?
    private var nextID = 0
    private var pending: [Int: Pending] = [:]
    private var suspects = CrashSuspects()
    /// Counts requests sent: an idle exit planned before the latest one is off.
    private var sent = 0

    /// `executable`: the `reel` binary (this process's own by default).
    public init(executable: String = "/proc/self/exe", deadline: Double = 60, idleExit: Double = 5) {
        self.executable = executable
        self.deadline = deadline
        self.idleExit = idleExit
    }

    /// A worker process is running (for tests).
    var hasWorker: Bool {
        lock.lock()
        defer { lock.unlock() }
        return running != nil
    }

    public func probe(_ uri: String) -> MediaProbe.Outcome {
        ask(.probe, uri, decode: { try? JSONDecoder().decode(MediaProbe.Outcome.self, from: $0) },
            inProcess: { MediaProbe().probe(uri) })
            ?? .problem(.stoppedTheReader)
    }

    public func thumbnail(_ uri: String) -> Thumbnailer.Outcome {
        ask(.thumbnail, uri, decode: { try? JSONDecoder().decode(Thumbnailer.Outcome.self, from: $0) },
            inProcess: { Thumbnailer().thumbnail(for: uri) })
            ?? .failed("the video stopped the media reader")
    }

    /// The worker's answer, decoded; nil for a video that stops it. Where
    /// no worker can start (no binary to run), the work is done here.
    private func ask<T>(_ operation: MediaWorkerRequest.Operation, _ uri: String, decode: (Data) -> T?,
                        inProcess: () -> T) -> T? {
        while true {
            lock.lock()
            let culprit = suspects.isCulprit(uri)
            lock.unlock()
            if culprit { return nil }
            switch send(operation, uri) {
            case .answer(let data): return decode(data)
            case .stopped: continue
            case .unavailable: return inProcess()
            }
        }
    }

    private enum Reply {
        case answer(Data)
        /// The worker stopped while this was asked.
        case stopped
        /// No worker could start.
        case unavailable
    }

    /// Sends one request and waits for its answer or the worker's end.
    private func send(_ operation: MediaWorkerRequest.Operation, _ uri: String) -> Reply {
        let waiter = Pending(uri: uri)
        lock.lock()
        // A suspect waits for an empty worker and has it to itself.
        let alone = suspects.isSuspect(uri)
        while aloneUnderWay || (alone && !pending.isEmpty) { lock.wait() }
        guard let worker = running ?? start() else {
            lock.unlock()
            return .unavailable
        }
        if alone { aloneUnderWay = true }
        defer {
            lock.lock()
            if alone { aloneUnderWay = false }
            if waiter.answer != nil { suspects.answered(uri) }
            if pending.isEmpty { letGoWhenIdle(worker) }
            lock.broadcast()
            lock.unlock()
        }
        sent += 1
        nextID += 1
        let id = nextID
        waiter.worker = worker
        pending[id] = waiter
        var line = (try? JSONEncoder().encode(MediaWorkerRequest(id: id, operation: operation, uri: uri))) ?? Data()
        line.append(0x0A)
        let written = line.withUnsafeBytes { write(worker.input, $0.baseAddress, $0.count) }
        lock.unlock()
        if written != line.count { stop(worker) }  // the reader notices the end
        if waiter.done.wait(timeout: .now() + deadline) == .timedOut {
            Trace.shared.event(.mediaWorkerHung, ["uri": uri])
            stop(worker)
            waiter.done.wait()
        }
        return waiter.answer.map { .answer($0) } ?? .stopped
    }

    /// Kills `worker` unless it has ended already (its process id, reaped,
    /// may belong to another process by now).
    private func stop(_ worker: Running) {
        lock.lock()
        defer { lock.unlock() }
        if running === worker { kill(worker.pid, SIGKILL) }
    }

    /// Lets `worker` go if no request comes in `idleExit` seconds; call with
    /// the lock held. Closing its input ends it the way quitting the app
    /// does; it is no longer `running`, so the next request starts another.
    private func letGoWhenIdle(_ worker: Running) {
        let mark = sent
        DispatchQueue.global().asyncAfter(deadline: .now() + idleExit) { [weak self, worker] in
            guard let self else { return }
            self.lock.lock()
            defer { self.lock.unlock() }
            guard self.sent == mark, self.pending.isEmpty, !self.aloneUnderWay, self.running === worker else { return }
            self.running = nil
            worker.isLetGo = true
            close(worker.input)
        }
    }

    /// Starts the worker; call with the lock held.
    private func start() -> Running? {
        // A write to a worker that just died must fail, not kill the app.
        signal(SIGPIPE, SIG_IGN)
        var argv: [UnsafeMutablePointer<gchar>?] = [strdup(executable), strdup(MediaWorker.argument), nil]
        defer { argv.forEach { free($0) } }
        var pid: GPid = 0
        var input: Int32 = -1
        var output: Int32 = -1
        var error: UnsafeMutablePointer<GError>?
        let flags = GSpawnFlags(rawValue: G_SPAWN_DO_NOT_REAP_CHILD.rawValue | G_SPAWN_CLOEXEC_PIPES.rawValue)
        // The app's trace is the app's: the worker writes none.
        let environment = g_environ_unsetenv(g_get_environ(), "REEL_TRACE")
        defer { g_strfreev(environment) }
        guard g_spawn_async_with_pipes(nil, &argv, environment, flags, nil, nil, &pid, &input, &output, nil, &error) != 0 else {
            let message = error.map { GLibError(consuming: $0).message } ?? ""
            FileHandle.standardError.write(Data("reel: the media reader could not start: \(message)\n".utf8))
            return nil
        }
        let worker = Running(pid: pid, input: input, output: output)
        running = worker
        Trace.shared.event(.mediaWorkerStarted, ["pid": Int(pid)])
        Thread.detachNewThread { [self] in self.read(worker) }
        return worker
    }

    /// Reads answers until the worker's end, then settles what it left.
    private func read(_ worker: Running) {
        let input = FileHandle(fileDescriptor: worker.output, closeOnDealloc: true)
        var buffer = Data()
        while true {
            let chunk = input.availableData
            if chunk.isEmpty { break }
            buffer.append(chunk)
            while let newline = buffer.firstIndex(of: 0x0A) {
                let line = buffer[buffer.startIndex..<newline]
                buffer = Data(buffer[buffer.index(after: newline)...])
                deliver(line)
            }
        }
        // No longer the running worker before it is reaped: `stop` must not
        // kill its process id once that may be another process's.
        lock.lock()
        if running === worker { running = nil }
        lock.unlock()
        var status: Int32 = 0
        waitpid(worker.pid, &status, 0)
        g_spawn_close_pid(worker.pid)
        lock.lock()
        if !worker.isLetGo { close(worker.input) }
        // What this worker was asked and did not answer (a new worker may
        // be answering other requests already).
        let left = pending.filter { $0.value.worker === worker }
        for id in left.keys { pending[id] = nil }
        let culprits = suspects.readerStopped(while: left.values.map(\.uri))
        lock.broadcast()
        lock.unlock()
        if worker.isLetGo && left.isEmpty {
            Trace.shared.event(.mediaWorkerIdleExit, ["status": Int(status)])
        } else {
            Trace.shared.event(.mediaWorkerStopped, ["status": Int(status), "reading": left.count,
                                                        "culprits": culprits.sorted().joined(separator: " ")])
        }
        for waiter in left.values { waiter.done.signal() }
    }

    private func deliver(_ line: Data) {
        guard let answer = try? JSONDecoder().decode(MediaWorkerAnswer.self, from: line) else { return }
        lock.lock()
        let waiter = pending.removeValue(forKey: answer.id)
        lock.broadcast()
        lock.unlock()
        waiter?.answer = answer.result
        waiter?.done.signal()
    }

    // Its one mutable field changes only with MediaWorker's lock held.
    private final class Running: @unchecked Sendable {
        let pid: GPid
        let input: Int32
        let output: Int32
        /// Its input was closed for being idle (with the lock held).
        var isLetGo = false
        init(pid: GPid, input: Int32, output: Int32) {
            self.pid = pid
            self.input = input
            self.output = output
        }
    }

    private final class Pending: @unchecked Sendable {
        let uri: String
        let done = DispatchSemaphore(value: 0)
        var answer: Data?
        /// The worker it was sent to.
        var worker: Running?
        init(uri: String) { self.uri = uri }
    }
}

/// One line to the worker.
struct MediaWorkerRequest: Codable {
    enum Operation: String, Codable { case probe, thumbnail }
    var id: Int
    var operation: Operation
    var uri: String
}

/// One line back: the request's id and its outcome, encoded.
struct MediaWorkerAnswer: Codable {
    var id: Int
    var result: Data
}
