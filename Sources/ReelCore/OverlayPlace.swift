/// Where a text or picture sits in the movie's frame: its centre as a share
/// of the frame's width and height (0…1, (0.5, 0.5) the middle), and its
/// size as a share: a picture's width of the frame's width, a text's
/// scale of its own font size (1 as set). In shares, so a place holds at
/// every output size and shape.
public struct OverlayPlace: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public var scale: Double

    public static let centre = OverlayPlace(x: 0.5, y: 0.5)

    public init(x: Double, y: Double, scale: Double = 1) {
        self.x = min(max(x, 0), 1)
        self.y = min(max(y, 0), 1)
        self.scale = min(max(scale, OverlayPlace.smallest), OverlayPlace.largest)
    }

    public static let smallest = 0.02
    public static let largest = 4.0

    /// The place `share` (0…1) of the way from this one to `end`.
    public func toward(_ end: OverlayPlace, _ share: Double) -> OverlayPlace {
        OverlayPlace(x: x + (end.x - x) * share, y: y + (end.y - y) * share, scale: scale + (end.scale - scale) * share)
    }

    /// The share of the frame's height kept clear at the top and bottom,
    /// and of its width at the sides: where a television may crop (the
    /// title-safe area, 5 % each side).
    public static let safeMargin = 0.05

    /// How near (a share of the frame) a dragged centre must come to a
    /// guide to snap onto it.
    public static let snapDistance = 0.02

    /// A dragged place snapped to the frame's centre lines and, for an
    /// item of `size` (width and height as shares of the frame), to the
    /// safe margins: an item's edge that comes near one sits on it.
    public func snapped(size: (width: Double, height: Double)) -> OverlayPlace {
        func snap(_ centre: Double, _ extent: Double) -> Double {
            let half = extent / 2
            let guides = [(0.5, centre), (OverlayPlace.safeMargin + half, centre),
                          (1 - OverlayPlace.safeMargin - half, centre)]
            let nearest = guides.map { ($0.0, abs($0.0 - $0.1)) }.min { $0.1 < $1.1 }!
            return nearest.1 <= OverlayPlace.snapDistance ? nearest.0 : centre
        }
        return OverlayPlace(x: snap(x, size.width), y: snap(y, size.height), scale: scale)
    }
}
