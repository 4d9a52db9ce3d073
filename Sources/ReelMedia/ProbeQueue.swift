/// Discovery for the feed, two at a time, visible cards first.
public typealias ProbeQueue = URIWorkQueue<MediaProbe.Outcome>

extension URIWorkQueue where Outcome == MediaProbe.Outcome {
    public convenience init(probe: MediaProbe = MediaProbe(), workers: Int = 2) {
        self.init(workers: workers) { probe.probe($0) }
    }

    /// Probes in the media worker's process (MediaWorker).
    public convenience init(worker: MediaWorker, workers: Int = 2) {
        self.init(workers: workers) { worker.probe($0) }
    }
}
