import CGLib
import XCTest
@testable import GLibKit

/// PropertyValue both ways on GIO objects whose properties have plain types.
final class PropertyValueTests: XCTestCase {
    func testReadsWhatItSets() throws {
        let action = try XCTUnwrap(g_simple_action_new("play", nil))
        defer { g_object_unref(UnsafeMutableRawPointer(action)) }
        let object = UnsafeMutableRawPointer(action)
        XCTAssertEqual(PropertyValue.get(from: object, "name")?.stringValue, "play")
        XCTAssertEqual(PropertyValue.get(from: object, "enabled")?.boolValue, true)
        PropertyValue.bool(false).set(on: object, "enabled")
        XCTAssertEqual(PropertyValue.get(from: object, "enabled")?.boolValue, false)

        let client = try XCTUnwrap(g_socket_client_new())
        defer { g_object_unref(UnsafeMutableRawPointer(client)) }
        PropertyValue.uint(7).set(on: UnsafeMutableRawPointer(client), "timeout")
        XCTAssertEqual(PropertyValue.get(from: UnsafeMutableRawPointer(client), "timeout")?.uintValue, 7)

        let compressor = try XCTUnwrap(g_zlib_compressor_new(G_ZLIB_COMPRESSOR_FORMAT_GZIP, 4))
        defer { g_object_unref(UnsafeMutableRawPointer(compressor)) }
        XCTAssertEqual(PropertyValue.get(from: UnsafeMutableRawPointer(compressor), "level")?.intValue, 4)
    }

    func testNoSuchPropertyOrAnUnreadTypeIsNil() throws {
        let action = try XCTUnwrap(g_simple_action_new("play", nil))
        defer { g_object_unref(UnsafeMutableRawPointer(action)) }
        XCTAssertNil(PropertyValue.get(from: UnsafeMutableRawPointer(action), "no-such-property"))
        XCTAssertNil(PropertyValue.get(from: UnsafeMutableRawPointer(action), "parameter-type"), "a boxed value")
        XCTAssertNil(PropertyValue.get(from: UnsafeMutableRawPointer(action), "name")?.intValue, "a string is not an int")
    }

    func testWithGValueHandsOverAnInitialisedValue() {
        let text = PropertyValue.string("Reel").withGValue { String(cString: g_value_get_string($0)) }
        XCTAssertEqual(text, "Reel")
    }
}
