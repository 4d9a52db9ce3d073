/// How a video clip's picture is turned, mirrored, cut and put into the
/// movie's frame. It applies to the picture as displayed (the file's own
/// rotation tag first: a clip's size is its upright one), in this order:
/// turned by quarter turns clockwise, mirrored left to right, cropped;
/// then the kept picture is fitted whole inside the frame (bars where the
/// shapes differ) or fills it, what overflows cut around `focus`.
///
/// Every change is to the picture as it is seen: turning a cropped clip
/// turns its crop with it, flipping moves the crop and the focus across.
public struct ClipFraming: Equatable, Sendable {
    /// Shares of the turned picture cut from each edge.
    public struct Crop: Equatable, Sendable {
        public var left: Double
        public var top: Double
        public var right: Double
        public var bottom: Double

        public init(left: Double = 0, top: Double = 0, right: Double = 0, bottom: Double = 0) {
            self.left = left
            self.top = top
            self.right = right
            self.bottom = bottom
        }

        public static let none = Crop()

        /// Kept within the picture, at least `ClipFraming.smallestKept` of
        /// each side left (one edge is given back what both would take).
        func clamped() -> Crop {
            func limit(_ a: Double, _ b: Double) -> (Double, Double) {
                let most = 1 - ClipFraming.smallestKept
                let a = min(max(a, 0), most)
                return (a, min(max(b, 0), most - a))
            }
            let (l, r) = limit(left, right), (t, b) = limit(top, bottom)
            return Crop(left: l, top: t, right: r, bottom: b)
        }
    }

    /// A point of the kept picture as shares of its width and height.
    public struct Point: Equatable, Sendable {
        public var x: Double
        public var y: Double

        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }

        public static let centre = Point(x: 0.5, y: 0.5)
    }

    /// Pixels cut from each edge of the turned picture.
    public struct Insets: Equatable, Sendable {
        public let left: Int
        public let top: Int
        public let right: Int
        public let bottom: Int

        public static let none = Insets(left: 0, top: 0, right: 0, bottom: 0)
        public var isNone: Bool { self == .none }
    }

    /// Quarter turns clockwise, 0 to 3.
    public private(set) var quarterTurns: Int
    /// Mirrored left to right, after turning.
    public private(set) var mirrored: Bool
    public var crop: Crop { didSet { crop = crop.clamped() } }
    /// Fill the frame (cutting what overflows) rather than fit it whole.
    public var fill: Bool
    /// With `fill`: the point of the kept picture brought to the frame's
    /// centre, as far as the picture reaches (no bars ever show).
    public var focus: Point { didSet { focus = Point(x: min(max(focus.x, 0), 1), y: min(max(focus.y, 0), 1)) } }

    /// The least share of a side a crop keeps.
    public static let smallestKept = 0.1

    public init(quarterTurns: Int = 0, mirrored: Bool = false, crop: Crop = .none, fill: Bool = false,
                focus: Point = .centre) {
        self.quarterTurns = ((quarterTurns % 4) + 4) % 4
        self.mirrored = mirrored
        self.crop = crop.clamped()
        self.fill = fill
        self.focus = Point(x: min(max(focus.x, 0), 1), y: min(max(focus.y, 0), 1))
    }

    /// The picture as the file shows it, whole and fitted.
    public static let original = ClipFraming()

    public var isOriginal: Bool { self == .original }

    /// Whether the picture is turned or mirrored at all.
    public var isReoriented: Bool { quarterTurns != 0 || mirrored }

    /// Turns the picture as seen a quarter clockwise (or back).
    public mutating func turn(clockwise: Bool) {
        // Turning after a mirror is the mirror after turning the other way.
        let step = (clockwise != mirrored) ? 1 : 3
        quarterTurns = (quarterTurns + step) % 4
        let c = crop
        crop = clockwise ? Crop(left: c.bottom, top: c.left, right: c.top, bottom: c.right)
                         : Crop(left: c.top, top: c.right, right: c.bottom, bottom: c.left)
        focus = clockwise ? Point(x: 1 - focus.y, y: focus.x) : Point(x: focus.y, y: 1 - focus.x)
    }

    /// Mirrors the picture as seen left to right.
    public mutating func flipHorizontally() {
        mirrored.toggle()
        crop = Crop(left: crop.right, top: crop.top, right: crop.left, bottom: crop.bottom)
        focus = Point(x: 1 - focus.x, y: focus.y)
    }

    /// Mirrors the picture as seen top to bottom: a half turn and a mirror.
    public mutating func flipVertically() {
        mirrored.toggle()
        quarterTurns = (quarterTurns + 2) % 4
        crop = Crop(left: crop.left, top: crop.bottom, right: crop.right, bottom: crop.top)
        focus = Point(x: focus.x, y: 1 - focus.y)
    }

    /// Where a point of a picture of `size` (as displayed) lands once the
    /// picture is turned and mirrored, as an affine map: x' = xx·x + xy·y +
    /// x0, y' = yx·x + yy·y + y0 (cairo's matrix), for drawing the picture
    /// as the movie shows it (the timeline's tiles).
    public func turnedMap(_ size: (width: Int, height: Int))
        -> (xx: Double, yx: Double, xy: Double, yy: Double, x0: Double, y0: Double) {
        let w = Double(size.width), h = Double(size.height)
        var map: (xx: Double, yx: Double, xy: Double, yy: Double, x0: Double, y0: Double)
        switch quarterTurns {
        case 1: map = (0, 1, -1, 0, h, 0)
        case 2: map = (-1, 0, 0, -1, w, h)
        case 3: map = (0, -1, 1, 0, 0, w)
        default: map = (1, 0, 0, 1, 0, 0)
        }
        if mirrored {
            map = (-map.xx, map.yx, -map.xy, map.yy, Double(turned(size).width) - map.x0, map.y0)
        }
        return map
    }

    /// The size after turning a picture of `size` (as displayed).
    public func turned(_ size: (width: Int, height: Int)) -> (width: Int, height: Int) {
        quarterTurns % 2 == 1 ? (size.height, size.width) : size
    }

    /// `cut` (in the turned picture's pixels) in the pixels of the picture
    /// of `size` as displayed, before it is turned: cutting that and then
    /// turning keeps the same part, and turns a smaller picture.
    public func unturnedCut(_ cut: Insets, of size: (width: Int, height: Int)) -> Insets {
        let turned = self.turned(size), m = turnedMap(size)
        // The map turns and mirrors: its inverse is its transpose.
        func back(_ x: Int, _ y: Int) -> (x: Int, y: Int) {
            let u = Double(x) - m.x0, v = Double(y) - m.y0
            return (Int((m.xx * u + m.yx * v).rounded()), Int((m.xy * u + m.yy * v).rounded()))
        }
        let a = back(cut.left, cut.top), b = back(turned.width - cut.right, turned.height - cut.bottom)
        return Insets(left: min(a.x, b.x), top: min(a.y, b.y),
                      right: size.width - max(a.x, b.x), bottom: size.height - max(a.y, b.y))
    }

    /// What the crop cuts from a picture of `size` (as displayed), in the
    /// turned picture's pixels: even numbers (4:2:0 video has one colour
    /// sample per 2×2), at least 2 pixels kept each way.
    public func cropInsets(_ size: (width: Int, height: Int)) -> Insets {
        let turned = self.turned(size)
        func cut(_ share: Double, _ length: Int) -> Int { Int((share * Double(length) / 2).rounded()) * 2 }
        var insets = Insets(left: cut(crop.left, turned.width), top: cut(crop.top, turned.height),
                            right: cut(crop.right, turned.width), bottom: cut(crop.bottom, turned.height))
        if turned.width - insets.left - insets.right < 2 || turned.height - insets.top - insets.bottom < 2 {
            insets = .none
        }
        return insets
    }

    /// The kept picture's size: turned and cropped (before any fill).
    public func kept(_ size: (width: Int, height: Int)) -> (width: Int, height: Int) {
        let turned = self.turned(size), insets = cropInsets(size)
        return (turned.width - insets.left - insets.right, turned.height - insets.top - insets.bottom)
    }

    /// What is cut from the turned picture (the crop, and with `fill` what
    /// overflows `frame` around the focus), and where the rest goes in the
    /// frame (x, y, width, height in the frame's pixels).
    public func placement(of size: (width: Int, height: Int), in frame: (width: Int, height: Int))
        -> (cut: Insets, picture: (x: Int, y: Int, width: Int, height: Int)) {
        var cut = cropInsets(size)
        let kept = self.kept(size)
        guard fill, kept.width > 0, kept.height > 0, frame.width > 0, frame.height > 0 else {
            return (cut, MovieSize.fit(kept, into: frame))
        }
        // The frame's shape inside the kept picture, as large as it goes,
        // its centre as near the focus as the picture allows.
        let wider = kept.width * frame.height > frame.width * kept.height
        let width = wider ? max(even(kept.height * frame.width / frame.height), 2) : kept.width
        let height = wider ? kept.height : max(even(kept.width * frame.height / frame.width), 2)
        func start(_ focus: Double, _ whole: Int, _ part: Int) -> Int {
            even(min(max(Int((focus * Double(whole)).rounded()) - part / 2, 0), whole - part))
        }
        let x = start(focus.x, kept.width, width), y = start(focus.y, kept.height, height)
        cut = Insets(left: cut.left + x, top: cut.top + y, right: cut.right + kept.width - x - width,
                     bottom: cut.bottom + kept.height - y - height)
        // The whole frame: the part kept is its shape within a pixel or
        // two, which fitting would show as thin bars.
        return (cut, (0, 0, frame.width, frame.height))
    }

    private func even(_ value: Int) -> Int { value / 2 * 2 }
}
