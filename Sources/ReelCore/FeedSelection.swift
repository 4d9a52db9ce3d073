/// The cards chosen in the feed's selection mode, kept in the feed's order.
/// A click on a card toggles it (as in GNOME Files' selection mode, and
/// Ctrl+click anywhere); Shift+click adds every card from the last one
/// clicked (the anchor) to this one; Ctrl+A takes them all. Cards that
/// leave the feed (removed, filtered out) leave the selection too.
public struct FeedSelection: Equatable, Sendable {
    public enum Click: Equatable, Sendable {
        /// A plain click in selection mode, Ctrl+click, Space or Enter.
        case toggle
        /// Shift+click: the range from the anchor.
        case extend
    }

    private var chosen: Set<String> = []
    /// The feed's order, last set with `follow`.
    private var order: [String] = []
    public private(set) var anchor: String?

    public init() {}

    /// The chosen ids in the feed's order.
    public var ids: [String] { order.filter { chosen.contains($0) } }
    public var count: Int { ids.count }
    public var isEmpty: Bool { ids.isEmpty }
    public func contains(_ id: String) -> Bool { chosen.contains(id) && order.contains(id) }

    /// The feed shows these ids now, in this order: chosen cards no longer
    /// shown are let go.
    public mutating func follow(_ shown: [String]) {
        order = shown
        let present = Set(shown)
        chosen.formIntersection(present)
        if let anchor, !present.contains(anchor) { self.anchor = nil }
    }

    public mutating func click(_ id: String, _ kind: Click) {
        guard let index = order.firstIndex(of: id) else { return }
        switch kind {
        case .toggle:
            if chosen.contains(id) { chosen.remove(id) } else { chosen.insert(id) }
            anchor = id
        case .extend:
            guard let anchor, let from = order.firstIndex(of: anchor) else {
                chosen.insert(id)
                self.anchor = id
                return
            }
            // The anchor stays, so a second Shift+click extends from it again.
            chosen.formUnion(order[min(from, index)...max(from, index)])
        }
    }

    public mutating func selectAll() {
        chosen = Set(order)
    }

    public mutating func clear() {
        chosen.removeAll()
        anchor = nil
    }
}
