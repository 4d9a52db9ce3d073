import XCTest
@testable import ReelCore

final class DVBSubtitleDecoderTests: XCTestCase {
    func segment(_ type: UInt8, _ payload: [UInt8]) -> [UInt8] {
        [0x0F, type, 0, 1, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)] + payload
    }

    func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }

    /// A PES packet: a page (time-out, one region at x, y), the region
    /// (width × height, `depth` code 1/2/3 for 2/4/8 bits, colour table 1,
    /// object 7 at 0, 0), a colour table and the object's two fields.
    func packet(display: (Int, Int)? = nil, timeout: UInt8 = 0, at: (Int, Int) = (100, 500), size: (Int, Int),
                depth: UInt8 = 2, clut: [UInt8], top: [UInt8], bottom: [UInt8] = []) -> [UInt8] {
        var bytes: [UInt8] = [0x20, 0x00]
        if let display { bytes += segment(0x14, [0] + be16(display.0 - 1) + be16(display.1 - 1)) }
        bytes += segment(0x10, [timeout, 0x04 | 0x10] + [3, 0] + be16(at.0) + be16(at.1))
        bytes += segment(0x11, [3, 0x10] + be16(size.0) + be16(size.1) + [depth << 2, 1, 0, 0] + be16(7) + be16(0) + be16(0))
        bytes += segment(0x12, [1, 0] + clut)
        bytes += segment(0x13, be16(7) + [0x10] + be16(top.count) + be16(bottom.count) + top + bottom)
        return bytes + segment(0x80, []) + [0xFF]
    }

    /// Entry 1 of a 4-bit table, full range: white (BT.601 limited), opaque.
    let whiteEntry: [UInt8] = [1, 0x40 | 0x01, 235, 128, 128, 0]

    func testA4BitRegionThroughItsColourTable() throws {
        var decoder = DVBSubtitleDecoder()
        // Each line: a pixel of 1, a run of four of 1 (0000 1 0 00 0001),
        // a run of five of 0 (0000 0 011), end of string (0000 0000); end
        // of line.
        let line: [UInt8] = [0x11, 0x10, 0x81, 0x03, 0x00, 0xF0]
        let changes = decoder.decode(packet(display: (1920, 1080), timeout: 5, size: (12, 4), clut: whiteEntry,
                                            top: line + line, bottom: line + line))
        guard case .show(let bitmap, let seconds) = try XCTUnwrap(changes.first) else { return XCTFail("\(changes)") }
        XCTAssertEqual(seconds, 5, "the page's time-out")
        XCTAssertEqual([bitmap.canvasWidth, bitmap.canvasHeight, bitmap.x, bitmap.y, bitmap.width, bitmap.height],
                       [1920, 1080, 100, 500, 12, 4])
        for row in 0..<4 {
            let pixels = Array(bitmap.rgba[(row * 12 * 4)..<((row + 1) * 12 * 4)])
            XCTAssertEqual(Array(pixels[0..<20]), [UInt8](repeating: 255, count: 20), "row \(row): five white pixels")
            XCTAssertEqual(Set(pixels[20...]), [0], "row \(row): then nothing (entry 0 is transparent)")
        }
    }

    func testTwoBitStringsAndTheDefaultTables() throws {
        var decoder = DVBSubtitleDecoder()
        // 2-bit in a 4-bit region, no table sent: 1 maps to 7 (white in
        // the default table), 2 to 8 (half black: black, opaque).
        // Codes: 01, 10, then 00 0 0 00 (end).
        let line: [UInt8] = [0x10, 0b0110_0000, 0x00, 0xF0]
        let changes = decoder.decode(packet(size: (2, 2), clut: [], top: line, bottom: []))
        guard case .show(let bitmap, nil) = try XCTUnwrap(changes.first) else { return XCTFail("\(changes)") }
        XCTAssertEqual([bitmap.canvasWidth, bitmap.canvasHeight], [720, 576], "standard definition unless said")
        XCTAssertEqual(Array(bitmap.rgba[0..<8]), [255, 255, 255, 255, 0, 0, 0, 255])
        XCTAssertEqual(Array(bitmap.rgba[8..<16]), [255, 255, 255, 255, 0, 0, 0, 255], "no bottom field: the top one again")
    }

    func testAnEightBitLineEndedAsFFmpegEndsIt() throws {
        var decoder = DVBSubtitleDecoder()
        // 8-bit: a run of 3 of colour 1, then a lone zero byte where the
        // standard has two, then the line's end.
        let line: [UInt8] = [0x12, 0x00, 0x83, 0x01, 0x00, 0xF0]
        let table: [UInt8] = [1, 0x20 | 0x01, 235, 128, 128, 0]
        let changes = decoder.decode(packet(size: (3, 4), depth: 3, clut: table, top: line + line, bottom: line + line))
        guard case .show(let bitmap, _) = try XCTUnwrap(changes.first) else { return XCTFail("\(changes)") }
        XCTAssertEqual(bitmap.height, 4)
        XCTAssertEqual(Set(bitmap.rgba), [255], "every line painted")
    }

    func testAPageWithNothingToShowClears() {
        var decoder = DVBSubtitleDecoder()
        // The region's pixels are all entry 0 (transparent).
        XCTAssertEqual(decoder.decode(packet(size: (2, 2), clut: whiteEntry, top: [0x11, 0x00, 0x00, 0xF0])), [.clear])
        XCTAssertEqual(decoder.decode([0x20, 0x00] + segment(0x10, [0, 0x00]) + segment(0x80, [])), [.clear])
        // Damaged: a segment cut short, or no segment at all.
        XCTAssertEqual(decoder.decode([0x20, 0x00, 0x0F, 0x10, 0, 1, 0xFF, 0xFF, 1]), [])
        XCTAssertEqual(decoder.decode([]), [])
    }

    func testBitReader() {
        var reader = DVBSubtitleDecoder.BitReader([0b1011_0001, 0xFF])
        XCTAssertEqual(reader.bits(1), 1)
        XCTAssertEqual(reader.bits(3), 0b011)
        XCTAssertEqual(reader.byte(), 0xFF, "a byte starts at the next whole byte")
        XCTAssertNil(reader.bits(1))
    }
}
