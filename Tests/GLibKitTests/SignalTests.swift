import CGLib
import XCTest
@testable import GLibKit

/// Signals on a plain GObject: `notify::` fires for any property change, and
/// GSimpleAction's `activate` carries an argument.
final class SignalTests: XCTestCase {
    private func makeAction(_ name: String = "test") -> ObjectRef {
        ObjectRef(owning: UnsafeMutableRawPointer(g_simple_action_new(name, nil)!))
    }

    private func activate(_ action: ObjectRef) {
        g_action_activate(OpaquePointer(action.object), nil)
    }

    func testClosureFiresWithItsInstance() {
        let action = makeAction()
        var calls = 0
        var instance: UnsafeMutableRawPointer?
        action.connect("activate") { args in
            calls += 1
            instance = args.pointer(0)
        }
        activate(action)
        activate(action)
        XCTAssertEqual(calls, 2)
        XCTAssertEqual(instance, UnsafeMutableRawPointer(action.object))
    }

    func testDetailedNotifySignal() {
        let action = makeAction()
        var enabledChanges = 0
        action.connect("notify::enabled") { enabledChanges += 1 }
        g_simple_action_set_enabled(OpaquePointer(action.object), 0)
        g_simple_action_set_enabled(OpaquePointer(action.object), 1)
        XCTAssertEqual(enabledChanges, 2)
    }

    func testDisconnectStopsCallsAndFreesTheBox() {
        let before = SignalBox.liveCount
        let action = makeAction()
        var calls = 0
        let connection = action.connect("activate") { calls += 1 }
        XCTAssertEqual(SignalBox.liveCount, before + 1)
        action.disconnect(connection)
        activate(action)
        XCTAssertEqual(calls, 0)
        XCTAssertEqual(SignalBox.liveCount, before)
        XCTAssertEqual(action.connectionCount, 0)
    }

    func testBoxesAreFreedAfterManyConnectDisconnectCycles() {
        let before = SignalBox.liveCount
        let action = makeAction()
        var calls = 0
        for _ in 0..<10_000 {
            let connection = action.connect("activate") { calls += 1 }
            activate(action)
            action.disconnect(connection)
        }
        XCTAssertEqual(calls, 10_000)
        XCTAssertEqual(SignalBox.liveCount, before, "signal boxes leaked")
    }

    func testOwnerDisconnectsWhenItGoesWhileTheObjectLivesOn() {
        let before = SignalBox.liveCount
        let raw = UnsafeMutableRawPointer(g_simple_action_new("kept", nil)!)
        var calls = 0
        do {
            let owner = ObjectRef(retaining: raw)
            owner.connect("activate") { calls += 1 }
            g_action_activate(OpaquePointer(raw), nil)
            XCTAssertEqual(calls, 1)
        }
        // The owner is gone; the object is still alive through our own ref.
        g_action_activate(OpaquePointer(raw), nil)
        XCTAssertEqual(calls, 1, "a handler outlived its owner")
        XCTAssertEqual(SignalBox.liveCount, before)
        g_object_unref(raw)
    }

    func testHandlersLivingWithTheObjectAreFreedWhenItDies() {
        let before = SignalBox.liveCount
        let raw = UnsafeMutableRawPointer(g_simple_action_new("temporary", nil)!)
        for _ in 0..<100 { Signals.connect(raw, "activate") {} }
        XCTAssertEqual(SignalBox.liveCount, before + 100)
        g_object_unref(raw)
        XCTAssertEqual(SignalBox.liveCount, before)
    }

    func testObjectRefDropsItsReference() {
        let raw = UnsafeMutableRawPointer(g_simple_action_new("counted", nil)!)
        let object = raw.assumingMemoryBound(to: GObject.self)
        XCTAssertEqual(object.pointee.ref_count, 1)
        do {
            let owner = ObjectRef(retaining: raw)
            XCTAssertEqual(owner.referenceCount, 2)
            XCTAssertEqual(owner.typeName, "GSimpleAction")
        }
        XCTAssertEqual(object.pointee.ref_count, 1)
        // A weak pointer proves the object is really finalized by the last unref.
        var weak: UnsafeMutableRawPointer? = raw
        g_object_add_weak_pointer(object, &weak)
        do { _ = ObjectRef(owning: raw) }
        XCTAssertNil(weak, "ObjectRef(owning:) did not release the object")
    }

    func testReturnValueReachesTheEmitter() {
        // GApplication's handle-local-options returns an int to the emitter.
        let app = ObjectRef(owning: UnsafeMutableRawPointer(g_application_new("io.github.reelapp.Test", G_APPLICATION_NON_UNIQUE)!))
        app.connect("handle-local-options") { args in args.setReturn(Int32(7)) }
        var arguments: [UnsafeMutablePointer<CChar>?] = [strdup("test"), nil]
        defer { free(arguments[0]) }
        let status = g_application_run(app.cast(), 1, &arguments)
        XCTAssertEqual(status, 7)
    }
}
