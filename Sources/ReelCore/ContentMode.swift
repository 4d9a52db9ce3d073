/// How a video fills its view (like a mobile player's content modes), applied when
/// drawing: changing it never renegotiates the pipeline.
public enum ContentMode: String, CaseIterable, Sendable {
    /// The whole picture, letterboxed or pillarboxed.
    case fit
    /// The view is covered; the overflow is cropped.
    case fill
    /// The view is covered; the picture is distorted to its shape.
    case stretch

    /// A rectangle in view coordinates.
    public struct Rect: Equatable, Sendable {
        public var x, y, width, height: Double
        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x; self.y = y; self.width = width; self.height = height
        }
    }

    /// Where a picture of `aspect` (width / height) is drawn in a view of
    /// `width` × `height`, centred. A rectangle larger than the view (fill)
    /// is clipped by the caller.
    public func placement(aspect: Double, width: Double, height: Double) -> Rect {
        guard aspect > 0, width > 0, height > 0, self != .stretch else {
            return Rect(x: 0, y: 0, width: max(width, 0), height: max(height, 0))
        }
        let viewAspect = width / height
        let widerThanView = aspect > viewAspect
        let drawWidth: Double
        let drawHeight: Double
        if widerThanView == (self == .fit) {
            drawWidth = width
            drawHeight = width / aspect
        } else {
            drawHeight = height
            drawWidth = height * aspect
        }
        return Rect(x: (width - drawWidth) / 2, y: (height - drawHeight) / 2, width: drawWidth, height: drawHeight)
    }

    /// The parts of a `width` × `height` view that `picture` leaves
    /// uncovered (letterbox or pillarbox bars), slightly overlapping the
    /// picture so no seam of background shows at fractional edges.
    public static func bars(around picture: Rect, width: Double, height: Double) -> [Rect] {
        var bars: [Rect] = []
        let top = max(0, picture.y), bottom = min(height, picture.y + picture.height)
        let left = max(0, picture.x), right = min(width, picture.x + picture.width)
        if top > 0 { bars.append(Rect(x: 0, y: 0, width: width, height: top.rounded(.up))) }
        if bottom < height {
            let y = bottom.rounded(.down)
            bars.append(Rect(x: 0, y: y, width: width, height: height - y))
        }
        if left > 0 { bars.append(Rect(x: 0, y: top, width: left.rounded(.up), height: bottom - top)) }
        if right < width {
            let x = right.rounded(.down)
            bars.append(Rect(x: x, y: top, width: width - x, height: bottom - top))
        }
        return bars
    }

    /// The next mode, for the `a` key.
    public var next: ContentMode {
        let all = ContentMode.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }

    /// Untranslated menu label; the UI passes it through gettext.
    public var title: String {
        switch self {
        case .fit: return N_("Fit")
        case .fill: return N_("Fill")
        case .stretch: return N_("Stretch")
        }
    }
}
