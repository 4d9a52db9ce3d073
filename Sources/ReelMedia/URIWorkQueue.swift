import Foundation
import GLibKit

/// Runs blocking per-video work (thumbnails, discovery) on a few worker
/// threads: newest request first, visible cards moved ahead with
/// `prioritize`, waiting requests cancellable. Completions run on the main
/// context. Workers start when there is work and end when there is none, so
/// an idle queue holds no threads.
public final class URIWorkQueue<Outcome: Sendable>: @unchecked Sendable {
    public typealias Completion = @Sendable (Outcome) -> Void

    /// Jobs run at once. Two on two cores: each decode is mostly one thread,
    /// and more than the core count only adds waiting (bench/RESULTS.md).
    public let workers: Int
    private let work: @Sendable (String) -> Outcome
    private let admits: @Sendable (String) -> Bool

    private let lock = NSLock()
    /// Waiting requests by URI, with the stamp of their latest request.
    private var waiting: [String: (stamp: Int, completions: [Completion])] = [:]
    /// Run order: the last entry runs next. A request or `prioritize` pushes
    /// a fresh stamp; entries whose stamp is no longer the URI's are stale
    /// and skipped. Every operation is O(1), so a catalog of 10,000 videos
    /// queues in linear time.
    private var order: [(uri: String, stamp: Int)] = []
    private var nextStamp = 0
    private var running = 0
    private var mostRunning = 0
    private var suspended = false
    /// Entries pushed onto the run order and taken off it: what the queue's
    /// work grows with (the tests count it).
    private var steps = 0

    /// `admits` is asked on the worker right before a job runs: a job it
    /// turns down is dropped like a cancelled request (its completions are
    /// not called). It sees what the main thread has not caught up with.
    public init(workers: Int = 2, admits: @escaping @Sendable (String) -> Bool = { _ in true },
                work: @escaping @Sendable (String) -> Outcome) {
        self.workers = max(1, workers)
        self.admits = admits
        self.work = work
    }

    /// Asks for `uri`'s outcome. A request for a URI already waiting joins
    /// it (and moves it to the front).
    public func request(_ uri: String, completion: @escaping Completion) {
        lock.lock()
        let completions = (waiting[uri]?.completions ?? []) + [completion]
        waiting[uri] = (push(uri), completions)
        lock.unlock()
        startWorkers()
    }

    /// Puts `uri` on top of the run order; call with the lock held.
    private func push(_ uri: String) -> Int {
        nextStamp += 1
        steps += 1
        order.append((uri, nextStamp))
        return nextStamp
    }

    /// Holds waiting requests (while a video plays, thumbnails can wait);
    /// running ones finish.
    public func suspend() {
        lock.lock()
        suspended = true
        lock.unlock()
    }

    public func resume() {
        lock.lock()
        suspended = false
        lock.unlock()
        startWorkers()
    }

    private func startWorkers() {
        lock.lock()
        let count = suspended ? 0 : min(workers - running, waiting.count)
        running += max(0, count)
        mostRunning = max(mostRunning, running)
        lock.unlock()
        for _ in 0..<max(0, count) { BackgroundThread.start { [self] in runJobs() } }
    }

    /// Moves a waiting request to the front (its card became visible).
    public func prioritize(_ uri: String) {
        lock.lock()
        defer { lock.unlock() }
        guard let entry = waiting[uri] else { return }
        waiting[uri] = (push(uri), entry.completions)
    }

    /// Drops a waiting request; its completions are not called. One already
    /// running finishes (a job takes a fraction of a second).
    public func cancel(_ uri: String) {
        lock.lock()
        waiting[uri] = nil
        lock.unlock()
    }

    public func cancelAll() {
        lock.lock()
        waiting.removeAll()
        order.removeAll()
        lock.unlock()
    }

    public var waitingCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return waiting.count
    }

    /// Entries pushed onto and taken off the run order so far, for tests.
    var operationCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return steps
    }

    /// Workers running now (a job, or looking for one), for tests.
    var runningWorkers: Int {
        lock.lock()
        defer { lock.unlock() }
        return running
    }

    /// The most workers that ran at once, for tests and the bench.
    var peakWorkers: Int {
        lock.lock()
        defer { lock.unlock() }
        return mostRunning
    }

    private func runJobs() {
        while let job = next() {
            guard admits(job.uri) else { continue }
            let outcome = work(job.uri)
            let completions = job.completions
            // Below GTK's redraw priority: results never hold back a frame.
            MainContext.idle { completions.forEach { $0(outcome) } }
        }
    }

    private func next() -> (uri: String, completions: [Completion])? {
        lock.lock()
        defer { lock.unlock() }
        while !suspended, let top = order.popLast() {
            steps += 1
            guard let entry = waiting[top.uri], entry.stamp == top.stamp else { continue }
            waiting[top.uri] = nil
            return (top.uri, entry.completions)
        }
        if waiting.isEmpty { order.removeAll() }
        running -= 1
        return nil
    }
}
