/// How a video fills its view (the seeds' content modes), applied when
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
