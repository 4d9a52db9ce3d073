import Foundation
import XCTest

/// Player tests without a sound server (PulseAudio pointed at a socket that
/// does not exist): the sound goes to a synchronised fakesink and the
/// pipeline runs on the system clock, wherever the tests run.
class NoSoundServerTestCase: XCTestCase {
    // Set and read only in the class set-up and tear-down (XCTest runs them in turn).
    nonisolated(unsafe) private static var savedPulseServer: String?

    override class func setUp() {
        super.setUp()
        savedPulseServer = ProcessInfo.processInfo.environment["PULSE_SERVER"]
        setenv("PULSE_SERVER", "unix:/nonexistent/reel-test-pulse", 1)
    }

    override class func tearDown() {
        if let savedPulseServer { setenv("PULSE_SERVER", savedPulseServer, 1) } else { unsetenv("PULSE_SERVER") }
        super.tearDown()
    }
}
