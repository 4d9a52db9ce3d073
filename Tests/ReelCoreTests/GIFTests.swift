import XCTest
@testable import ReelCore

/// An animated GIF's making: its palette from a movie's colours, dithering,
/// LZW, the file's frames and timing, and the movie's GIF settings.
final class GIFTests: XCTestCase {
    /// GIF's LZW read back, as a decoder does (codes least significant bit
    /// first, 9 to 12 bits, a clear code restarting the table).
    private func decompressed(_ data: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        var table: [[UInt8]] = (0..<256).map { [UInt8($0)] } + [[], []]
        var codeSize = 9, bitBuffer = 0, bitCount = 0, byteIndex = 0
        var previous: [UInt8]?
        while true {
            while bitCount < codeSize, byteIndex < data.count {
                bitBuffer |= Int(data[byteIndex]) << bitCount
                bitCount += 8
                byteIndex += 1
            }
            guard bitCount >= codeSize else { return output }
            let code = bitBuffer & ((1 << codeSize) - 1)
            bitBuffer >>= codeSize
            bitCount -= codeSize
            if code == 256 {
                table.removeSubrange(258...)
                codeSize = 9
                previous = nil
                continue
            }
            if code == 257 { return output }
            let entry: [UInt8]
            if code < table.count {
                entry = table[code]
            } else if let previous {
                entry = previous + [previous[0]]
            } else {
                XCTFail("code \(code) before any entry")
                return output
            }
            output += entry
            if let previous, table.count < 4096 { table.append(previous + [entry[0]]) }
            if table.count == 1 << codeSize, codeSize < 12 { codeSize += 1 }
            previous = entry
        }
    }

    func testLZWComesBackExactlyThroughClearsAndWiderCodes() {
        var generator = SystemRandomNumberGenerator()
        let cases: [[UInt8]] = [
            [], [7], [1, 1, 1, 1, 1, 1, 1, 1],
            // A flat frame: long runs, few codes.
            [UInt8](repeating: 42, count: 100_000),
            // Noise over 256 values: the table fills and is cleared many times.
            (0..<60_000).map { _ in UInt8.random(in: 0...255, using: &generator) },
            // Few colours in patterns: codes of every width.
            (0..<50_000).map { UInt8(($0 * 7 + $0 / 13) % 5) },
        ]
        for indices in cases {
            XCTAssertEqual(decompressed(GIFWriter.compressed(indices)), indices, "\(indices.count) indices")
        }
    }

    func testTheFileHasItsScreenPaletteLoopFramesAndEnd() {
        let palette = GIFPalette(rgb: [0, 0, 0, 255, 255, 255])
        var writer = GIFWriter(width: 3, height: 2, framesPerSecond: 10, palette: palette)
        let frame = writer.frame([0, 1, 0, 1, 0, 1])
        let file = writer.header + frame + GIFWriter.trailer
        XCTAssertEqual(Array(file[0..<6]), Array("GIF89a".utf8))
        XCTAssertEqual(Array(file[6..<10]), [3, 0, 2, 0], "width and height, little-endian")
        XCTAssertEqual(Array(file[13..<19]), [0, 0, 0, 255, 255, 255], "the palette")
        XCTAssertEqual(writer.header.count, 13 + 768 + 19, "a 256-colour table and the loop")
        XCTAssertEqual(Array(frame[0..<8]), [0x21, 0xF9, 0x04, 0x04, 10, 0, 0, 0], "a tenth of a second")
        XCTAssertEqual(file.last, 0x3B)
    }

    /// Hundredths of a second per frame, adding up to the movie's time.
    func testFrameDelaysKeepTheMoviesTime() {
        XCTAssertEqual((0..<6).map { GIFWriter.delay(ofFrame: $0, framesPerSecond: 15) }, [7, 6, 7, 7, 6, 7])
        for rate in MovieGIF.rates {
            let second = (0..<rate).map { GIFWriter.delay(ofFrame: $0, framesPerSecond: rate) }.reduce(0, +)
            XCTAssertEqual(second, 100, "\(rate) fps")
        }
    }

    /// Three flat colours make a palette holding them (within a 5-bit
    /// step), each mapped to itself.
    func testAPaletteHoldsTheMoviesColours() {
        let colours: [[UInt8]] = [[200, 30, 30], [20, 160, 40], [250, 250, 250]]
        var pixels: [UInt8] = []
        for (colour, count) in zip(colours, [5000, 3000, 100]) {
            for _ in 0..<count { pixels += colour }
        }
        var histogram = GIFPalette.Histogram()
        pixels.withUnsafeBufferPointer { histogram.add(rgb: $0) }
        let palette = GIFPalette(histogram)
        XCTAssertEqual(palette.count, 3, "as many colours as there are")
        for colour in colours {
            let index = Int(palette.index(red: Int(colour[0]), green: Int(colour[1]), blue: Int(colour[2])))
            for channel in 0..<3 {
                XCTAssertEqual(Int(palette.rgb[index * 3 + channel]), Int(colour[channel]), accuracy: 4, "\(colour)")
            }
        }
        // Many colours: never more than 256.
        var rainbow = GIFPalette.Histogram()
        var all: [UInt8] = []
        for key in 0..<(1 << 15) {
            let (red, green, blue) = ((key >> 10) << 3, ((key >> 5) & 31) << 3, (key & 31) << 3)
            all += [UInt8(red), UInt8(green), UInt8(blue)]
        }
        all.withUnsafeBufferPointer { rainbow.add(rgb: $0) }
        XCTAssertEqual(GIFPalette(rainbow).count, 256)
    }

    /// A grey ramp drawn in black and white only: dithering keeps each
    /// stretch of it as bright as it was, where plain nearest colours
    /// would make two flat halves.
    func testDitheringKeepsAGradientsBrightness() {
        let (width, height) = (256, 16)
        var pixels: [UInt8] = []
        for _ in 0..<height {
            for x in 0..<width { pixels += [UInt8(x), UInt8(x), UInt8(x)] }
        }
        let palette = GIFPalette(rgb: [0, 0, 0, 255, 255, 255])
        let indices = pixels.withUnsafeBufferPointer { palette.dithered(rgb: $0, width: width, height: height) }
        for band in stride(from: 0, to: width, by: 32) {
            var white = 0
            for y in 0..<height {
                for x in band..<band + 32 where indices[y * width + x] == 1 { white += 1 }
            }
            let shown = Double(white) / Double(32 * height) * 255
            XCTAssertEqual(shown, Double(band) + 15.5, accuracy: 12, "band from \(band)")
        }
    }

    func testAGIFsSizeFramesAndLength() {
        let gif = MovieGIF(width: 480, framesPerSecond: 15)
        XCTAssertTrue(gif.frame(for: (1920, 1080)) == (480, 270))
        XCTAssertTrue(gif.frame(for: (1080, 1920)) == (480, 854), "9:16, even")
        XCTAssertTrue(MovieGIF(width: 640).frame(for: (320, 180)) == (320, 180), "never wider than the movie")
        XCTAssertEqual(gif.frameCount(duration: 2_000_000_000), 30)
        XCTAssertEqual(gif.frameCount(duration: 2_010_000_000), 31, "a frame for each begun fifteenth")

        var edit = MovieEdit()
        edit.clips = [MovieClip(uri: "file:///v/a.mp4", sourceDuration: 61_000_000_000, frameRate: FrameRate(30),
                                width: 1920, height: 1080)]
        edit.output.gif = gif
        XCTAssertEqual(edit.exportBlocker(missing: [], hasEncoder: false), .tooLongForGIF, "a GIF needs no encoder, but a minute at most")
        edit.clips[0].trim(from: 0, to: 60_000_000_000)
        XCTAssertNil(edit.exportBlocker(missing: [], hasEncoder: false))
        edit.output.gif = nil
        XCTAssertEqual(edit.exportBlocker(missing: [], hasEncoder: false), .noEncoder)
    }

    func testAGIFIsSavedWithTheMovie() throws {
        var edit = MovieEdit()
        edit.clips = [MovieClip(uri: "file:///v/a.mp4", sourceDuration: 5_000_000_000, frameRate: FrameRate(30),
                                width: 1920, height: 1080)]
        edit.output.gif = MovieGIF(width: 320, framesPerSecond: 20)
        let document = MovieDocument(edit: edit)
        let back = try MovieDocument.decode(try document.encode(), id: document.id)
        XCTAssertEqual(back.edit.output.gif, MovieGIF(width: 320, framesPerSecond: 20))
        edit.output.gif = nil
        XCTAssertNil(try MovieDocument.decode(try MovieDocument(edit: edit).encode(), id: "x").edit.output.gif)
    }
}
