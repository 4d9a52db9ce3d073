/// Where the picture-in-picture window sits and how big it is: 320 px wide
/// at the bottom-right of the work area by default, always the video's
/// aspect ratio, never off screen, and which edge a press near its border
/// resizes (the window has no frame of its own to grab).
public struct MiniWindowGeometry: Equatable, Sendable {
    public struct Rect: Equatable, Sendable {
        public var x, y, width, height: Int
        public init(x: Int, y: Int, width: Int, height: Int) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    /// The eight resize handles, named as GdkSurfaceEdge names them.
    public enum Edge: Equatable, Sendable {
        case northWest, north, northEast, west, east, southWest, south, southEast
    }

    public static let defaultWidth = 320
    public static let minimumWidth = 200
    public static let minimumHeight = 112
    /// Space kept between the window and the work area's edges.
    public static let margin = 24
    /// How far in from the border a press resizes instead of moving.
    public static let grip = 10

    /// The window's size for `width` at `aspect` (width / height), kept
    /// between the minimum and the work area.
    public static func size(width: Int, aspect: Double, within area: Rect) -> (width: Int, height: Int) {
        let aspect = aspect.isFinite && aspect > 0 ? aspect : 16.0 / 9.0
        let widest = max(minimumWidth, min(area.width - 2 * margin, Int((Double(area.height - 2 * margin) * aspect).rounded(.down))))
        var w = min(max(width, minimumWidth), widest)
        var h = Int((Double(w) / aspect).rounded())
        if h < minimumHeight {
            h = minimumHeight
            w = Int((Double(h) * aspect).rounded())
        }
        return (w, h)
    }

    /// After the user or the window manager resized the window to `now`
    /// (from `before`), the size with the video's aspect: the side that
    /// changed more wins, so dragging either edge works.
    public static func corrected(now: (width: Int, height: Int), before: (width: Int, height: Int),
                                 aspect: Double, within area: Rect) -> (width: Int, height: Int) {
        let widthChange = abs(now.width - before.width)
        let heightChange = abs(now.height - before.height)
        let width = heightChange > widthChange ? Int((Double(now.height) * aspect).rounded()) : now.width
        return size(width: width, aspect: aspect, within: area)
    }

    /// The default place: bottom-right of the work area, inside the margin.
    public static func defaultOrigin(size: (width: Int, height: Int), within area: Rect) -> (x: Int, y: Int) {
        (area.x + area.width - margin - size.width, area.y + area.height - margin - size.height)
    }

    /// A remembered place made usable: nil (never saved) means the default;
    /// a place from a bigger or vanished monitor is pulled back so the whole
    /// window shows.
    public static func origin(saved: (x: Int, y: Int)?, size: (width: Int, height: Int), within area: Rect) -> (x: Int, y: Int) {
        guard let saved else { return defaultOrigin(size: size, within: area) }
        let x = min(max(saved.x, area.x), area.x + max(0, area.width - size.width))
        let y = min(max(saved.y, area.y), area.y + max(0, area.height - size.height))
        return (x, y)
    }

    /// The resize edge under a press at (x, y) in a window of `size`, or nil
    /// where a press moves the window.
    public static func edge(atX x: Double, y: Double, size: (width: Int, height: Int)) -> Edge? {
        let g = Double(grip)
        let left = x < g, right = x > Double(size.width) - g
        let top = y < g, bottom = y > Double(size.height) - g
        switch (top, bottom, left, right) {
        case (true, _, true, _): return .northWest
        case (true, _, _, true): return .northEast
        case (_, true, true, _): return .southWest
        case (_, true, _, true): return .southEast
        case (true, _, _, _): return .north
        case (_, true, _, _): return .south
        case (_, _, true, _): return .west
        case (_, _, _, true): return .east
        default: return nil
        }
    }
}
