import ReelCore

/// What the feed controller shows its list on: the feed's page in ReelUI
/// (FeedPage), or a test's stand-in, so the controller needs no widget.
/// Which cards are on screen comes back through `FeedController.cardsShown`.
public protocol FeedDisplay: AnyObject {
    /// While sources are still loading, an empty feed says so rather than
    /// "No Videos Yet".
    var isLoading: Bool { get set }
    /// Replaces the whole list (merged and ordered by the library).
    func setItems(_ list: [VideoItem])
    /// One item changed (its metadata or problem), the list did not.
    func update(_ item: VideoItem)
    /// An item's thumbnail is this file.
    func setThumbnail(_ path: String, for id: String)
    /// What was watched: each card's progress line or watched mark (by
    /// item id), and the Continue Watching row's videos, newest first
    /// (empty hides it).
    func showHistory(_ marks: [String: WatchHistory.Mark], row: [VideoItem])
    /// A line of progress above the list (the sample videos being made).
    func showProgress(_ text: String, fraction: Double)
    func hideProgress()
}
