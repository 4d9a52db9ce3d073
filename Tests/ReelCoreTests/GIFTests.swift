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

    /// Every frame of a GIF from `GIFWriter` as a viewer shows it: each
    /// image drawn over the canvas at its place, its transparent pixels
    /// leaving what was there (the writer never disposes).
    private func shownFrames(_ file: [UInt8], width: Int, height: Int) -> [[UInt8]] {
        var canvas = [UInt8](repeating: 0, count: width * height)
        var shown: [[UInt8]] = []
        var transparent: UInt8?
        var at = 13 + 768
        func little(_ offset: Int) -> Int { Int(file[offset]) | Int(file[offset + 1]) << 8 }
        func subBlocks() -> [UInt8] {
            var data: [UInt8] = []
            while file[at] != 0 {
                data += file[at + 1...at + Int(file[at])]
                at += Int(file[at]) + 1
            }
            at += 1
            return data
        }
        while at < file.count, file[at] != 0x3B {
            switch (file[at], file[at + 1]) {
            case (0x21, 0xF9):
                XCTAssertEqual(file[at + 3] >> 2 & 7, 1, "disposal: do not dispose")
                transparent = file[at + 3] & 1 == 1 ? file[at + 6] : nil
                at += 2
                _ = subBlocks()
            case (0x21, _):
                at += 2
                _ = subBlocks()
            default:
                XCTAssertEqual(file[at], 0x2C, "an image")
                let (left, top, across, down) = (little(at + 1), little(at + 3), little(at + 5), little(at + 7))
                XCTAssertLessThanOrEqual(left + across, width)
                XCTAssertLessThanOrEqual(top + down, height)
                at += 11
                let pixels = decompressed(subBlocks())
                XCTAssertEqual(pixels.count, across * down)
                for (index, pixel) in pixels.enumerated() where pixel != transparent {
                    canvas[(top + index / across) * width + left + index % across] = pixel
                }
                shown.append(canvas)
            }
        }
        return shown
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

    /// Frames written as the rectangles that changed, unchanged pixels
    /// transparent, are shown exactly as the whole frames were: a square
    /// moving over a dithered-looking background, a frame like the one
    /// before, one pixel in a corner, everything at once.
    func testChangedPartsShowTheSameFramesAsWholeOnes() {
        let (width, height) = (40, 30)
        let background = (0..<width * height).map { UInt8(($0 * 7 + $0 / width) % 3) }
        func square(at left: Int, _ top: Int) -> [UInt8] {
            var frame = background
            for y in top..<top + 8 {
                for x in left..<left + 8 { frame[y * width + x] = 9 }
            }
            return frame
        }
        var corner = square(at: 20, 10)
        corner[width * height - 1] = 4
        let frames = [square(at: 0, 0), square(at: 3, 1), square(at: 3, 1), square(at: 20, 10), corner,
                      (0..<width * height).map { UInt8($0 % 250) }, background]
        let palette = GIFPalette(rgb: (0..<250).flatMap { [UInt8($0), UInt8(255 - $0), 0] })
        var writer = GIFWriter(width: width, height: height, framesPerSecond: 10, palette: palette)
        var file = writer.header
        var images: [[UInt8]] = []
        for frame in frames {
            images.append(writer.frame(frame))
            file += images.last!
        }
        file += GIFWriter.trailer
        XCTAssertEqual(shownFrames(file, width: width, height: height), frames)
        // Where they start and how big: the canvas, then only what moved.
        func area(_ image: [UInt8]) -> [Int] { stride(from: 9, to: 17, by: 2).map { Int(image[$0]) | Int(image[$0 + 1]) << 8 } }
        XCTAssertEqual(area(images[0]), [0, 0, width, height])
        XCTAssertEqual(area(images[1]), [0, 0, 11, 9], "the square's old and new places")
        XCTAssertEqual(area(images[2]), [0, 0, 1, 1], "nothing changed: one transparent pixel")
        XCTAssertEqual(area(images[4]), [width - 1, height - 1, 1, 1])
        XCTAssertEqual(images[0][3], 0x04, "the first frame has no transparency")
        XCTAssertEqual(Array(images[1][3...6]), [0x05, 10, 0, GIFWriter.transparent])
    }

    /// Hundredths of a second per frame, adding up to the movie's time.
    func testFrameDelaysKeepTheMoviesTime() {
        XCTAssertEqual((0..<6).map { GIFWriter.delay(ofFrame: $0, framesPerSecond: 15) }, [7, 6, 7, 7, 6, 7])
        for rate in MovieGIF.rates {
            let second = (0..<rate).map { GIFWriter.delay(ofFrame: $0, framesPerSecond: rate) }.reduce(0, +)
            XCTAssertEqual(second, 100, "\(rate) fps")
        }
    }

    /// Three flat colours make a palette holding them exactly (the mean
    /// of their pixels, not their cell's middle), each mapped to itself.
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
                XCTAssertEqual(palette.rgb[index * 3 + channel], colour[channel], "\(colour)")
            }
        }
        // Many colours: never more than 255 (the last index is transparent).
        var rainbow = GIFPalette.Histogram()
        var all: [UInt8] = []
        for key in 0..<(1 << 15) {
            let (red, green, blue) = ((key >> 10) << 3, ((key >> 5) & 31) << 3, (key & 31) << 3)
            all += [UInt8(red), UInt8(green), UInt8(blue)]
        }
        all.withUnsafeBufferPointer { rainbow.add(rgb: $0) }
        XCTAssertEqual(GIFPalette(rainbow).count, 255)
    }

    /// Black and a dark grey, with a row of near-black pixels (a video's
    /// noise), keep their exact colours: dithered, each area is one index,
    /// no noise for LZW to spell out. (Cells' middles made them (4, 4, 4)
    /// and (12, 12, 12), and the grey a mix of both.)
    func testFlatColoursStayFlat() {
        let (width, height) = (64, 64)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for at in stride(from: 0, to: width * 3, by: 3) { pixels[at] = 3; pixels[at + 1] = 2; pixels[at + 2] = 3 }
        for at in width * height * 3 / 2..<width * height * 3 { pixels[at] = 8 }
        var histogram = GIFPalette.Histogram()
        pixels.withUnsafeBufferPointer { histogram.add(rgb: $0) }
        let palette = GIFPalette(histogram)
        let (black, grey) = (palette.index(red: 0, green: 0, blue: 0), palette.index(red: 8, green: 8, blue: 8))
        XCTAssertEqual(Array(palette.rgb[Int(black) * 3..<Int(black) * 3 + 3]), [0, 0, 0])
        XCTAssertEqual(Array(palette.rgb[Int(grey) * 3..<Int(grey) * 3 + 3]), [8, 8, 8])
        let indices = pixels.withUnsafeBufferPointer { palette.dithered(rgb: $0, width: width, height: height) }
        XCTAssertEqual(Set(indices[width..<width * height / 2]), [black])
        XCTAssertEqual(Set(indices[(width * height / 2)...]), [grey])
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
