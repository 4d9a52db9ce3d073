/// Decodes DVD subtitles (VobSub, "subpicture units"): each unit has two
/// interlaced fields of 2-bit pixels, run-length coded in nibbles, and
/// control sequences that say where it shows, which four of the film's
/// sixteen palette colours its pixels take, how opaque each is, and when
/// it starts and stops. The film's palette and canvas come from the
/// track's VobSub header ("size: 720x576", "palette: rrggbb, …"), which
/// Matroska keeps and GStreamer hands on in the caps. GStreamer 1.22
/// decodes them only in `dvdspu`, blended into each frame before the
/// video sink.
public struct DVDSubtitleDecoder: Sendable {
    /// The canvas the coordinates are in.
    public let canvas: (width: Int, height: Int)
    /// Sixteen RGB colours.
    public let palette: [(UInt8, UInt8, UInt8)]
    /// A unit cut over several packets, until its stated size has come.
    private var partial: [UInt8] = []

    /// `header`: the VobSub .idx text; nil or missing parts leave PAL's
    /// canvas and a grey ramp.
    public init(header: String?) {
        var canvas = (width: 720, height: 576)
        var palette: [(UInt8, UInt8, UInt8)] = (0..<16).map { UInt8($0 * 17) }.map { ($0, $0, $0) }
        for line in (header ?? "").split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else { continue }
            if parts[0].lowercased() == "size" {
                let size = parts[1].lowercased().split(separator: "x").compactMap { Int($0) }
                if size.count == 2, size[0] > 0, size[1] > 0 { canvas = (size[0], size[1]) }
            } else if parts[0].lowercased() == "palette" {
                let colours = parts[1].split(separator: ",").compactMap { UInt32($0.trimmingCharacters(in: .whitespaces), radix: 16) }
                if colours.count == 16 {
                    palette = colours.map { (UInt8($0 >> 16 & 0xFF), UInt8($0 >> 8 & 0xFF), UInt8($0 & 0xFF)) }
                }
            }
        }
        self.canvas = canvas
        self.palette = palette
    }

    private static func u16(_ s: [UInt8], _ at: Int) -> Int { Int(s[at]) << 8 | Int(s[at + 1]) }

    /// The changes a packet makes: a picture shown for as long as its
    /// control sequences say, once its unit is whole.
    public mutating func decode(_ bytes: [UInt8]) -> [SubtitleBitmap.Change] {
        partial += bytes
        guard partial.count >= 4 else { return [] }
        let size = DVDSubtitleDecoder.u16(partial, 0)
        guard partial.count >= size else { return [] }
        let unit = Array(partial.prefix(size))
        partial = []
        return unit.count >= 4 ? [picture(unit)] : []
    }

    private func picture(_ unit: [UInt8]) -> SubtitleBitmap.Change {
        var colours: [Int] = [0, 1, 2, 3], alphas: [UInt8] = [0, 15, 15, 15]
        var area: (x: Int, y: Int, width: Int, height: Int)?
        var fields: (top: Int, bottom: Int)?
        var start: Int?, stop: Int?
        var at = DVDSubtitleDecoder.u16(unit, 2)
        var seen = Set<Int>()
        // Control sequences: a date, the next one's offset (its own, for
        // the last), then commands.
        while at + 4 <= unit.count, seen.insert(at).inserted {
            let date = DVDSubtitleDecoder.u16(unit, at), next = DVDSubtitleDecoder.u16(unit, at + 2)
            var p = at + 4
            commands: while p < unit.count {
                let command = unit[p]
                p += 1
                switch command {
                case 0x00, 0x01: start = start ?? date
                case 0x02: stop = date
                case 0x03 where p + 2 <= unit.count:
                    // Palette entries for pixel values 3, 2, 1, 0, a nibble each.
                    colours = [Int(unit[p + 1] & 0x0F), Int(unit[p + 1] >> 4), Int(unit[p] & 0x0F), Int(unit[p] >> 4)]
                    p += 2
                case 0x04 where p + 2 <= unit.count:
                    alphas = [unit[p + 1] & 0x0F, unit[p + 1] >> 4, unit[p] & 0x0F, unit[p] >> 4]
                    p += 2
                case 0x05 where p + 6 <= unit.count:
                    let x1 = Int(unit[p]) << 4 | Int(unit[p + 1]) >> 4, x2 = (Int(unit[p + 1]) & 0x0F) << 8 | Int(unit[p + 2])
                    let y1 = Int(unit[p + 3]) << 4 | Int(unit[p + 4]) >> 4, y2 = (Int(unit[p + 4]) & 0x0F) << 8 | Int(unit[p + 5])
                    if x2 >= x1, y2 >= y1 { area = (x1, y1, x2 - x1 + 1, y2 - y1 + 1) }
                    p += 6
                case 0x06 where p + 4 <= unit.count:
                    fields = (DVDSubtitleDecoder.u16(unit, p), DVDSubtitleDecoder.u16(unit, p + 2))
                    p += 4
                default: break commands  // the end (0xFF), or a command cut short
                }
            }
            at = next
        }
        guard let area, let fields, area.width * area.height <= 4096 * 4096 else { return .clear }
        var indices = [UInt8](repeating: 0, count: area.width * area.height)
        DVDSubtitleDecoder.runs(unit, from: fields.top, into: &indices, width: area.width, rows: stride(from: 0, to: area.height, by: 2))
        DVDSubtitleDecoder.runs(unit, from: fields.bottom, into: &indices, width: area.width, rows: stride(from: 1, to: area.height, by: 2))
        var rgba = [UInt8](repeating: 0, count: indices.count * 4)
        for (index, value) in indices.enumerated() where alphas[Int(value)] > 0 {
            let (r, g, b) = palette[colours[Int(value)]]
            rgba[index * 4] = r; rgba[index * 4 + 1] = g; rgba[index * 4 + 2] = b; rgba[index * 4 + 3] = alphas[Int(value)] * 17
        }
        guard rgba.contains(where: { $0 != 0 }) else { return .clear }
        // Dates count 1024 ticks of 90 kHz.
        let seconds = stop.map { Double($0 - (start ?? 0)) * 1024 / 90_000 }
        let bitmap = SubtitleBitmap(canvasWidth: canvas.width, canvasHeight: canvas.height, x: area.x, y: area.y,
                                    width: area.width, height: area.height, rgba: rgba)
        return .show(bitmap, seconds: seconds.flatMap { $0 > 0 ? $0 : nil })
    }

    /// One field's lines: each run is a nibble code of 1 to 4 nibbles
    /// (run length, then the 2-bit value); a run of 0 fills the line; each
    /// line ends on a whole byte.
    static func runs(_ unit: [UInt8], from offset: Int, into indices: inout [UInt8], width: Int, rows: StrideTo<Int>) {
        var nibble = offset * 2
        func next() -> Int? {
            guard nibble / 2 < unit.count else { return nil }
            defer { nibble += 1 }
            return nibble % 2 == 0 ? Int(unit[nibble / 2] >> 4) : Int(unit[nibble / 2] & 0x0F)
        }
        for row in rows {
            var column = 0
            while column < width {
                guard var code = next() else { return }
                var threshold = 0x4
                while code < threshold, threshold <= 0x40, let more = next() {
                    code = code << 4 | more
                    threshold <<= 2
                }
                let value = UInt8(code & 3)
                let count = code >> 2 == 0 ? width - column : min(code >> 2, width - column)
                for at in column..<column + count { indices[row * width + at] = value }
                column += count
            }
            if nibble % 2 == 1 { nibble += 1 }
        }
    }
}
