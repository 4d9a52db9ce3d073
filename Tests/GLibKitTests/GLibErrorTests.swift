import CGLib
import Foundation
import XCTest
@testable import GLibKit

final class GLibErrorTests: XCTestCase {
    func testAFailingCallThrowsTheGError() {
        var contents: UnsafeMutablePointer<gchar>?
        XCTAssertThrowsError(try GLibError.check { g_file_get_contents("/nonexistent/reel", &contents, nil, $0) }) { error in
            guard let error = error as? GLibError else { return XCTFail("not a GLibError: \(error)") }
            XCTAssertEqual(error.domain, "g-file-error-quark")
            XCTAssertEqual(error.code, Int32(G_FILE_ERROR_NOENT.rawValue))
            XCTAssertTrue(error.message.contains("/nonexistent/reel"), error.message)
            XCTAssertTrue(error.matches(domain: "g-file-error-quark", code: Int32(G_FILE_ERROR_NOENT.rawValue)))
        }
    }

    func testASucceedingCallReturnsItsResult() throws {
        let path = NSTemporaryDirectory() + "/reel-glib-error-test"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data("hi".utf8)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var contents: UnsafeMutablePointer<gchar>?
        let ok = try GLibError.check { g_file_get_contents(path, &contents, nil, $0) }
        XCTAssertEqual(ok, 1)
        XCTAssertEqual(String(consumingGString: contents), "hi")
    }
}
