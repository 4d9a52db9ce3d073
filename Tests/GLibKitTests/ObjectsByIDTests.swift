import CGLib
import XCTest
@testable import GLibKit

/// The checked lookup's passing side (a wrong id or type stops the process,
/// which test_layout covers from outside).
final class ObjectsByIDTests: XCTestCase {
    func testAnObjectOfTheTypeOrASubclassIsHandedOver() throws {
        let action = try XCTUnwrap(g_simple_action_new("play", nil))
        defer { g_object_unref(UnsafeMutableRawPointer(action)) }
        var asked: [String] = []
        let objects = ObjectsByID(source: "test") { id in
            asked.append(id)
            return id == "play" ? UnsafeMutableRawPointer(action) : nil
        }
        XCTAssertEqual(objects.object("play", g_simple_action_get_type()), UnsafeMutableRawPointer(action))
        XCTAssertEqual(objects.object("play", g_object_get_type()), UnsafeMutableRawPointer(action), "a subclass")
        XCTAssertEqual(objects.object("play", g_action_get_type()), UnsafeMutableRawPointer(action), "an interface")
        XCTAssertEqual(asked, ["play", "play", "play"])
    }
}
