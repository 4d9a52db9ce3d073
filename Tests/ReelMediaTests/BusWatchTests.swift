import CGLib
import CGst
import Foundation
import GLibKit
import XCTest
@testable import ReelMedia

/// The bus watch every media object uses: a real pipeline's messages reach
/// its closure on the main context, and the watch with its closure goes
/// when the BusWatch does (counted, as GLibKit's tests count closures).
final class BusWatchTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        gst_init(nil, nil)
    }

    private func pipeline() throws -> UnsafeMutablePointer<GstElement> {
        let made = try GLibError.check { gst_parse_launch("fakesrc num-buffers=3 ! fakesink", $0) }
        return try XCTUnwrap(made)
    }

    func testAPipelinesMessagesReachTheClosureUntilItsEnd() throws {
        let pipeline = try pipeline()
        defer {
            gst_element_set_state(pipeline, GST_STATE_NULL)
            gst_object_unref(UnsafeMutableRawPointer(pipeline))
        }
        var types: [GstMessageType] = []
        let watch = BusWatch(element: pipeline) { message in types.append(message.pointee.type) }
        XCTAssertTrue(watch.isWatching)
        XCTAssertNotEqual(gst_element_set_state(pipeline, GST_STATE_PLAYING), GST_STATE_CHANGE_FAILURE)
        XCTAssertTrue(spinMainContext(timeout: 30) { types.contains(GST_MESSAGE_EOS) }, "\(types)")
        XCTAssertTrue(types.contains(GST_MESSAGE_STATE_CHANGED), "\(types)")
    }

    func testTheWatchAndItsClosureGoWithIt() throws {
        let pipeline = try pipeline()
        defer { gst_object_unref(UnsafeMutableRawPointer(pipeline)) }
        let bus = try XCTUnwrap(gst_element_get_bus(pipeline))
        defer { gst_object_unref(UnsafeMutableRawPointer(bus)) }
        let before = BusWatch.liveClosures
        final class Owner {}
        weak var captured: Owner?
        var heard = 0
        do {
            let owner = Owner()
            captured = owner
            let watch = BusWatch(bus: bus) { [owner] _ in _ = owner; heard += 1 }
            XCTAssertEqual(BusWatch.liveClosures, before + 1)
            // A bus takes one watch: a second one is refused and frees its closure at once.
            let second = BusWatch(bus: bus) { _ in XCTFail("a second watch on one bus") }
            XCTAssertFalse(second.isWatching)
            XCTAssertEqual(BusWatch.liveClosures, before + 1)
            post(on: bus)
            XCTAssertTrue(spinMainContext(timeout: 30) { heard == 1 })
            withExtendedLifetime(watch) {}
        }
        XCTAssertEqual(BusWatch.liveClosures, before, "the closure outlived its watch")
        XCTAssertNil(captured, "the closure's captures outlived its watch")
        // The bus is free for a new watch, and the old closure hears nothing.
        post(on: bus)
        var heardAgain = false
        let next = BusWatch(bus: bus) { _ in heardAgain = true }
        XCTAssertTrue(next.isWatching)
        XCTAssertTrue(spinMainContext(timeout: 30) { heardAgain })
        XCTAssertEqual(heard, 1)
        next.remove()
        next.remove()
        XCTAssertFalse(next.isWatching)
        XCTAssertEqual(BusWatch.liveClosures, before)
    }

    private func post(on bus: UnsafeMutablePointer<GstBus>) {
        let structure = gst_structure_new_empty("reel-bus-watch-test")
        XCTAssertNotEqual(gst_bus_post(bus, gst_message_new_application(nil, structure)), 0)
    }
}
