/// Decodes Blu-ray subtitles (PGS, "HDMV presentation graphics"): each
/// display set (a composition, its windows, palettes and run-length coded
/// objects, then an end segment) becomes the picture to show from its
/// time on, or a clear screen. GStreamer 1.22 decodes PGS only inside
/// `dvdspu`, an overlay blended into each frame before the video sink;
/// Reel's text sink takes the packets and draws the picture with the
/// frame instead, as it draws text lines. Segments come as Matroska
/// stores them (type, length, data) or with a .sup file's "PG" headers.
public struct PGSDecoder: Sendable {
    private struct Placement {
        let object: Int
        let x: Int
        let y: Int
        /// A part of the object (x, y, width, height), when cropped.
        let crop: (x: Int, y: Int, width: Int, height: Int)?
    }

    private struct Object {
        var width = 0
        var height = 0
        var data: [UInt8] = []
    }

    private var canvas = (width: 0, height: 0)
    private var paletteID = 0
    private var placements: [Placement] = []
    /// Palettes by id: RGBA by entry.
    private var palettes: [Int: [Int: (UInt8, UInt8, UInt8, UInt8)]] = [:]
    private var objects: [Int: Object] = [:]

    public init() {}

    /// The changes a block of segments makes: one per end segment.
    public mutating func decode(_ bytes: [UInt8]) -> [SubtitleBitmap.Change] {
        var changes: [SubtitleBitmap.Change] = []
        var at = 0
        while at + 3 <= bytes.count {
            // A .sup file's header: "PG", presentation and decoding times.
            if bytes[at] == 0x50, at + 13 <= bytes.count, bytes[at + 1] == 0x47 { at += 10 }
            let type = bytes[at], length = Int(bytes[at + 1]) << 8 | Int(bytes[at + 2])
            let start = at + 3, end = start + length
            guard end <= bytes.count else { break }
            let segment = Array(bytes[start..<end])
            switch type {
            case 0x16: composition(segment)
            case 0x14: palette(segment)
            case 0x15: object(segment)
            case 0x80: changes.append(picture().map { .show($0) } ?? .clear)
            default: break  // windows (0x17) and anything else: the objects say where
            }
            at = end
        }
        return changes
    }

    private static func u16(_ s: [UInt8], _ at: Int) -> Int { Int(s[at]) << 8 | Int(s[at + 1]) }

    private mutating func composition(_ s: [UInt8]) {
        guard s.count >= 11 else { return }
        canvas = (PGSDecoder.u16(s, 0), PGSDecoder.u16(s, 2))
        // An epoch's start forgets the objects and palettes before it.
        if s[7] & 0x80 != 0 {
            objects = [:]
            palettes = [:]
        }
        paletteID = Int(s[9])
        placements = []
        var at = 11
        for _ in 0..<Int(s[10]) {
            guard at + 8 <= s.count else { break }
            let cropped = s[at + 3] & 0x80 != 0
            var crop: (Int, Int, Int, Int)?
            if cropped, at + 16 <= s.count {
                crop = (PGSDecoder.u16(s, at + 8), PGSDecoder.u16(s, at + 10), PGSDecoder.u16(s, at + 12), PGSDecoder.u16(s, at + 14))
            }
            placements.append(Placement(object: PGSDecoder.u16(s, at), x: PGSDecoder.u16(s, at + 4), y: PGSDecoder.u16(s, at + 6), crop: crop))
            at += cropped ? 16 : 8
        }
    }

    private mutating func palette(_ s: [UInt8]) {
        guard s.count >= 2 else { return }
        var entries = palettes[Int(s[0])] ?? [:]
        var at = 2
        while at + 5 <= s.count {
            // BT.709, as Blu-ray discs carry them.
            entries[Int(s[at])] = SubtitleBitmap.rgba(y: s[at + 1], cr: s[at + 2], cb: s[at + 3], alpha: s[at + 4], .bt709)
            at += 5
        }
        palettes[Int(s[0])] = entries
    }

    private mutating func object(_ s: [UInt8]) {
        guard s.count >= 4 else { return }
        let id = PGSDecoder.u16(s, 0)
        if s[3] & 0x80 != 0 {
            // The first fragment: the data's length, then the size.
            guard s.count >= 11 else { return }
            objects[id] = Object(width: PGSDecoder.u16(s, 7), height: PGSDecoder.u16(s, 9), data: Array(s[11...]))
        } else {
            objects[id]?.data += s[4...]
        }
    }

    /// The composition drawn: its objects in one picture over the part of
    /// the canvas they cover; nil when it shows none.
    private func picture() -> SubtitleBitmap? {
        let palette = palettes[paletteID] ?? [:]
        var pieces: [SubtitleBitmap] = []
        for placement in placements {
            guard let object = objects[placement.object], object.width > 0, object.height > 0,
                  object.width * object.height <= 4096 * 4096 else { continue }
            let indices = PGSDecoder.runs(object.data, width: object.width, height: object.height)
            var crop = placement.crop ?? (0, 0, object.width, object.height)
            crop.width = max(0, min(crop.width, object.width - crop.x))
            crop.height = max(0, min(crop.height, object.height - crop.y))
            guard crop.width > 0, crop.height > 0 else { continue }
            var pixels = [UInt8](repeating: 0, count: crop.width * crop.height * 4)
            for row in 0..<crop.height {
                for column in 0..<crop.width {
                    guard let (r, g, b, a) = palette[Int(indices[(crop.y + row) * object.width + crop.x + column])], a > 0 else { continue }
                    let at = (row * crop.width + column) * 4
                    pixels[at] = r; pixels[at + 1] = g; pixels[at + 2] = b; pixels[at + 3] = a
                }
            }
            pieces.append(SubtitleBitmap(canvasWidth: canvas.width, canvasHeight: canvas.height, x: placement.x, y: placement.y,
                                         width: crop.width, height: crop.height, rgba: pixels))
        }
        return SubtitleBitmap.joining(pieces)
    }

    /// The palette index of each pixel from PGS run-length coding: a
    /// non-zero byte is one pixel; 0 then a flag byte gives a run (of 0 or
    /// of a colour, short or long) or the line's end. Damaged data leaves
    /// the rest transparent.
    static func runs(_ data: [UInt8], width: Int, height: Int) -> [UInt8] {
        var indices = [UInt8](repeating: 0, count: width * height)
        var at = 0, row = 0, column = 0
        func put(_ colour: UInt8, _ count: Int) {
            let n = max(0, min(count, width - column))
            if colour != 0, n > 0, row < height {
                let start = row * width + column
                for i in start..<start + n { indices[i] = colour }
            }
            column += n
        }
        while at < data.count, row < height {
            let byte = data[at]
            at += 1
            if byte != 0 { put(byte, 1); continue }
            guard at < data.count else { break }
            let flag = data[at]
            at += 1
            if flag == 0 {
                row += 1
                column = 0
                continue
            }
            var count = Int(flag & 0x3F)
            if flag & 0x40 != 0 {
                guard at < data.count else { break }
                count = count << 8 | Int(data[at])
                at += 1
            }
            var colour: UInt8 = 0
            if flag & 0x80 != 0 {
                guard at < data.count else { break }
                colour = data[at]
                at += 1
            }
            put(colour, count)
        }
        return indices
    }
}
