import Foundation
import XCTest
@testable import GLibKit
@testable import ReelMedia
import ReelCore

/// Order and bookkeeping of the worker queue behind thumbnails and discovery.
final class URIWorkQueueTests: XCTestCase {
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [String] = []
        func add(_ item: String) { lock.lock(); items.append(item); lock.unlock() }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return items }
    }

    private func spin(until done: () -> Bool) {
        let deadline = Date().addingTimeInterval(10)
        while !done() && Date() < deadline { MainContext.iterate(mayBlock: false); usleep(1000) }
    }

    func testNewestFirstPrioritizeJoinAndCancel() {
        let gate = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let ran = Log()
        let queue = URIWorkQueue<String>(workers: 1) { uri in
            if uri == "first" { started.signal(); gate.wait() }
            ran.add(uri)
            return uri
        }
        let finished = Log()
        queue.request("first") { finished.add($0) }
        started.wait()                       // "first" is running and holds the only worker
        for uri in ["a", "b", "c", "d"] { queue.request(uri) { finished.add($0) } }
        queue.prioritize("a")                // a card came on screen
        queue.request("b") { _ in finished.add("b again") }   // joins the waiting request
        queue.cancel("c")
        XCTAssertEqual(queue.waitingCount, 3)
        gate.signal()
        spin { finished.all.count == 5 }
        XCTAssertEqual(ran.all, ["first", "b", "a", "d"], "run order")
        XCTAssertEqual(Set(finished.all), ["first", "a", "b", "b again", "d"])
        XCTAssertEqual(queue.waitingCount, 0)
    }

    /// Linear by the operations counted, not by a clock: each request and
    /// each prioritize puts one entry on the run order and running takes
    /// each entry off once; nothing scans or sorts the queue.
    func testTenThousandRequestsQueueInLinearTime() {
        let finished = Log()
        let queue = URIWorkQueue<Int>(workers: 1) { _ in 0 }
        queue.suspend()
        for index in 0..<10_000 { queue.request("file:///clip-\(index).mp4") { _ in finished.add("") } }
        let prioritized = Array(stride(from: 0, to: 10_000, by: 7))
        for index in prioritized { queue.prioritize("file:///clip-\(index).mp4") }
        XCTAssertEqual(queue.waitingCount, 10_000)
        let entries = 10_000 + prioritized.count
        XCTAssertEqual(queue.operationCount, entries, "one entry per request and per prioritize")
        queue.resume()
        spin { finished.all.count == 10_000 }
        XCTAssertEqual(finished.all.count, 10_000)
        XCTAssertEqual(queue.waitingCount, 0)
        XCTAssertEqual(queue.operationCount, 2 * entries, "each entry taken off once, the stale ones skipped once")

        queue.suspend()
        for index in 0..<100 { queue.request("file:///again-\(index).mp4") { _ in } }
        queue.cancelAll()
        XCTAssertEqual(queue.waitingCount, 0)
    }

    /// The main thread may be too busy to hear of failures for a while
    /// (the completions wait for it): the workers themselves stop asking a
    /// server after its third failure in a row.
    func testAFailingServerIsLeftAloneWhileTheMainThreadIsBusy() {
        let servers = ServerGate()
        let asked = Log()
        let queue = ProbeQueue(workers: 2, servers: servers) { uri in
            asked.add(uri)
            return .problem(.network(HTTPStatus.describe(503)))
        }
        for n in 0..<20 { queue.request("http://down.example/v\(n).mp4") { _ in } }
        queue.request("file:///tmp/local.mp4") { _ in }
        let deadline = Date().addingTimeInterval(10)
        // Until every job is done or dropped (the main context is not run).
        while (queue.waitingCount > 0 || queue.runningWorkers > 0) && Date() < deadline { usleep(1000) }
        XCTAssertEqual(queue.runningWorkers, 0, "the workers did not finish")
        let remote = asked.all.filter { $0.hasPrefix("http:") }
        // Three failures, and at most one more already running on the other worker.
        XCTAssertLessThanOrEqual(remote.count, 4, "asked \(remote)")
        XCTAssertNotNil(servers.restingUntil("down.example"))
        XCTAssertTrue(asked.all.contains("file:///tmp/local.mp4"), "local files are not held up")
    }
}
