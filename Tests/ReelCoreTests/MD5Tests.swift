import XCTest
@testable import ReelCore

final class MD5Tests: XCTestCase {
    /// The test suite of RFC 1321, appendix A.5.
    func testRFCVectors() {
        XCTAssertEqual(MD5.hex(""), "d41d8cd98f00b204e9800998ecf8427e")
        XCTAssertEqual(MD5.hex("a"), "0cc175b9c0f1b6a831c399e269772661")
        XCTAssertEqual(MD5.hex("abc"), "900150983cd24fb0d6963f7d28e17f72")
        XCTAssertEqual(MD5.hex("message digest"), "f96b697d7cb7938d525a2f31aaf161d0")
        XCTAssertEqual(MD5.hex("abcdefghijklmnopqrstuvwxyz"), "c3fcd3d76192e4007dfb496cca67e13b")
        XCTAssertEqual(MD5.hex("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"), "d174ab98d277d9f5a5611c2c9f419d9f")
        XCTAssertEqual(MD5.hex(String(repeating: "1234567890", count: 8)), "57edf4a22be3c955ac49da2e2107b67a")
    }

    func testThumbnailSpecExample() {
        XCTAssertEqual(MD5.hex("file:///home/jens/photos/me.png"), "c6ee772d9e49320e97ec29a7eb5b1697")
    }

    /// Lengths around the 55/56/64-byte padding boundaries.
    func testPaddingBoundaries() {
        XCTAssertEqual(MD5.hex(String(repeating: "a", count: 55)), "ef1772b6dff9a122358552954ad0df65")
        XCTAssertEqual(MD5.hex(String(repeating: "a", count: 56)), "3b0c8ac703f828b04c6c197006d17218")
        XCTAssertEqual(MD5.hex(String(repeating: "a", count: 64)), "014842d480b571495a4a0363793f7367")
        XCTAssertEqual(MD5.digest([UInt8](repeating: 0, count: 1000)).count, 16)
    }

    func testUnicodeIsHashedAsUTF8() {
        XCTAssertEqual(MD5.hex("é"), MD5.hex(String(decoding: [0xC3, 0xA9], as: UTF8.self)))
    }
}
