/// Which videos to blame when the media reader (a process of its own that
/// probes and thumbnails the feed) stops: every video it was reading then
/// is a suspect. A suspect is read again alone, so that a second stop can
/// only be its own: then it is the culprit and is never read again. A
/// suspect read without trouble is cleared.
public struct CrashSuspects: Sendable {
    private var strikes: [String: Int] = [:]
    public private(set) var culprits: Set<String> = []

    public init() {}

    /// The reader stopped while reading `uris`; returns those now known
    /// culprits.
    @discardableResult
    public mutating func readerStopped(while uris: [String]) -> Set<String> {
        var found: Set<String> = []
        for uri in Set(uris) {
            strikes[uri, default: 0] += 1
            if strikes[uri]! >= 2 { found.insert(uri) }
        }
        culprits.formUnion(found)
        return found
    }

    /// Read without trouble: no longer a suspect.
    public mutating func answered(_ uri: String) {
        if !culprits.contains(uri) { strikes[uri] = nil }
    }

    /// Was being read at a stop: to be read alone.
    public func isSuspect(_ uri: String) -> Bool { strikes[uri] != nil && !culprits.contains(uri) }

    public func isCulprit(_ uri: String) -> Bool { culprits.contains(uri) }
}
