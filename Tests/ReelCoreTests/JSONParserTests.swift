import XCTest
@testable import ReelCore

final class JSONParserTests: XCTestCase {
    private func syntaxError(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONParser.SyntaxError? {
        do {
            let value = try JSONParser.parse(text)
            XCTFail("parsed: \(value)", file: file, line: line)
            return nil
        } catch let error as JSONParser.SyntaxError {
            return error
        } catch {
            XCTFail("unexpected error \(error)", file: file, line: line)
            return nil
        }
    }

    func testValues() throws {
        let value = try JSONParser.parse(#"{"a": [1, -2.5, 1e3, true, false, null], "b": "x\"\\\/\n\u00e9\ud83c\udfac", "c": {}}"#)
        XCTAssertEqual(value, .object([
            "a": .array([.int(1), .double(-2.5), .double(1000), .bool(true), .bool(false), .null]),
            "b": .string("x\"\\/\né🎬"),
            "c": .object([:]),
        ]))
    }

    func testUnicodeTextAndByteOrderMark() throws {
        XCTAssertEqual(try JSONParser.parse(Array("\u{FEFF}[\"Hà Nội 北京\"]".utf8)), .array([.string("Hà Nội 北京")]))
    }

    func testHugeIntegerBecomesDouble() throws {
        XCTAssertEqual(try JSONParser.parse("123456789012345678901234567890"), .double(Double("123456789012345678901234567890")!))
    }

    func testErrorsCarryLineAndColumn() {
        // Missing comma between members on line 3.
        let error = syntaxError("{\n  \"a\": 1\n  \"b\": 2\n}")
        XCTAssertEqual(error?.line, 3)
        XCTAssertEqual(error?.column, 3)
        XCTAssertEqual(error?.message, "Expected “,” or “}”.")
    }

    func testColumnCountsCharactersNotBytes() {
        let error = syntaxError("[\"Hà Nội\" x]")
        XCTAssertEqual(error?.line, 1)
        XCTAssertEqual(error?.column, 11)
    }

    func testTrailingCommaIsRejected() {
        let error = syntaxError("[1,\n2,\n]")
        XCTAssertEqual(error?.line, 3)
        XCTAssertEqual(error?.column, 1)
    }

    func testMalformedInputs() {
        for text in ["", "   ", "[", "{\"a\" 1}", "{a: 1}", "[1 2]", "01", "1.", "-", "1e", "+1", "NaN", "tru", "nul",
                     "\"abc", "\"a\tb\"", "\"\\x\"", "\"\\u12\"", "\"\\ud800\"", "\"\\udc00\"", "[1] 2", "// c\n[]", "[1,]", "{\"a\":1,}"] {
            XCTAssertNotNil(syntaxError(text), "accepted \(text.debugDescription)")
        }
    }

    func testEmptyFileIsAnErrorAtLineOne() {
        let error = syntaxError("")
        XCTAssertEqual(error?.line, 1)
        XCTAssertEqual(error?.column, 1)
    }

    func testUnterminatedStringPointsAtItsStart() {
        let error = syntaxError("[\n  \"never closed")
        XCTAssertEqual(error?.line, 2)
        XCTAssertEqual(error?.column, 3)
        XCTAssertEqual(error?.message, "A text value has no closing quote.")
        // A raw line break inside a string is reported where it is.
        let broken = syntaxError("[\n  \"broken\n\"]")
        XCTAssertEqual(broken?.line, 2)
        XCTAssertEqual(broken?.column, 10)
    }

    func testInvalidUTF8IsAnError() {
        XCTAssertThrowsError(try JSONParser.parse([0x5B, 0x22, 0xC3, 0x28, 0x22, 0x5D]))  // ["\xC3("]
        XCTAssertThrowsError(try JSONParser.parse([0xFF, 0xFE, 0x5B, 0x5D]))              // UTF-16 BOM
    }

    func testDeepNestingIsRejectedNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = syntaxError(deep)
        XCTAssertEqual(error?.message, "The data is nested too deeply.")
        let fine = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        XCTAssertNoThrow(try JSONParser.parse(fine))
    }
}
