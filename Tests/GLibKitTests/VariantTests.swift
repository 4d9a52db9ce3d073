import CGLib
import XCTest
@testable import GLibKit

/// Each case builds the GVariant type D-Bus expects, and a dictionary the
/// a{sv} that PropertiesChanged and Metadata carry.
final class VariantTests: XCTestCase {
    private func typeOf(_ variant: Variant) -> String {
        let value = g_variant_ref_sink(variant.make())
        defer { g_variant_unref(value) }
        return String(cString: g_variant_get_type_string(value))
    }

    func testEachCaseHasItsDBusType() {
        XCTAssertEqual(typeOf(.string("a")), "s")
        XCTAssertEqual(typeOf(.objectPath("/a/b")), "o")
        XCTAssertEqual(typeOf(.bool(true)), "b")
        XCTAssertEqual(typeOf(.double(1.5)), "d")
        XCTAssertEqual(typeOf(.int64(-3)), "x")
        XCTAssertEqual(typeOf(.strings(["a", "b"])), "as")
        XCTAssertEqual(typeOf(.strings([])), "as")
        XCTAssertEqual(typeOf(.dictionary([:])), "a{sv}")
        XCTAssertEqual(typeOf(.boxed(.double(2))), "v")
        XCTAssertEqual(typeOf(.tuple([.string("x"), .dictionary(["k": .bool(false)]), .strings([])])), "(sa{sv}as)")
    }

    func testValuesSurviveTheTrip() {
        XCTAssertEqual(Variant.dictionary(["b": .int64(7), "a": .string("it's")]).text,
                       "{'a': <\"it's\">, 'b': <int64 7>}")
        XCTAssertEqual(Variant.strings(["x", "y"]).text, "['x', 'y']")
        XCTAssertEqual(Variant.objectPath("/org/mpris/MediaPlayer2").text, "objectpath '/org/mpris/MediaPlayer2'")
    }
}
