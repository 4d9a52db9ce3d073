/// A photo's slow pan and zoom across its length (the "Ken Burns" effect):
/// the part of the photo shown at the start and at the end, each a
/// rectangle in shares of the photo (0…1), moved between with an easing.
/// Off, the photo shows its start framing still.
public struct PanZoom: Equatable, Sendable {
    /// A part of a picture, in shares of its width and height.
    public struct Rect: Equatable, Sendable {
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double

        public init(x: Double, y: Double, width: Double, height: Double) {
            self.width = min(max(width, 0.05), 1)
            self.height = min(max(height, 0.05), 1)
            self.x = min(max(x, 0), 1 - self.width)
            self.y = min(max(y, 0), 1 - self.height)
        }

        public static let whole = Rect(x: 0, y: 0, width: 1, height: 1)

        public func toward(_ end: Rect, _ share: Double) -> Rect {
            Rect(x: x + (end.x - x) * share, y: y + (end.y - y) * share,
                 width: width + (end.width - width) * share, height: height + (end.height - height) * share)
        }

        /// The same rectangle `factor` times as large about its centre (0.8: zoomed in).
        public func scaled(_ factor: Double) -> Rect {
            let newWidth = width * factor, newHeight = height * factor
            return Rect(x: x + (width - newWidth) / 2, y: y + (height - newHeight) / 2, width: newWidth, height: newHeight)
        }
    }

    public var isOn: Bool
    public var start: Rect
    public var end: Rect

    /// How far the default framing zooms in across the photo: to 85 %.
    public static let defaultZoom = 0.85

    public init(isOn: Bool = true, start: Rect = .whole, end: Rect = Rect.whole.scaled(PanZoom.defaultZoom)) {
        self.isOn = isOn
        self.start = start
        self.end = end
    }

    /// The framing for a photo of `photo`'s size in a movie frame of
    /// `frame`'s: a photo of the frame's orientation fills the frame (the
    /// largest part of the frame's shape, centred) and zooms in slowly;
    /// one of the other orientation is shown whole (with bars), as a
    /// clip of that shape would be.
    public static func standard(photo: (width: Int, height: Int), frame: (width: Int, height: Int)) -> PanZoom {
        guard photo.width > 0, photo.height > 0, frame.width > 0, frame.height > 0,
              (photo.width >= photo.height) == (frame.width >= frame.height) else { return PanZoom() }
        let photoShape = Double(photo.width) / Double(photo.height)
        let frameShape = Double(frame.width) / Double(frame.height)
        let fill = photoShape > frameShape
            ? Rect(x: (1 - frameShape / photoShape) / 2, y: 0, width: frameShape / photoShape, height: 1)
            : Rect(x: 0, y: (1 - photoShape / frameShape) / 2, width: 1, height: photoShape / frameShape)
        return PanZoom(start: fill, end: fill.scaled(defaultZoom))
    }

    /// The part of the photo shown `share` (0…1) of the way through it.
    public func framing(at share: Double) -> Rect {
        isOn ? start.toward(end, Easing.easeInOut(share)) : start
    }

    /// One end of a framing as the movie page sets it: how close (a share
    /// of the standard framing's size, about its centre: 1 as it is, 0.5
    /// twice as close; within 0.2…1) and where it sits in the photo, as
    /// shares of the room it has to move across and down (0 the left or
    /// top edge, 0.5 centred, 1 the right or bottom edge).
    public struct Framing: Equatable, Sendable {
        public var zoom: Double
        public var across: Double
        public var down: Double

        public init(zoom: Double, across: Double = 0.5, down: Double = 0.5) {
            self.zoom = min(max(zoom, 0.2), 1)
            self.across = min(max(across, 0), 1)
            self.down = min(max(down, 0), 1)
        }

        /// The rectangle of the photo it shows, from the standard one.
        func rect(from base: Rect) -> Rect {
            let size = base.scaled(zoom)
            return Rect(x: across * (1 - size.width), y: down * (1 - size.height), width: size.width, height: size.height)
        }

        /// How `rect` reads as a framing of `base`.
        init(_ rect: Rect, of base: Rect) {
            let room = (across: 1 - rect.width, down: 1 - rect.height)
            self.init(zoom: base.width > 0 ? rect.width / base.width : 1,
                      across: room.across > 1e-9 ? rect.x / room.across : 0.5,
                      down: room.down > 1e-9 ? rect.y / room.down : 0.5)
        }
    }

    /// The pan and zoom from `start` to `end` for a photo of `photo`'s
    /// size in a frame of `frame`'s.
    public static func framed(start: Framing, end: Framing, photo: (width: Int, height: Int),
                              frame: (width: Int, height: Int)) -> PanZoom {
        let base = standard(photo: photo, frame: frame).start
        return PanZoom(start: start.rect(from: base), end: end.rect(from: base))
    }

    /// Its start and end as `framed` takes them.
    public func framings(photo: (width: Int, height: Int), frame: (width: Int, height: Int)) -> (start: Framing, end: Framing) {
        let base = PanZoom.standard(photo: photo, frame: frame).start
        return (Framing(start, of: base), Framing(end, of: base))
    }
}
