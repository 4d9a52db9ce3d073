/// One contiguous change of the feed, in the terms of
/// `g_list_model_items_changed`: at `position`, `removed` items were
/// replaced by `added` items.
public struct FeedChange: Equatable, Sendable {
    public let position: Int
    public let removed: Int
    public let added: Int

    public init(position: Int, removed: Int, added: Int) {
        self.position = position
        self.removed = removed
        self.added = added
    }

    /// The smallest change that turns `old` into `new`: everything between
    /// their common beginning and common end. Nil when they are equal.
    public init?(from old: [VideoItem], to new: [VideoItem]) {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        if prefix == old.count && prefix == new.count { return nil }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
              old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        self.init(position: prefix, removed: old.count - prefix - suffix, added: new.count - prefix - suffix)
    }
}
