import Foundation

/// A TCP server on 127.0.0.1 that accepts every connection and never
/// answers: a web server that hangs. The connections stay open until
/// `stop`, so the client sees no close and no reset, only silence.
final class SilentServer: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    private let lock = NSLock()
    private var accepted: [Int32] = []
    private let stopped = DispatchSemaphore(value: 0)

    init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        guard bound, listen(listener, 16) == 0 else {
            close(listener)
            throw NSError(domain: "SilentServer", code: Int(errno))
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in
            // accept() returns an error once `stop` shuts the listener down.
            while case let connection = accept(listener, nil, nil), connection >= 0 {
                lock.lock()
                accepted.append(connection)
                lock.unlock()
            }
            stopped.signal()
        }
    }

    /// Whether any client connected (and was left waiting).
    var connections: Int {
        lock.lock()
        defer { lock.unlock() }
        return accepted.count
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        stopped.wait()
        close(listener)
        lock.lock()
        accepted.forEach { close($0) }
        accepted = []
        lock.unlock()
    }
}
