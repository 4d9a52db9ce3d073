/// Decodes DVB subtitles (ETSI EN 300 743), the picture subtitles of TV
/// recordings: a page places regions on the display, each region is
/// painted by its objects' run-length coded pixel strings (2, 4 or 8 bits
/// a pixel, two interlaced fields) through a colour table, and an end of
/// display set shows the page. GStreamer 1.22 decodes them only in
/// `dvbsuboverlay`, blended into each frame before the video sink; a text
/// sink that took only text stopped the whole recording. Objects coded as
/// characters are not drawn (broadcasters send pixels).
public struct DVBSubtitleDecoder: Sendable {
    private struct Region {
        var width: Int
        var height: Int
        /// 2, 4 or 8 bits a pixel.
        var depth: Int
        var clut: Int
        var objects: [(id: Int, x: Int, y: Int)] = []
        var pixels: [UInt8]
    }

    private var display = (width: 720, height: 576)
    private var page: [(region: Int, x: Int, y: Int)] = []
    private var timeout: Double?
    private var regions: [Int: Region] = [:]
    /// Colour tables by id, then by depth (2, 4, 8), then by entry.
    private var cluts: [Int: [Int: [Int: (UInt8, UInt8, UInt8, UInt8)]]] = [:]
    private var pending = false

    public init() {}

    /// The changes one PES packet's segments make.
    public mutating func decode(_ bytes: [UInt8]) -> [SubtitleBitmap.Change] {
        var at = bytes.count >= 2 && bytes[0] == 0x20 && bytes[1] == 0x00 ? 2 : 0
        var changes: [SubtitleBitmap.Change] = []
        while at + 6 <= bytes.count, bytes[at] == 0x0F {
            let type = bytes[at + 1], length = Int(bytes[at + 4]) << 8 | Int(bytes[at + 5])
            let end = at + 6 + length
            guard end <= bytes.count else { break }
            let s = Array(bytes[(at + 6)..<end])
            switch type {
            case 0x10: pageComposition(s)
            case 0x11: regionComposition(s)
            case 0x12: colourTable(s)
            case 0x13: objectData(s)
            case 0x14 where s.count >= 5: display = (DVBSubtitleDecoder.u16(s, 1) + 1, DVBSubtitleDecoder.u16(s, 3) + 1)
            case 0x80:
                changes.append(picture())
                pending = false
            default: break
            }
            at = end
        }
        // An encoder that sends no end of display set: the packet's end.
        if pending {
            changes.append(picture())
            pending = false
        }
        return changes
    }

    private static func u16(_ s: [UInt8], _ at: Int) -> Int { Int(s[at]) << 8 | Int(s[at + 1]) }

    private mutating func pageComposition(_ s: [UInt8]) {
        guard s.count >= 2 else { return }
        timeout = s[0] > 0 ? Double(s[0]) : nil
        // An acquisition point or a mode change starts afresh.
        if (s[1] >> 2) & 3 != 0 {
            regions = [:]
            cluts = [:]
        }
        page = stride(from: 2, to: s.count - 5, by: 6).map { at in
            (Int(s[at]), DVBSubtitleDecoder.u16(s, at + 2), DVBSubtitleDecoder.u16(s, at + 4))
        }
        pending = true
    }

    private mutating func regionComposition(_ s: [UInt8]) {
        guard s.count >= 10 else { return }
        let id = Int(s[0]), width = DVBSubtitleDecoder.u16(s, 2), height = DVBSubtitleDecoder.u16(s, 4)
        guard width > 0, height > 0, width * height <= 4096 * 2160 else { return }
        let depth = [1: 2, 2: 4, 3: 8][Int(s[6] >> 2) & 7] ?? 4
        var region = regions[id].flatMap { $0.width == width && $0.height == height && $0.depth == depth ? $0 : nil }
            ?? Region(width: width, height: height, depth: depth, clut: 0, pixels: [UInt8](repeating: 0, count: width * height))
        region.clut = Int(s[7])
        if s[1] & 0x08 != 0 {
            // Filled with the background code of its depth.
            let fill = depth == 8 ? s[8] : depth == 4 ? s[9] >> 4 : (s[9] >> 2) & 3
            region.pixels = [UInt8](repeating: fill, count: width * height)
        }
        region.objects = []
        var at = 10
        while at + 6 <= s.count {
            let type = s[at + 2] >> 6
            region.objects.append((DVBSubtitleDecoder.u16(s, at), DVBSubtitleDecoder.u16(s, at + 2) & 0x0FFF,
                                   DVBSubtitleDecoder.u16(s, at + 4) & 0x0FFF))
            at += type == 1 || type == 2 ? 8 : 6
        }
        regions[id] = region
        pending = true
    }

    private mutating func colourTable(_ s: [UInt8]) {
        guard s.count >= 2 else { return }
        var table = cluts[Int(s[0])] ?? [:]
        var at = 2
        while at + 4 <= s.count {
            let entry = Int(s[at]), flags = s[at + 1]
            var y, cr, cb, t: UInt8
            if flags & 0x01 != 0, at + 6 <= s.count {
                (y, cr, cb, t) = (s[at + 2], s[at + 3], s[at + 4], s[at + 5])
                at += 6
            } else {
                y = s[at + 2] & 0xFC
                cr = (s[at + 2] << 6 | s[at + 3] >> 2) & 0xF0
                cb = (s[at + 3] << 2) & 0xF0
                t = (s[at + 3] & 0x03) * 0x55
                at += 4
            }
            // Y of 0 is fully transparent, whatever else the entry says.
            let colour = y == 0 ? (0, 0, 0, 0) : SubtitleBitmap.rgba(y: y, cr: cr, cb: cb, alpha: 255 - t, .bt601)
            for (flag, depth) in [(UInt8(0x80), 2), (0x40, 4), (0x20, 8)] where flags & flag != 0 {
                table[depth, default: [:]][entry] = colour
            }
        }
        cluts[Int(s[0])] = table
    }

    /// The standard's default tables, for entries a stream does not define.
    static func defaultColour(_ entry: Int, depth: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        switch depth {
        case 2: return [(0, 0, 0, 0), (255, 255, 255, 255), (0, 0, 0, 255), (127, 127, 127, 255)][entry & 3]
        default:
            // 8-bit tables: their low four bits, as the 4-bit default.
            let code = entry & 15
            if code == 0 { return (0, 0, 0, 0) }
            let level: UInt8 = code < 8 ? 255 : 127
            return (code & 1 != 0 ? level : 0, code & 2 != 0 ? level : 0, code & 4 != 0 ? level : 0, 255)
        }
    }

    private mutating func objectData(_ s: [UInt8]) {
        guard s.count >= 7, (s[2] >> 2) & 3 == 0 else { return }
        let id = DVBSubtitleDecoder.u16(s, 0)
        let topLength = DVBSubtitleDecoder.u16(s, 3), bottomLength = DVBSubtitleDecoder.u16(s, 5)
        guard 7 + topLength + bottomLength <= s.count else { return }
        let top = Array(s[7..<(7 + topLength)])
        let bottom = bottomLength == 0 ? top : Array(s[(7 + topLength)..<(7 + topLength + bottomLength)])
        for regionID in regions.keys.sorted() {
            guard var region = regions[regionID] else { continue }
            for placement in region.objects where placement.id == id {
                DVBSubtitleDecoder.paint(top, into: &region, x: placement.x, y: placement.y)
                DVBSubtitleDecoder.paint(bottom, into: &region, x: placement.x, y: placement.y + 1)
            }
            regions[regionID] = region
        }
        pending = true
    }

    /// One field's pixel-data sub-blocks, every other line from `y`.
    private static func paint(_ data: [UInt8], into region: inout Region, x: Int, y: Int) {
        var reader = BitReader(data)
        var row = y, column = x
        // The maps from a string's depth to the region's, default unless sent.
        var twoToFour: [UInt8] = [0, 7, 8, 15], twoToEight: [UInt8] = [0, 0x77, 0x88, 0xFF]
        var fourToEight: [UInt8] = (0..<16).map { UInt8($0 * 0x11) }
        /// Paints a run; false once the line is full, which ends a string
        /// (ffmpeg's encoder ends a full line's 8-bit string with a lone
        /// zero byte, not the two the standard has).
        func put(_ code: UInt8, _ count: Int, bits: Int) -> Bool {
            var value = code
            if bits == 2, region.depth == 4 { value = twoToFour[Int(code & 3)] }
            if bits == 2, region.depth == 8 { value = twoToEight[Int(code & 3)] }
            if bits == 4, region.depth == 8 { value = fourToEight[Int(code & 15)] }
            if bits > region.depth { value &= UInt8((1 << region.depth) - 1) }
            if row >= 0, row < region.height {
                for at in max(column, 0)..<max(column, min(column + count, region.width)) {
                    region.pixels[row * region.width + at] = value
                }
            }
            column += count
            return column < region.width
        }
        while let type = reader.byte() {
            switch type {
            case 0x10: decodeTwoBit(&reader) { put($0, $1, bits: 2) }
            case 0x11: decodeFourBit(&reader) { put($0, $1, bits: 4) }
            case 0x12: decodeEightBit(&reader) { put($0, $1, bits: 8) }
            case 0x20: twoToFour = (0..<4).map { _ in UInt8(reader.bits(4) ?? 0) }
            case 0x21: twoToEight = (0..<4).map { _ in reader.byte() ?? 0 }
            case 0x22: fourToEight = (0..<16).map { _ in UInt8(reader.bits(8) ?? 0) }
            case 0xF0:
                row += 2
                column = x
            default: continue  // not a sub-block's start: passed over, as ffmpeg's decoder does
            }
        }
    }

    /// A 2-bit/pixel code string: runs to `put` until its end, or until
    /// `put` says the line is full.
    static func decodeTwoBit(_ r: inout BitReader, _ put: (UInt8, Int) -> Bool) {
        var room = true
        while room, let code = r.bits(2) {
            if code != 0 { room = put(UInt8(code), 1); continue }
            if r.bits(1) == 1 {
                let n = r.bits(3) ?? 0
                room = put(UInt8(r.bits(2) ?? 0), n + 3)
            } else if r.bits(1) == 1 {
                room = put(0, 1)
            } else {
                switch r.bits(2) {
                case 1: room = put(0, 2)
                case 2: let n = r.bits(4) ?? 0; room = put(UInt8(r.bits(2) ?? 0), n + 12)
                case 3: let n = r.bits(8) ?? 0; room = put(UInt8(r.bits(2) ?? 0), n + 29)
                default: room = false
                }
            }
        }
        r.align()
    }

    /// A 4-bit/pixel code string, as `decodeTwoBit`.
    static func decodeFourBit(_ r: inout BitReader, _ put: (UInt8, Int) -> Bool) {
        var room = true
        while room, let code = r.bits(4) {
            if code != 0 { room = put(UInt8(code), 1); continue }
            if r.bits(1) == 0 {
                let n = r.bits(3) ?? 0
                room = n == 0 ? false : put(0, n + 2)
            } else if r.bits(1) == 0 {
                let n = r.bits(2) ?? 0
                room = put(UInt8(r.bits(4) ?? 0), n + 4)
            } else {
                switch r.bits(2) {
                case 0: room = put(0, 1)
                case 1: room = put(0, 2)
                case 2: let n = r.bits(4) ?? 0; room = put(UInt8(r.bits(4) ?? 0), n + 9)
                default: let n = r.bits(8) ?? 0; room = put(UInt8(r.bits(4) ?? 0), n + 25)
                }
            }
        }
        r.align()
    }

    /// An 8-bit/pixel code string, as `decodeTwoBit`.
    static func decodeEightBit(_ r: inout BitReader, _ put: (UInt8, Int) -> Bool) {
        var room = true
        while room, let code = r.byte() {
            if code != 0 { room = put(code, 1); continue }
            guard let flag = r.byte() else { return }
            let n = Int(flag & 0x7F)
            if flag & 0x80 == 0 {
                room = n == 0 ? false : put(0, n)
            } else {
                room = put(r.byte() ?? 0, n)
            }
        }
    }

    /// The page drawn: its regions through their colour tables, in one
    /// picture over the part of the display they cover; a page that shows
    /// nothing clears the screen.
    private func picture() -> SubtitleBitmap.Change {
        var pieces: [SubtitleBitmap] = []
        for placement in page {
            guard let region = regions[placement.region] else { continue }
            let table = cluts[region.clut]?[region.depth] ?? [:]
            var pixels = [UInt8](repeating: 0, count: region.width * region.height * 4)
            var any = false
            for (index, code) in region.pixels.enumerated() {
                let (r, g, b, a) = table[Int(code)] ?? DVBSubtitleDecoder.defaultColour(Int(code), depth: region.depth)
                guard a > 0 else { continue }
                pixels[index * 4] = r; pixels[index * 4 + 1] = g; pixels[index * 4 + 2] = b; pixels[index * 4 + 3] = a
                any = true
            }
            if any {
                pieces.append(SubtitleBitmap(canvasWidth: display.width, canvasHeight: display.height, x: placement.x,
                                             y: placement.y, width: region.width, height: region.height, rgba: pixels))
            }
        }
        return SubtitleBitmap.joining(pieces).map { .show($0, seconds: timeout) } ?? .clear
    }

    /// Reads bits from the most significant down.
    struct BitReader {
        let data: [UInt8]
        var position = 0

        init(_ data: [UInt8]) { self.data = data }

        mutating func bits(_ count: Int) -> Int? {
            guard position + count <= data.count * 8 else { return nil }
            var value = 0
            for _ in 0..<count {
                value = value << 1 | Int(data[position >> 3] >> (7 - UInt8(position & 7)) & 1)
                position += 1
            }
            return value
        }

        mutating func byte() -> UInt8? {
            align()
            return bits(8).map(UInt8.init)
        }

        mutating func align() { position = (position + 7) & ~7 }
    }
}
