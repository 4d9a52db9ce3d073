/// Makes an animated GIF (GIF89a) a frame at a time: one global palette
/// (`GIFPalette`), the first frame whole and each after it only what
/// changed (the rest transparent), LZW-compressed, looping forever, each
/// shown for its share of a second on a 1/100 s clock (15 fps: 7, 6, 7,
/// 7, 6, 7... hundredths, so the GIF keeps the movie's time).
public struct GIFWriter: Sendable {
    public let width: Int
    public let height: Int
    public let framesPerSecond: Int
    /// The file's start: the screen, the palette, the loop.
    public let header: [UInt8]
    /// The file's end, after the last frame.
    public static let trailer: [UInt8] = [0x3B]
    /// The palette index that shows the frame before: never a colour
    /// (`GIFPalette` makes at most 255).
    public static let transparent: UInt8 = 255
    private var frames = 0
    /// The last frame's indices, which the next one is drawn over.
    private var previous: [UInt8]?

    public init(width: Int, height: Int, framesPerSecond: Int, palette: GIFPalette) {
        self.width = width
        self.height = height
        self.framesPerSecond = max(framesPerSecond, 1)
        precondition(palette.count < 256, "the last index is the transparent one")
        var header = Array("GIF89a".utf8)
        header += GIFWriter.little(width) + GIFWriter.little(height)
        // A global table of 256 colours (2^(7+1)), 8 bits a channel.
        header += [0xF7, 0, 0]
        var table = Array(palette.rgb.prefix(256 * 3))
        table += [UInt8](repeating: 0, count: 256 * 3 - table.count)
        header += table
        // NETSCAPE2.0: loop forever.
        header += [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01, 0x00, 0x00, 0x00]
        self.header = header
    }

    /// How long frame `index` shows, in hundredths of a second.
    public static func delay(ofFrame index: Int, framesPerSecond: Int) -> Int {
        func start(_ frame: Int) -> Int { (frame * 200 / framesPerSecond + 1) / 2 }
        return start(index + 1) - start(index)
    }

    /// The next frame's bytes, from its palette indices (`width` × `height`).
    /// After the first, a frame is only the rectangle that changed since
    /// the one before, its unchanged pixels `transparent` and the one
    /// before left in place under it ("do not dispose"): shown, it is the
    /// same picture, but mostly long runs of one index, which LZW packs
    /// into a few codes.
    public mutating func frame(_ indices: [UInt8]) -> [UInt8] {
        precondition(indices.count == width * height, "a frame is width × height indices")
        let delay = GIFWriter.delay(ofFrame: frames, framesPerSecond: framesPerSecond)
        frames += 1
        let (area, pixels, transparency) = changes(indices)
        previous = indices
        // Graphic control: nothing disposed, the delay, the transparent index when used.
        var bytes: [UInt8] = [0x21, 0xF9, 0x04, transparency ? 0x05 : 0x04] + GIFWriter.little(delay)
        bytes += [transparency ? GIFWriter.transparent : 0, 0x00]
        // The image, at its place on the canvas, no local table; LZW from 8-bit codes.
        bytes += [0x2C] + GIFWriter.little(area.x) + GIFWriter.little(area.y)
        bytes += GIFWriter.little(area.width) + GIFWriter.little(area.height)
        bytes += [0x00, 8]
        let data = GIFWriter.compressed(pixels)
        var offset = 0
        while offset < data.count {
            let length = min(255, data.count - offset)
            bytes.append(UInt8(length))
            bytes += data[offset..<offset + length]
            offset += length
        }
        bytes.append(0)
        return bytes
    }

    /// The part of `indices` to write: the whole frame at first; then the
    /// smallest rectangle holding every pixel that differs from the frame
    /// before, in which pixels that do not differ are `transparent` (a
    /// frame the same as the one before is one transparent pixel).
    private func changes(_ indices: [UInt8]) -> (area: (x: Int, y: Int, width: Int, height: Int), pixels: [UInt8], transparency: Bool) {
        guard let previous else { return ((0, 0, width, height), indices, false) }
        var (left, right, top, bottom) = (width, -1, height, -1)
        for y in 0..<height {
            let row = y * width
            var x = 0
            while x < width, indices[row + x] == previous[row + x] { x += 1 }
            guard x < width else { continue }
            var last = width - 1
            while indices[row + last] == previous[row + last] { last -= 1 }
            (left, right) = (min(left, x), max(right, last))
            (top, bottom) = (min(top, y), y)
        }
        guard right >= 0 else { return ((0, 0, 1, 1), [GIFWriter.transparent], true) }
        let (across, down) = (right - left + 1, bottom - top + 1)
        var pixels = [UInt8](repeating: 0, count: across * down)
        for y in 0..<down {
            for x in 0..<across {
                let at = (top + y) * width + left + x
                pixels[y * across + x] = indices[at] == previous[at] ? GIFWriter.transparent : indices[at]
            }
        }
        return ((left, top, across, down), pixels, true)
    }

    private static func little(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }

    /// GIF's LZW over 8-bit indices: codes from 9 to 12 bits, least
    /// significant bit first, the table cleared when it is full.
    static func compressed(_ indices: [UInt8]) -> [UInt8] {
        let clear = 256, end = 257
        var output: [UInt8] = []
        output.reserveCapacity(indices.count / 2)
        var bitBuffer = 0, bitCount = 0
        var codeSize = 9
        func emit(_ code: Int) {
            bitBuffer |= code << bitCount
            bitCount += codeSize
            while bitCount >= 8 {
                output.append(UInt8(bitBuffer & 0xFF))
                bitBuffer >>= 8
                bitCount -= 8
            }
        }
        // The table: (prefix code, next index) → code, valid only when
        // stamped with the current generation (a clear starts a new one
        // instead of wiping four million entries).
        var table = [Int32](repeating: 0, count: 4096 * 256)
        var generation: Int32 = 1
        var nextCode = end + 1
        emit(clear)
        guard var prefix = indices.first.map(Int.init) else {
            emit(end)
            if bitCount > 0 { output.append(UInt8(bitBuffer & 0xFF)) }
            return output
        }
        for value in indices.dropFirst() {
            let slot = prefix << 8 | Int(value)
            let stamped = table[slot]
            if stamped >> 12 == generation {
                prefix = Int(stamped & 0xFFF)
                continue
            }
            emit(prefix)
            if nextCode < 4095 {
                table[slot] = generation << 12 | Int32(nextCode)
                nextCode += 1
                // The decoder's table grows a step behind: widen once it
                // holds a code that needs the next bit.
                if nextCode > 1 << codeSize, codeSize < 12 { codeSize += 1 }
            } else {
                emit(clear)
                generation += 1
                nextCode = end + 1
                codeSize = 9
            }
            prefix = Int(value)
        }
        emit(prefix)
        emit(end)
        if bitCount > 0 { output.append(UInt8(bitBuffer & 0xFF)) }
        return output
    }
}
