/// What an overlay looks like at one moment: where and how large
/// (`place`, after any move), how opaque, how far an entrance or exit has
/// slid it, and for typing how many characters show. The media layer draws
/// exactly this, in the preview and in the export alike.
public struct OverlayState: Equatable, Sendable {
    public var place: OverlayPlace
    public var opacity: Double
    /// The edge it is sliding from or to, and how much of the way out it
    /// still is (0: at its place, 1: just beyond the edge).
    public var slide: (edge: OverlayAnimation.Edge, remaining: Double)?
    /// Scale for grow (1: its size).
    public var growth: Double = 1
    /// Typing: the share of the characters shown (nil: all).
    public var typed: Double?

    public init(place: OverlayPlace, opacity: Double) {
        self.place = place
        self.opacity = opacity
    }

    public static func == (a: OverlayState, b: OverlayState) -> Bool {
        a.place == b.place && a.opacity == b.opacity && a.growth == b.growth && a.typed == b.typed
            && a.slide?.edge == b.slide?.edge && a.slide?.remaining == b.slide?.remaining
    }

    /// Whether anything of it shows.
    public var isVisible: Bool { opacity > 0.001 && growth > 0.001 && typed.map { $0 > 0 } ?? true }

    /// How many of `count` characters show.
    public func characters(of count: Int) -> Int {
        guard let typed else { return count }
        return min(max(Int((typed * Double(count)).rounded()), 0), count)
    }

    /// Its centre in shares of the frame for an item `size` large (width
    /// and height as shares of the frame, at its scale): its place, moved
    /// toward an edge by the slide until wholly past it.
    public func centre(size: (width: Double, height: Double)) -> (x: Double, y: Double) {
        var x = place.x, y = place.y
        if let slide {
            switch slide.edge {
            case .left: x -= (place.x + size.width / 2) * slide.remaining
            case .right: x += (1 - place.x + size.width / 2) * slide.remaining
            case .top: y -= (place.y + size.height / 2) * slide.remaining
            case .bottom: y += (1 - place.y + size.height / 2) * slide.remaining
            }
        }
        return (x, y)
    }

    /// An entrance or exit `amount` of the way in (0 out, 1 in).
    mutating func apply(_ kind: OverlayAnimation.Kind, amount: Double, to content: MovieOverlay.Content) {
        switch kind {
        case .none:
            break
        case .fade:
            opacity *= amount
        case .slide(let edge):
            slide = (edge, 1 - amount)
        case .scale:
            growth *= amount
        case .typing:
            if case .text = content {
                typed = min(typed ?? 1, amount)
            } else {
                opacity *= amount
            }
        }
    }
}
