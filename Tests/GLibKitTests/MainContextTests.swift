import CGLib
import Foundation
import XCTest
@testable import GLibKit

final class MainContextTests: XCTestCase {
    /// Runs the default main loop until `done` or a deadline.
    private func runLoop(until done: () -> Bool, seconds: Double = 10) {
        let deadline = Date().addingTimeInterval(seconds)
        while !done() && Date() < deadline { MainContext.iterate(mayBlock: false); usleep(1000) }
    }

    func testHopFromABackgroundThreadRunsOnTheMainLoop() {
        final class Result: @unchecked Sendable {
            var ranOnMainThread = false
            var ownedContext = false
            var ran = false
        }
        let result = Result()
        let mainThread = pthread_self()
        Thread.detachNewThread {
            XCTAssertFalse(pthread_equal(pthread_self(), mainThread) != 0)
            MainContext.invoke {
                result.ranOnMainThread = pthread_equal(pthread_self(), mainThread) != 0
                result.ownedContext = MainContext.isOwner
                result.ran = true
            }
        }
        runLoop(until: { result.ran })
        XCTAssertTrue(result.ran, "the hop never ran")
        XCTAssertTrue(result.ranOnMainThread, "the hop ran on the wrong thread")
        XCTAssertTrue(result.ownedContext, "the hop ran outside the main context")
    }

    func testManyHopsRunInOrderAndFreeTheirBoxes() {
        final class Log: @unchecked Sendable { var values: [Int] = [] }
        let log = Log()
        let before = MainContext.liveCallbacks
        Thread.detachNewThread {
            for i in 0..<1000 { MainContext.invoke { log.values.append(i) } }
        }
        runLoop(until: { log.values.count == 1000 })
        XCTAssertEqual(log.values, Array(0..<1000))
        XCTAssertEqual(MainContext.liveCallbacks, before)
    }

    func testIdleIsDeferredEvenOnTheMainThread() {
        final class Flag: @unchecked Sendable { var ran = false }
        let flag = Flag()
        MainContext.idle { flag.ran = true }
        XCTAssertFalse(flag.ran, "idle ran synchronously")
        runLoop(until: { flag.ran })
        XCTAssertTrue(flag.ran)
    }

    func testRepeatingTimerStopsWhenItSaysSoAndRemovedSourcesNeverFire() {
        var ticks = 0
        MainContext.every(milliseconds: 1) { ticks += 1; return ticks < 3 }
        var removedFired = false
        let source = MainContext.after(milliseconds: 20) { removedFired = true }
        source.remove()
        runLoop(until: { false }, seconds: 0.2)
        XCTAssertEqual(ticks, 3)
        XCTAssertFalse(removedFired)
        XCTAssertEqual(MainContext.liveCallbacks, 0)
    }
}
