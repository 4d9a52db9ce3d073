import Foundation
import XCTest
@testable import GLibKit
@testable import ReelMedia

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
}
