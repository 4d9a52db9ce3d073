import Foundation

/// A real nginx on 127.0.0.1 serving a temp folder, for ReelMedia's HTTP
/// tests. `statuses` answers a path with a status instead of the file;
/// `slowPath` is served at `slowRate` (nginx's units, 1 KB/s unless
/// told). Requests are logged (`requests()`).
final class NginxFixture {
    let root: URL
    let port: Int
    private let work: URL
    private let process = Process()

    /// Serves `files`, written into a fresh folder.
    convenience init(files: [String: Data], statuses: [String: Int] = [:], slowPath: String? = nil,
                     slowRate: String = "1k") throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("reel-nginx-root-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for (name, data) in files { try data.write(to: root.appendingPathComponent(name)) }
        try self.init(root: root, statuses: statuses, slowPath: slowPath, slowRate: slowRate)
    }

    /// Serves an existing folder.
    init(root: URL, statuses: [String: Int] = [:], slowPath: String? = nil, slowRate: String = "1k") throws {
        work = FileManager.default.temporaryDirectory.appendingPathComponent("reel-nginx-\(UUID().uuidString)")
        self.root = root
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        port = NginxFixture.freePort()
        let faults = statuses.map { "location = \($0.key) { return \($0.value); }" }.joined(separator: "\n")
        let slow = slowPath.map { "location = \($0) { limit_rate \(slowRate); }" } ?? ""
        let config = """
        daemon off; master_process off; worker_processes 1;
        pid \(work.path)/nginx.pid; error_log \(work.path)/error.log warn;
        events { worker_connections 1024; }
        http {
            access_log \(work.path)/access.log; client_body_temp_path \(work.path)/body;
            default_type application/octet-stream;
            server { listen 127.0.0.1:\(port); root \(root.path); \(faults) \(slow) }
        }
        """
        try config.write(to: work.appendingPathComponent("nginx.conf"), atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: "/usr/sbin/nginx")
        process.arguments = ["-p", work.path, "-c", work.appendingPathComponent("nginx.conf").path, "-e", work.path + "/error.log"]
        try process.run()
        try waitUntilListening()
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

    /// The request lines logged so far ("GET /a.mp4 HTTP/1.1"). nginx
    /// writes a request's line when it is done with it.
    func requests() -> [String] {
        guard let log = try? String(contentsOf: work.appendingPathComponent("access.log"), encoding: .utf8) else { return [] }
        return log.split(separator: "\n").compactMap { line in
            let quoted = line.split(separator: "\"", omittingEmptySubsequences: false)
            return quoted.count > 2 ? String(quoted[1]) : nil
        }
    }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: work)
    }

    deinit { stop() }

    private func waitUntilListening() throws {
        for _ in 0..<200 {
            if NginxFixture.canConnect(port) { return }
            guard process.isRunning else { break }
            usleep(25_000)
        }
        throw NSError(domain: "NginxFixture", code: 1, userInfo: [NSLocalizedDescriptionKey: "nginx did not start"])
    }

    static func freePort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                _ = bind(fd, $0, length)
                _ = getsockname(fd, $0, &length)
            }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    static func canConnect(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}
