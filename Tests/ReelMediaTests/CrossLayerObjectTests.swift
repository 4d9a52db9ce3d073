import CGLib
import CGst
import XCTest
@testable import GLibKit
@testable import ReelMedia

/// GStreamer objects come from the CGst module, GLibKit speaks CGLib's
/// GObject: this proves they are one type and that ownership and signals work
/// across the layers.
final class CrossLayerObjectTests: XCTestCase {
    override func setUp() {
        XCTAssertNoThrow(try MediaSystem.initialize())
    }

    func testAGStreamerElementIsAGObjectForGLibKit() throws {
        let element = try XCTUnwrap(MediaSystem.makeElement("fakesink", name: "sink"))
        XCTAssertEqual(element.typeName, "GstFakeSink")
        XCTAssertEqual(element.referenceCount, 1, "the floating reference was not sunk")
        // A pointer typed by CGst's headers goes where CGLib's GObject is expected.
        let gstObject: UnsafeMutablePointer<GstObject> = element.cast()
        let asGObject: UnsafeMutablePointer<GObject> = cast(gstObject)
        XCTAssertEqual(asGObject, element.object)
        XCTAssertEqual(String(consumingGString: gst_object_get_name(gstObject)), "sink")
    }

    func testSignalsFireOnGStreamerObjects() throws {
        let element = try XCTUnwrap(MediaSystem.makeElement("fakesink"))
        var names: [String] = []
        element.connect("notify::name") { args in
            let emitter: UnsafeMutablePointer<GstObject> = cast(args.pointer(0)!)
            names.append(String(consumingGString: gst_object_get_name(emitter)) ?? "")
        }
        XCTAssertEqual(gst_object_set_name(element.cast(), "renamed"), 1)
        XCTAssertEqual(names, ["renamed"])
    }

    func testMissingFactoryIsNil() {
        XCTAssertNil(MediaSystem.makeElement("reel-no-such-element"))
        XCTAssertFalse(MediaSystem.hasElement("reel-no-such-element"))
        XCTAssertTrue(MediaSystem.hasElement("videotestsrc"))
    }

    func testVersionNamesGStreamer() {
        XCTAssertTrue(MediaSystem.versionDescription.hasPrefix("GStreamer 1."), MediaSystem.versionDescription)
    }
}
