import XCTest
@testable import ReelCore

final class HardwareDecodingTests: XCTestCase {
    func testHardwareVideoDecodersAreToldByTheirClass() {
        XCTAssertTrue(HardwareDecoding.isHardwareVideoDecoder(klass: "Codec/Decoder/Video/Hardware"))
        XCTAssertTrue(HardwareDecoding.isHardwareVideoDecoder(klass: "Codec/Hardware/Decoder/Video"))
        XCTAssertFalse(HardwareDecoding.isHardwareVideoDecoder(klass: "Codec/Decoder/Video"), "software")
        XCTAssertFalse(HardwareDecoding.isHardwareVideoDecoder(klass: "Codec/Encoder/Video/Hardware"), "an encoder")
        XCTAssertFalse(HardwareDecoding.isHardwareVideoDecoder(klass: "Codec/Decoder/Audio/Hardware"), "sound")
        XCTAssertFalse(HardwareDecoding.isHardwareVideoDecoder(klass: "Codec/Decoder/VideoHardware"))
    }

    func testRanks() {
        XCTAssertEqual(HardwareDecoding.rank(original: 0, enabled: true), 257, "ahead of primary software decoders")
        XCTAssertEqual(HardwareDecoding.rank(original: 300, enabled: true), 300, "its own when higher")
        XCTAssertEqual(HardwareDecoding.rank(original: 300, enabled: false), 0)
        XCTAssertEqual(HardwareDecoding.rank(original: 300, enabled: true, failed: true), 0, "once failed, never again")
    }
}
