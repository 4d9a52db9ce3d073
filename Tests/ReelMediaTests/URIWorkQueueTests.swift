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
        let ran = Log()
        let queue = URIWorkQueue<String>(workers: 1) { uri in
            if uri == "first" { gate.wait() }
            ran.add(uri)
            return uri
        }
        let finished = Log()
        queue.request("first") { finished.add($0) }
        usleep(50_000)                       // "first" is running and holds the only worker
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

    func testTenThousandRequestsQueueInLinearTime() {
        let queue = URIWorkQueue<Int>(workers: 1) { _ in 0 }
        queue.suspend()
        for index in 0..<10_000 { queue.request("file:///clip-\(index).mp4") { _ in } }
        for index in stride(from: 0, to: 10_000, by: 7) { queue.prioritize("file:///clip-\(index).mp4") }
        XCTAssertEqual(queue.waitingCount, 10_000)
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
        while queue.waitingCount > 0 && Date() < deadline { usleep(1000) }   // the main context is not run
        usleep(100_000)
        let remote = asked.all.filter { $0.hasPrefix("http:") }
        // Three failures, and at most one more already running on the other worker.
        XCTAssertLessThanOrEqual(remote.count, 4, "asked \(remote)")
        XCTAssertNotNil(servers.restingUntil("down.example"))
        XCTAssertTrue(asked.all.contains("file:///tmp/local.mp4"), "local files are not held up")
    }
}
