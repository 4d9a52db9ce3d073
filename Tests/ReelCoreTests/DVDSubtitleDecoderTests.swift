import XCTest
@testable import ReelCore

final class DVDSubtitleDecoderTests: XCTestCase {
    let header = """
    # VobSub index file, v7 (do not modify this line!)
    size: 640x360
    palette: 000000, 0000ff, 00ff00, ff0000, ffff00, ff00ff, 00ffff, ffffff, 808000, 8080ff, 800080, 80ff80, 008080, ff8080, 555555, aaaaaa
    """

    /// A unit: the fields' run-length data, then one control sequence (start,
    /// colours, alphas, area, fields' offsets) and one that stops it.
    func unit(area: (Int, Int, Int, Int), top: [UInt8], bottom: [UInt8], stopDate: Int = 0x0100) -> [UInt8] {
        let (x1, y1) = (area.0, area.1), (x2, y2) = (area.0 + area.2 - 1, area.1 + area.3 - 1)
        let control = 4 + top.count + bottom.count
        let second = control + 4 + 1 + 3 + 3 + 7 + 5 + 1
        var bytes: [UInt8] = [0, 0, UInt8(control >> 8), UInt8(control & 0xFF)] + top + bottom
        bytes += [0, 0, UInt8(second >> 8), UInt8(second & 0xFF), 0x01]
        bytes += [0x03, 0x00, 0x40]  // value 1 takes palette entry 4 (yellow); 0 takes 0
        bytes += [0x04, 0x00, 0xF0]  // value 1 opaque, 0 transparent
        bytes += [0x05, UInt8(x1 >> 4), UInt8((x1 & 0xF) << 4 | x2 >> 8), UInt8(x2 & 0xFF),
                  UInt8(y1 >> 4), UInt8((y1 & 0xF) << 4 | y2 >> 8), UInt8(y2 & 0xFF)]
        bytes += [0x06, 0, 4, UInt8((4 + top.count) >> 8), UInt8((4 + top.count) & 0xFF), 0xFF]
        bytes += [UInt8(stopDate >> 8), UInt8(stopDate & 0xFF), UInt8(second >> 8), UInt8(second & 0xFF), 0x02, 0xFF]
        let size = bytes.count
        bytes[0] = UInt8(size >> 8)
        bytes[1] = UInt8(size & 0xFF)
        return bytes
    }

    func testHeaderGivesCanvasAndPalette() {
        let decoder = DVDSubtitleDecoder(header: header)
        XCTAssertEqual(decoder.canvas.width, 640)
        XCTAssertEqual(decoder.canvas.height, 360)
        XCTAssertEqual(decoder.palette[4].0, 255)
        XCTAssertEqual(decoder.palette[4].2, 0)
        let bare = DVDSubtitleDecoder(header: nil)
        XCTAssertEqual([bare.canvas.width, bare.canvas.height], [720, 576], "PAL's canvas unless said")
    }

    func testNibbleCodesOfEveryLength() {
        // One line 300 wide: 1 of value 1 (nibble 0x5), 5 of value 1 (0x15),
        // 20 of value 1 (0x051), 100 of value 1 (0x0191), then the rest of
        // the line as 0 (0x0000), on whole bytes.
        let line: [UInt8] = [0x51, 0x50, 0x51, 0x01, 0x91, 0x00, 0x00]
        var indices = [UInt8](repeating: 9, count: 300)
        DVDSubtitleDecoder.runs(line, from: 0, into: &indices, width: 300, rows: stride(from: 0, to: 1, by: 2))
        XCTAssertEqual(Array(indices[0..<126]), [UInt8](repeating: 1, count: 126))
        XCTAssertEqual(Set(indices[126...]), [0])
    }

    func testAUnitIsAYellowPictureAtItsPlaceForItsTime() throws {
        var decoder = DVDSubtitleDecoder(header: header)
        // 4×2: top line all 1 (0x11: 4 of 1), bottom line 2 of 0 then 2 of 1 (0x8, 0x9).
        let bytes = unit(area: (120, 280, 4, 2), top: [0x11], bottom: [0x89])
        // Cut over two packets, as a demuxer may hand it.
        XCTAssertEqual(decoder.decode(Array(bytes.prefix(10))), [])
        let changes = decoder.decode(Array(bytes.dropFirst(10)))
        guard case .show(let bitmap, let seconds) = try XCTUnwrap(changes.first) else { return XCTFail("\(changes)") }
        XCTAssertEqual([bitmap.canvasWidth, bitmap.canvasHeight, bitmap.x, bitmap.y, bitmap.width, bitmap.height],
                       [640, 360, 120, 280, 4, 2])
        XCTAssertEqual(try XCTUnwrap(seconds), 256 * 1024 / 90_000, accuracy: 1e-9, "stopped by its second sequence's date")
        XCTAssertEqual(Array(bitmap.rgba[0..<4]), [255, 255, 0, 255])
        XCTAssertEqual(Array(bitmap.rgba[16..<24]), [0, 0, 0, 0, 0, 0, 0, 0], "the bottom line's first two are transparent")
        XCTAssertEqual(Array(bitmap.rgba[24..<28]), [255, 255, 0, 255])
    }

    func testDamagedUnits() {
        var decoder = DVDSubtitleDecoder(header: header)
        // No area or fields: nothing to draw.
        XCTAssertEqual(decoder.decode([0, 8, 0, 4, 0, 0, 0, 4]), [.clear], "a sequence pointing at itself ends")
        XCTAssertEqual(decoder.decode([0, 2]), [], "shorter than its header: waits for more")
    }
}
