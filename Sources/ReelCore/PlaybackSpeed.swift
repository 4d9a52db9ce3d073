import Foundation

/// The speeds the menu offers and `[` / `]` step through.
public enum PlaybackSpeed {
    public static let steps: [Double] = [0.5, 0.75, 1, 1.25, 1.5, 2]

    public static func faster(than rate: Double) -> Double {
        steps.first { $0 > rate + 0.001 } ?? steps.last!
    }

    public static func slower(than rate: Double) -> Double {
        steps.last { $0 < rate - 0.001 } ?? steps.first!
    }

    /// "1.25×", "2×" — the menu's and the badge's label.
    public static func label(_ rate: Double) -> String { key(rate) + "×" }

    /// The menu action's target for a rate ("1.25") and back.
    public static func key(_ rate: Double) -> String {
        var text = String(format: "%.2f", rate)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    public static func rate(forKey key: String) -> Double? {
        guard let rate = Double(key), steps.contains(where: { abs($0 - rate) < 0.001 }) else { return nil }
        return rate
    }
}
