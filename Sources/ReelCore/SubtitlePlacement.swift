/// Where a subtitle line shows in the picture, as an ASS script says it: one
/// of nine alignments (top, middle or bottom; left, centre or right) with
/// margins from the picture's edges, or a point the line's aligned edge is
/// put at (`\pos`). Margins and the point are fractions of the picture, so
/// the line moves with the picture as it is scaled (the player, the mini
/// window). A cue with no placement shows where lines show by default.
public struct SubtitlePlacement: Hashable, Sendable {
    /// Which edge of the line is aligned: left or top, the centre, right or bottom.
    public enum Edge: Hashable, Sendable {
        case start, centre, end
    }

    public struct Point: Hashable, Sendable {
        public var x, y: Double
        public init(x: Double, y: Double) { self.x = x; self.y = y }
    }

    public var horizontal: Edge
    public var vertical: Edge
    /// The room kept at the left and right (fractions of the picture's
    /// width) and at the top or bottom (of its height; none in the middle).
    public var left, right, verticalMargin: Double
    /// The point the aligned edges are put at, in place of the margins.
    public var point: Point?

    public init(horizontal: Edge, vertical: Edge, left: Double = 0, right: Double = 0, verticalMargin: Double = 0,
                point: Point? = nil) {
        self.horizontal = horizontal
        self.vertical = vertical
        self.left = left
        self.right = right
        self.verticalMargin = verticalMargin
        self.point = point
    }

    /// A numpad alignment (1 bottom left … 9 top right, as ASS's `\an`);
    /// anything else is bottom centre.
    public init(numpad: Int, left: Double = 0, right: Double = 0, verticalMargin: Double = 0, point: Point? = nil) {
        let alignment = (1...9).contains(numpad) ? numpad : 2
        let edges: [Edge] = [.start, .centre, .end]
        self.init(horizontal: edges[(alignment - 1) % 3], vertical: [Edge.end, .centre, .start][(alignment - 1) / 3],
                  left: left, right: right, verticalMargin: verticalMargin, point: point)
    }

    /// Whether lines placed by `one` and `other` show in one label: at
    /// one alignment (margins aside: two bottom lines of styles with other
    /// margins would overlap in two labels), or at one point.
    public static func together(_ one: SubtitlePlacement?, _ other: SubtitlePlacement?) -> Bool {
        guard let one, let other else { return one == nil && other == nil }
        return one.horizontal == other.horizontal && one.vertical == other.vertical && one.point == other.point
    }

    /// The line's margins in a view, for a widget aligned by `horizontal`
    /// and `vertical` (an overlay's child): `start` and `end` from the
    /// view's left and right, `top` and `bottom` from its top and bottom.
    public struct Margins: Equatable, Sendable {
        public var start, end, top, bottom: Double
    }

    /// The margins that put the line where it belongs in `picture` (the
    /// part of a `width` × `height` view the picture shows in). A line
    /// aligned to a side or centred keeps inside its margins, so it wraps
    /// there. A line at a point takes its `size` (its natural width within
    /// the view, its height at that width), moved as little as it takes to
    /// stay in the view; with no size, it may use the view up to the point.
    /// The line keeps `side` from the view's left and right (not at a
    /// point), a bottom line at least `bottom` from the view's bottom and a
    /// top line `top` from its top (the controls).
    public func margins(in picture: ContentMode.Rect, width: Double, height: Double,
                        side: Double = 0, top: Double = 0, bottom: Double = 0,
                        size: (width: Double, height: Double)? = nil) -> Margins {
        func span(_ anchor: Double, _ low: Double, _ high: Double, _ edge: Edge, _ size: Double) -> (Double, Double) {
            let low = max(0, low), high = max(low, min(size, high))
            let anchor = min(max(anchor, low), high)
            switch edge {
            case .start: return (anchor, size - high)
            case .end: return (low, size - anchor)
            case .centre:
                let half = min(anchor - low, high - anchor)
                return (anchor - half, size - anchor - half)
            }
        }
        let horizontalSpan: (Double, Double)
        let verticalSpan: (Double, Double)
        // The share of the line before its aligned edge.
        func before(_ edge: Edge) -> Double { edge == .start ? 0 : edge == .centre ? 0.5 : 1 }
        if let point, let size {
            // Kept whole, in the view and clear of the controls' room.
            func place(_ anchor: Double, _ extent: Double, _ edge: Edge, _ room: Double, _ low: Double,
                       _ high: Double) -> (Double, Double) {
                let extent = min(extent, room)
                let begin = min(max(min(anchor - extent * before(edge), room - high - extent), low, 0), room - extent)
                return (begin, room - begin - extent)
            }
            horizontalSpan = place(picture.x + point.x * picture.width, size.width, horizontal, width, 0, 0)
            verticalSpan = place(picture.y + point.y * picture.height, size.height, vertical, height,
                                 vertical == .start ? top : 0, vertical == .end ? bottom : 0)
            return Margins(start: horizontalSpan.0, end: horizontalSpan.1, top: verticalSpan.0, bottom: verticalSpan.1)
        } else if let point {
            horizontalSpan = span(picture.x + point.x * picture.width, 0, width, horizontal, width)
            verticalSpan = span(picture.y + point.y * picture.height, 0, height, vertical, height)
        } else {
            let low = picture.x + left * picture.width, high = picture.x + picture.width * (1 - right)
            let x = horizontal == .start ? low : horizontal == .end ? high : (low + high) / 2
            horizontalSpan = span(x, low, high, horizontal, width)
            let y = vertical == .start ? picture.y + verticalMargin * picture.height
                : vertical == .end ? picture.y + picture.height * (1 - verticalMargin) : picture.y + picture.height / 2
            verticalSpan = span(y, 0, height, vertical, height)
        }
        var margins = Margins(start: horizontalSpan.0, end: horizontalSpan.1, top: verticalSpan.0, bottom: verticalSpan.1)
        if point == nil {
            margins.start = max(margins.start, side)
            margins.end = max(margins.end, side)
        }
        if vertical == .end { margins.bottom = max(margins.bottom, bottom) }
        if vertical == .start { margins.top = max(margins.top, top) }
        // Margins wider than the view (a script's own, in a narrow window)
        // still leave the line a fifth of it.
        let sides = margins.start + margins.end
        if sides > width * 0.8, sides > 0 {
            margins.start *= width * 0.8 / sides
            margins.end *= width * 0.8 / sides
        }
        return margins
    }
}
