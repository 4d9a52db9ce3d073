import Foundation
import XCTest
@testable import ReelCore

final class ServerGateTests: XCTestCase {
    func testAskingFollowsTheServersBackoffAndLocalFilesAreAlwaysAsked() {
        let gate = ServerGate()
        let start = Date()
        XCTAssertEqual(ServerGate.host(of: "https://cdn.example/v.mp4"), "cdn.example")
        XCTAssertNil(ServerGate.host(of: "file:///home/me/Videos/v.mp4"))
        for _ in 0..<ServerBackoff.failuresBeforePause {
            XCTAssertTrue(gate.mayAsk("https://cdn.example/v.mp4", at: start))
            gate.record("cdn.example", problem: .network(HTTPStatus.describe(503)), at: start)
        }
        XCTAssertFalse(gate.mayAsk("https://cdn.example/other.mp4", at: start))
        XCTAssertTrue(gate.mayAsk("https://elsewhere.example/v.mp4", at: start))
        XCTAssertTrue(gate.mayAsk("file:///home/me/Videos/v.mp4", at: start))
        XCTAssertTrue(gate.mayAsk("https://cdn.example/v.mp4", at: start + ServerBackoff.firstPause + 1))
        XCTAssertEqual(gate.lastProblem(of: "cdn.example"), .network(HTTPStatus.describe(503)))
    }
}
