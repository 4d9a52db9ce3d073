import Foundation
import XCTest
@testable import ReelCore

final class ServerBackoffTests: XCTestCase {
    private let start = Date(timeIntervalSinceReferenceDate: 1_000_000)
    private let down = VideoProblem.network(HTTPStatus.describe(503))

    func testAServerRestsAfterThreeFailuresInARowAndLongerEachTime() {
        var backoff = ServerBackoff()
        backoff.record("a.example", problem: down, at: start)
        backoff.record("a.example", problem: .connection(.refused), at: start)
        XCTAssertNil(backoff.restingUntil("a.example", at: start), "two failures are not yet a pattern")
        backoff.record("a.example", problem: .connection(.timedOut), at: start)
        XCTAssertEqual(backoff.restingUntil("a.example", at: start), start.addingTimeInterval(30))
        XCTAssertEqual(backoff.lastProblem(of: "a.example"), .connection(.timedOut))
        XCTAssertNil(backoff.restingUntil("b.example", at: start), "other servers are asked")
        // After the pause it may be asked; one more failure: twice as long.
        let later = start.addingTimeInterval(31)
        XCTAssertNil(backoff.restingUntil("a.example", at: later))
        backoff.record("a.example", problem: down, at: later)
        XCTAssertEqual(backoff.restingUntil("a.example", at: later), later.addingTimeInterval(60))
        // Never longer than ten minutes.
        var now = later
        for _ in 0..<10 {
            now = now.addingTimeInterval(700)
            backoff.record("a.example", problem: down, at: now)
        }
        XCTAssertEqual(backoff.restingUntil("a.example", at: now), now.addingTimeInterval(600))
    }

    func testAnAnswerEndsItAndAnEntrysOwnProblemIsNotTheServers() {
        var backoff = ServerBackoff()
        for _ in 0..<2 { backoff.record("a.example", problem: down, at: start) }
        backoff.record("a.example", problem: nil, at: start)
        backoff.record("a.example", problem: down, at: start)
        backoff.record("a.example", problem: down, at: start)
        XCTAssertNil(backoff.restingUntil("a.example", at: start), "an answer starts the count again")
        for _ in 0..<5 { backoff.record("a.example", problem: .network(HTTPStatus.describe(404)), at: start) }
        XCTAssertNil(backoff.restingUntil("a.example", at: start), "missing entries do not mean a server is down")
        XCTAssertTrue(ServerBackoff.isTheServers(.network("Service Unavailable (503), URL: http://a.example/x")))
        XCTAssertTrue(ServerBackoff.isTheServers(.network(HTTPStatus.describe(429))))
        XCTAssertFalse(ServerBackoff.isTheServers(.network(HTTPStatus.describe(403))))
        XCTAssertFalse(ServerBackoff.isTheServers(.damaged))
        XCTAssertFalse(ServerBackoff.isTheServers(.connection(.missingPart)))
    }
}
