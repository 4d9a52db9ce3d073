import ReelCore

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

    /// Probes of web entries that ask `servers` before each request and
    /// tell it each answer on the worker, so a failing server is left
    /// alone from its third failure in a row on, whatever the main thread
    /// is doing (ServerBackoff).
    public convenience init(worker: MediaWorker, workers: Int = 2, servers: ServerGate) {
        self.init(workers: workers, servers: servers) { worker.probe($0) }
    }

    convenience init(workers: Int, servers: ServerGate, probe: @escaping @Sendable (String) -> MediaProbe.Outcome) {
        self.init(workers: workers, admits: { servers.mayAsk($0) }) { uri in
            let outcome = probe(uri)
            if let host = ServerGate.host(of: uri) {
                if case .problem(let problem) = outcome {
                    servers.record(host, problem: problem)
                } else {
                    servers.record(host, problem: nil)
                }
            }
            return outcome
        }
    }
}
