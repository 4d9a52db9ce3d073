/// Thumbnails for the feed, two at a time, visible cards first.
public typealias ThumbnailQueue = URIWorkQueue<Thumbnailer.Outcome>

extension URIWorkQueue where Outcome == Thumbnailer.Outcome {
    public convenience init(thumbnailer: Thumbnailer = Thumbnailer(), workers: Int = 2) {
        self.init(workers: workers) { thumbnailer.thumbnail(for: $0) }
    }

    /// Thumbnails in the media worker's process (MediaWorker).
    public convenience init(worker: MediaWorker, workers: Int = 2) {
        self.init(workers: workers) { worker.thumbnail($0) }
    }
}
