/// The colours of an animated GIF (255 of GIF's 256: the last is
/// `GIFWriter.transparent`), made for its movie: every pixel of every
/// frame is counted in a histogram of colours (6 bits a channel, with the
/// sums of the exact values), and median cut splits that cloud of colours
/// into as many boxes, each becoming the mean of the pixels it holds. A frame is then drawn with the
/// palette by Floyd–Steinberg dithering, so a smooth sky becomes a fine
/// mix of its nearest colours rather than bands.
public struct GIFPalette: Equatable, Sendable {
    /// Red, green, blue of each colour, one after another.
    public let rgb: [UInt8]
    /// For each 5-bit cell of colours (r << 10 | g << 5 | b), the palette
    /// colours that can be nearest to one of its colours:
    /// `candidates[start[cell]..<start[cell + 1]]`.
    private let start: [Int32]
    private let candidates: [UInt8]

    public var count: Int { rgb.count / 3 }

    /// How many pixels of each 6-bit colour the movie's frames hold, and
    /// the sums of their exact channels: a palette colour is then the mean
    /// of the very pixels it stands for. (A cell's middle made black
    /// (4, 4, 4) with 5 bits, and dithering spread that error as noise
    /// over every dark background: a larger GIF and a worse picture.)
    public struct Histogram: Sendable {
        var counts = [UInt32](repeating: 0, count: 1 << 18)
        /// Red, green and blue sums of each cell, one after another.
        var sums = [UInt64](repeating: 0, count: 3 << 18)

        public init() {}

        /// Counts the pixels of a frame of packed RGB (3 bytes a pixel).
        public mutating func add(rgb pixels: UnsafeBufferPointer<UInt8>) {
            counts.withUnsafeMutableBufferPointer { counts in
                sums.withUnsafeMutableBufferPointer { sums in
                    var index = 0
                    while index + 2 < pixels.count {
                        let (red, green, blue) = (pixels[index], pixels[index + 1], pixels[index + 2])
                        let key = Int(red >> 2) << 12 | Int(green >> 2) << 6 | Int(blue >> 2)
                        counts[key] &+= 1
                        sums[key * 3] &+= UInt64(red)
                        sums[key * 3 + 1] &+= UInt64(green)
                        sums[key * 3 + 2] &+= UInt64(blue)
                        index += 3
                    }
                }
            }
        }
    }

    /// At most `colours` colours (2…256) for what `histogram` counted;
    /// 255 leaves GIF's last index for `GIFWriter.transparent`.
    public init(_ histogram: Histogram, colours: Int = 255) {
        let wanted = min(max(colours, 2), 256)
        var boxes = [Box(entries: histogram.counts.indices.filter { histogram.counts[$0] > 0 }.map {
            Entry(key: $0, count: histogram.counts[$0],
                  sums: (histogram.sums[$0 * 3], histogram.sums[$0 * 3 + 1], histogram.sums[$0 * 3 + 2]))
        })]
        if boxes[0].entries.isEmpty { boxes[0] = Box(entries: [Entry(key: 0, count: 1, sums: (0, 0, 0))]) }
        // Split the box whose colours spread widest (weighted by how many
        // pixels it holds), at its median along that spread, until there
        // are enough boxes or none can be split.
        while boxes.count < wanted {
            guard let widest = boxes.indices.filter({ boxes[$0].entries.count > 1 })
                .max(by: { boxes[$0].priority < boxes[$1].priority }) else { break }
            let (low, high) = boxes[widest].split()
            boxes[widest] = low
            boxes.append(high)
        }
        var rgb: [UInt8] = []
        for box in boxes { rgb += box.average }
        self.rgb = rgb
        (start, candidates) = GIFPalette.candidateTable(rgb)
    }

    /// Packed RGB, exactly these colours (tests, and a palette read back).
    public init(rgb: [UInt8]) {
        self.rgb = rgb
        (start, candidates) = GIFPalette.candidateTable(rgb)
    }

    public static func == (a: GIFPalette, b: GIFPalette) -> Bool { a.rgb == b.rgb }

    /// The nearest colour's index for a colour (by `distance`), searched
    /// among its cell's few candidates.
    public func index(red: Int, green: Int, blue: Int) -> UInt8 {
        let cell = (red >> 3) << 10 | (green >> 3) << 5 | (blue >> 3)
        let (first, end) = (Int(start[cell]), Int(start[cell + 1]))
        guard end - first > 1 else { return candidates[first] }
        var best = candidates[first], bestDistance = Int.max
        for at in first..<end {
            let index = Int(candidates[at]) * 3
            let distance = GIFPalette.distance(red - Int(rgb[index]), green - Int(rgb[index + 1]), blue - Int(rgb[index + 2]))
            if distance < bestDistance { (best, bestDistance) = (candidates[at], distance) }
        }
        return best
    }

    /// How far apart two colours look: green counts most, blue least.
    private static func distance(_ red: Int, _ green: Int, _ blue: Int) -> Int {
        red * red * 3 + green * green * 4 + blue * blue * 2
    }

    /// A frame of packed RGB (`width` × `height`) as palette indices,
    /// Floyd–Steinberg dithered: each pixel's error (what its colour lacks
    /// from the one chosen) goes on to its neighbours right and below.
    public func dithered(rgb pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int) -> [UInt8] {
        precondition(pixels.count >= width * height * 3, "a frame is width × height pixels")
        // The error carried into this row and the next, per channel, in
        // sixteenths (the diffusion's weights are 7, 3, 5 and 1 sixteenths),
        // with a pixel of margin at each end. Pointers, not arrays: this
        // loop is most of a GIF's time.
        let rowLength = (width + 2) * 3
        var errors = [Int32](repeating: 0, count: rowLength * 2)
        // Runs of one colour (a flat background, no error carried) are
        // common: their index is the last one found.
        var (lastKey, lastIndex) = (-1, UInt8(0))
        return [UInt8](unsafeUninitializedCapacity: width * height) { indices, initialized in
            errors.withUnsafeMutableBufferPointer { errors in
                rgb.withUnsafeBufferPointer { colours in
                    for y in 0..<height {
                        let current = errors.baseAddress! + (y % 2) * rowLength
                        let next = errors.baseAddress! + (1 - y % 2) * rowLength
                        next.update(repeating: 0, count: rowLength)
                        for x in 0..<width {
                            let at = (y * width + x) * 3, carried = (x + 1) * 3
                            let red = min(max(Int(pixels[at]) + Int(current[carried]) / 16, 0), 255)
                            let green = min(max(Int(pixels[at + 1]) + Int(current[carried + 1]) / 16, 0), 255)
                            let blue = min(max(Int(pixels[at + 2]) + Int(current[carried + 2]) / 16, 0), 255)
                            let key = red << 16 | green << 8 | blue
                            if key != lastKey { (lastKey, lastIndex) = (key, index(red: red, green: green, blue: blue)) }
                            indices[y * width + x] = lastIndex
                            let colour = Int(lastIndex) * 3
                            for channel in 0..<3 {
                                let value = channel == 0 ? red : channel == 1 ? green : blue
                                let error = Int32(value - Int(colours[colour + channel]))
                                current[carried + 3 + channel] += error * 7
                                next[carried - 3 + channel] += error * 3
                                next[carried + channel] += error * 5
                                next[carried + 3 + channel] += error
                            }
                        }
                    }
                }
            }
            initialized = width * height
        }
    }

    /// For every 5-bit cell, the palette colours that can be nearest to a
    /// colour in it. A colour is at most 4 from its cell's middle on each
    /// channel, 12 in `distance`'s measure (√(3·16 + 4·16 + 2·16)), so a
    /// palette colour further from the middle than the nearest one plus
    /// twice that is never the nearest: the rest are kept, usually a few.
    private static func candidateTable(_ rgb: [UInt8]) -> (start: [Int32], candidates: [UInt8]) {
        let count = rgb.count / 3
        var start = [Int32](repeating: 0, count: (1 << 15) + 1)
        var candidates: [UInt8] = []
        var distances = [Double](repeating: 0, count: count)
        for cell in 0..<(1 << 15) {
            let r = (cell >> 10) << 3 | 4, g = (cell >> 5 & 31) << 3 | 4, b = (cell & 31) << 3 | 4
            var nearest = Double.infinity
            for index in 0..<count {
                let d = Double(distance(r - Int(rgb[index * 3]), g - Int(rgb[index * 3 + 1]), b - Int(rgb[index * 3 + 2]))).squareRoot()
                distances[index] = d
                nearest = min(nearest, d)
            }
            start[cell] = Int32(candidates.count)
            for index in 0..<count where distances[index] <= nearest + 24 { candidates.append(UInt8(index)) }
        }
        start[1 << 15] = Int32(candidates.count)
        return (start, candidates)
    }

    /// A 6-bit cell of the histogram: its pixels and their channels' sums.
    private struct Entry {
        let key: Int
        let count: UInt32
        let sums: (UInt64, UInt64, UInt64)
        func channel(_ channel: Int) -> Int { key >> (12 - channel * 6) & 63 }
    }

    /// Colours of the histogram that become one palette colour.
    private struct Box {
        let entries: [Entry]
        let pixels: Double
        /// The channel its colours spread most along.
        let channel: Int
        /// How soon it is split: its spread, weighted by its pixels.
        let priority: Double

        init(entries: [Entry]) {
            self.entries = entries
            pixels = entries.reduce(0) { $0 + Double($1.count) }
            var widest = (channel: 0, range: -1)
            for channel in 0..<3 {
                var (low, high) = (63, 0)
                for entry in entries {
                    let value = entry.channel(channel)
                    low = min(low, value)
                    high = max(high, value)
                }
                if high - low > widest.range { widest = (channel, high - low) }
            }
            channel = widest.channel
            priority = Double(max(widest.range, 0)) * pixels.squareRoot()
        }

        /// Halves at the weighted median along its widest channel.
        func split() -> (Box, Box) {
            let sorted = entries.sorted { $0.channel(channel) < $1.channel(channel) }
            let half = pixels / 2
            var sum = 0.0, cut = 1
            for (index, entry) in sorted.enumerated() {
                sum += Double(entry.count)
                if sum >= half {
                    cut = min(max(index + 1, 1), sorted.count - 1)
                    break
                }
            }
            return (Box(entries: Array(sorted[..<cut])), Box(entries: Array(sorted[cut...])))
        }

        /// The mean colour of its pixels, 8 bits a channel.
        var average: [UInt8] {
            var sums = (0.0, 0.0, 0.0)
            for entry in entries {
                sums.0 += Double(entry.sums.0)
                sums.1 += Double(entry.sums.1)
                sums.2 += Double(entry.sums.2)
            }
            return [sums.0, sums.1, sums.2].map { UInt8(min(max(($0 / pixels).rounded(), 0), 255)) }
        }
    }
}
