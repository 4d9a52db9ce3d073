import Foundation
import XCTest
@testable import ReelCore

final class TraceTests: XCTestCase {
    func testSinksHearEveryEventWithoutATraceFile() {
        let trace = Trace(path: nil)
        XCTAssertFalse(trace.isEnabled)
        let heard = Heard()
        trace.addSink { name, fields in heard.add(Trace.describe(name, fields)) }
        trace.event(.launch)
        trace.event(.playerOpen, ["uri": "file:///a.mp4"])
        XCTAssertEqual(heard.lines, ["launch", #"player-open {"uri":"file:///a.mp4"}"#])
    }

    func testSinksAndTheFileHearTheSameEvents() throws {
        let path = NSTemporaryDirectory() + "reel-trace-\(getpid()).jsonl"
        defer { unlink(path) }
        let trace = Trace(path: path)
        let heard = Heard()
        trace.addSink { name, _ in heard.add(name) }
        trace.event(.feedItems, ["count": 3])
        let line = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(line.contains(#""event":"feed-items""#), line)
        XCTAssertEqual(heard.lines, ["feed-items"])
    }

    func testFailuresAreWarnings() {
        for name in ["player-error", "player-bus-error", "strip-error", "camera-error", "media-worker-stopped",
                     "media-worker-hung"] {
            XCTAssertEqual(Trace.severity(of: name), .warning, name)
        }
        for name in ["launch", "player-open", "strip-skipped", "camera-problem", "frame", "media-worker-idle-exit"] {
            XCTAssertEqual(Trace.severity(of: name), .debug, name)
        }
    }

    /// A value with a newline stays on the log's one line.
    func testDescriptionIsOneLine() {
        let text = Trace.describe("player-error", ["detail": "no decoder\nfor H.265", "code": 3])
        XCTAssertEqual(text, #"player-error {"code":3,"detail":"no decoder\nfor H.265"}"#)
        XCTAssertFalse(text.contains("\n"))
    }
}

private final class Heard: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func add(_ line: String) { lock.lock(); stored.append(line); lock.unlock() }
    var lines: [String] { lock.lock(); defer { lock.unlock() }; return stored }
}
