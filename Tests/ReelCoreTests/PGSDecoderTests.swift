import XCTest
@testable import ReelCore

final class PGSDecoderTests: XCTestCase {
    func segment(_ type: UInt8, _ payload: [UInt8]) -> [UInt8] {
        [type, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)] + payload
    }

    func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }

    /// A display set: objects (id, x, y) over a 1920×1080 canvas, a palette
    /// and the objects' run-length data, as a Blu-ray's authoring tool writes them.
    func displaySet(placements: [(Int, Int, Int)], palette: [(UInt8, UInt8, UInt8, UInt8, UInt8)],
                    objects: [(Int, Int, Int, [UInt8])], epoch: Bool = true) -> [UInt8] {
        var pcs = be16(1920) + be16(1080) + [0x10] + be16(1) + [epoch ? 0x80 : 0x00, 0, 0, UInt8(placements.count)]
        for (id, x, y) in placements { pcs += be16(id) + [0, 0] + be16(x) + be16(y) }
        var pds: [UInt8] = [0, 0]
        for entry in palette { pds += [entry.0, entry.1, entry.2, entry.3, entry.4] }
        var bytes = segment(0x16, pcs) + segment(0x17, [0]) + segment(0x14, pds)
        for (id, width, height, data) in objects {
            let length = data.count + 4
            bytes += segment(0x15, be16(id) + [0, 0xC0, UInt8(length >> 16), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
                             + be16(width) + be16(height) + data)
        }
        return bytes + segment(0x80, [])
    }

    /// White (BT.709 limited: Y 235, Cr/Cb 128), opaque.
    let white: (UInt8, UInt8, UInt8, UInt8, UInt8) = (1, 235, 128, 128, 255)

    func testRunLengthCoding() {
        // A lone pixel, a short run of colour, a long run of nothing, a
        // line's end; then a long run of colour.
        let data: [UInt8] = [3, 0, 0x82, 5, 0, 0x40, 70, 0, 0] + [0, 0xC0, 75, 7, 0, 0]
        let indices = PGSDecoder.runs(data, width: 75, height: 2)
        XCTAssertEqual(Array(indices[0..<4]), [3, 5, 5, 0])
        XCTAssertEqual(indices[74], 0, "the long run of nothing stops at the line's end")
        XCTAssertEqual(Set(indices[75...]), [7])
        // Damaged data: what was read stays, the rest is transparent.
        XCTAssertEqual(PGSDecoder.runs([4, 0, 0xC0], width: 3, height: 2), [4, 0, 0, 0, 0, 0])
    }

    func testADisplaySetIsAPictureOnTheCanvasAndAnEmptyOneClears() throws {
        var decoder = PGSDecoder()
        // 4×2 object, white but for its first pixel (index 0: transparent).
        let changes = decoder.decode(displaySet(placements: [(0, 100, 900)], palette: [white],
                                                objects: [(0, 4, 2, [0, 0x01, 1, 1, 1, 0, 0, 0, 0x84, 1, 0, 0])]))
        guard case .show(let bitmap, _) = try XCTUnwrap(changes.first) else { return XCTFail("\(changes)") }
        XCTAssertEqual([bitmap.canvasWidth, bitmap.canvasHeight, bitmap.x, bitmap.y, bitmap.width, bitmap.height],
                       [1920, 1080, 100, 900, 4, 2])
        XCTAssertEqual(Array(bitmap.rgba[0..<4]), [0, 0, 0, 0])
        XCTAssertEqual(Array(bitmap.rgba[4..<8]), [255, 255, 255, 255])
        XCTAssertEqual(bitmap.rgba.count, 32)
        // Drawn with the picture: a 1920×1080 canvas shown at 960×540 from (0, 60).
        let place = bitmap.place(in: ContentMode.Rect(x: 0, y: 60, width: 960, height: 540))
        XCTAssertEqual([place.x, place.y, place.width, place.height], [50, 510, 2, 1])
        XCTAssertEqual(decoder.decode(displaySet(placements: [], palette: [], objects: [], epoch: false)), [.clear])
    }

    func testTwoObjectsMakeOnePictureOverBoth() throws {
        var decoder = PGSDecoder()
        let line: [UInt8] = [0, 0x82, 1, 0, 0]  // two white pixels
        let changes = decoder.decode(displaySet(placements: [(0, 10, 20), (1, 30, 25)], palette: [white],
                                                objects: [(0, 2, 1, line), (1, 2, 1, line)]))
        guard case .show(let bitmap, _) = try XCTUnwrap(changes.first) else { return XCTFail("\(changes)") }
        XCTAssertEqual([bitmap.x, bitmap.y, bitmap.width, bitmap.height], [10, 20, 22, 6])
        XCTAssertEqual(bitmap.rgba[3], 255)
        XCTAssertEqual(bitmap.rgba[((5 * 22) + 20) * 4 + 3], 255, "the second object at its place")
        XCTAssertEqual(bitmap.rgba[((2 * 22) + 5) * 4 + 3], 0, "nothing between them")
    }

    func testColoursAndDotSupHeaders() throws {
        XCTAssertEqual(SubtitleBitmap.rgba(y: 16, cr: 128, cb: 128, alpha: 255, .bt709).0, 0)
        let yellow = SubtitleBitmap.rgba(y: 198, cr: 152, cb: 28, alpha: 255, .bt709)  // BT.709 of 255, 220, 0
        XCTAssertEqual(Int(yellow.0), 255, accuracy: 3)
        XCTAssertEqual(Int(yellow.1), 220, accuracy: 3)
        XCTAssertEqual(Int(yellow.2), 0, accuracy: 3)
        // A .sup file's segments each start with "PG" and two times.
        let plain = displaySet(placements: [(0, 0, 0)], palette: [white], objects: [(0, 1, 1, [1, 0, 0])])
        var sup: [UInt8] = []
        var at = 0
        while at < plain.count {
            let length = 3 + (Int(plain[at + 1]) << 8 | Int(plain[at + 2]))
            sup += [0x50, 0x47, 0, 0, 0, 0, 0, 0, 0, 0] + plain[at..<at + length]
            at += length
        }
        var decoder = PGSDecoder()
        guard case .show(let bitmap, _) = try XCTUnwrap(decoder.decode(sup).first) else { return XCTFail() }
        XCTAssertEqual(bitmap.rgba, [255, 255, 255, 255])
    }

    func testDamagedSetsDrawWhatTheyCan() {
        var decoder = PGSDecoder()
        // A composition naming an object never sent, a cut-off segment.
        XCTAssertEqual(decoder.decode(displaySet(placements: [(5, 0, 0)], palette: [white], objects: [])), [.clear])
        XCTAssertEqual(decoder.decode([0x16, 0xFF, 0xFF, 1, 2]), [])
        XCTAssertEqual(decoder.decode([]), [])
    }

    func testPicturesShowUntilTheNextChange() {
        var pictures = SubtitlePictures()
        let bitmap = SubtitleBitmap(canvasWidth: 2, canvasHeight: 2, x: 0, y: 0, width: 1, height: 1, rgba: [1, 2, 3, 4])
        pictures.add(.init(start: 1, bitmap: bitmap))
        pictures.add(.init(start: 5, bitmap: nil))
        XCTAssertNil(pictures.showing(at: 0.5))
        XCTAssertEqual(pictures.showing(at: 4.9), bitmap)
        XCTAssertNil(pictures.showing(at: 5))
        // A newer picture overtakes a planned clearing.
        pictures.add(.init(start: 3, bitmap: bitmap))
        XCTAssertEqual(pictures.showing(at: 6), bitmap)
        pictures.clear()
        XCTAssertNil(pictures.showing(at: 4))
    }
}

/// Damaged and hostile bytes for the picture subtitle decoders: whatever
/// comes, they return (no trap, no runaway allocation) and every picture
/// they make holds its stated pixels.
final class PictureSubtitleDamageTests: XCTestCase {
    /// A fixed sequence of pseudo-random numbers, so a failure repeats.
    struct Numbers {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(max(bound, 1)))
        }
    }

    /// `good` damaged `count` ways: bytes changed, cut short, or run on.
    func damaged(_ good: [UInt8], count: Int, _ check: ([UInt8]) -> Void) {
        var numbers = Numbers()
        for _ in 0..<count {
            var bytes = good
            switch numbers.next(3) {
            case 0: for _ in 0...numbers.next(8) { bytes[numbers.next(bytes.count)] = UInt8(numbers.next(256)) }
            case 1: bytes = Array(bytes.prefix(numbers.next(bytes.count)))
            default: bytes += (0..<numbers.next(64)).map { _ in UInt8(numbers.next(256)) }
            }
            check(bytes)
        }
    }

    func holdsItsPixels(_ changes: [SubtitleBitmap.Change]) {
        for case .show(let bitmap, _) in changes {
            XCTAssertEqual(bitmap.rgba.count, bitmap.width * bitmap.height * 4)
        }
    }

    func testPGS() {
        let set = PGSDecoderTests(name: "set") { _ in }
        let good = set.displaySet(placements: [(0, 10, 20), (1, 30, 25)], palette: [set.white],
                                  objects: [(0, 2, 1, [0, 0x82, 1, 0, 0]), (1, 2, 1, [0, 0x82, 1, 0, 0])])
        var decoder = PGSDecoder()
        damaged(good, count: 1500) { holdsItsPixels(decoder.decode($0)) }
    }

    func testDVB() {
        let maker = DVBSubtitleDecoderTests(name: "packet") { _ in }
        let line: [UInt8] = [0x11, 0x10, 0x81, 0x03, 0x00, 0xF0, 0x10, 0b0110_0000, 0x00, 0xF0, 0x12, 0x00, 0x83, 0x01, 0x00, 0xF0]
        let good = maker.packet(display: (1920, 1080), timeout: 5, size: (12, 4), clut: maker.whiteEntry, top: line, bottom: line)
        var decoder = DVBSubtitleDecoder()
        damaged(good, count: 1500) { holdsItsPixels(decoder.decode($0)) }
    }

    func testDVD() {
        let maker = DVDSubtitleDecoderTests(name: "unit") { _ in }
        let good = maker.unit(area: (120, 280, 4, 2), top: [0x11], bottom: [0x89])
        var decoder = DVDSubtitleDecoder(header: maker.header)
        damaged(good, count: 1500) { holdsItsPixels(decoder.decode($0)) }
    }
}
