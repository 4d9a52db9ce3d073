import Foundation
import GLibKit
import ReelCore

/// The other end of MediaWorker: `reel --media-worker` reads requests, one
/// JSON line each, on its standard input, probes or thumbnails each on a
/// thread of its own, and writes each answer as a line on its standard
/// output. It ends when its input does (the app quit or died) and the
/// requests under way are answered.
///
/// `REEL_MEDIA_WORKER_CRASH_ON=TEXT` (tests only) makes it abort on a video
/// whose address contains TEXT, as a crashing decoder would;
/// `REEL_MEDIA_WORKER_CRITICAL_ON=TEXT` makes it log a CRITICAL there, as a
/// broken call into GLib or GStreamer would (the UI tests' end check must
/// catch both).
public enum MediaWorkerService {
    public static func run() -> Int32 {
        do {
            try MediaSystem.initialize()
        } catch {
            FileHandle.standardError.write(Data("reel: GStreamer could not start: \(error)\n".utf8))
            return 1
        }
        let environment = ProcessInfo.processInfo.environment
        let crashOn = environment["REEL_MEDIA_WORKER_CRASH_ON"].flatMap { $0.isEmpty ? nil : $0 }
        let criticalOn = environment["REEL_MEDIA_WORKER_CRITICAL_ON"].flatMap { $0.isEmpty ? nil : $0 }
        let output = Output()
        let working = DispatchGroup()
        while let line = readLine(strippingNewline: true) {
            guard let request = try? JSONDecoder().decode(MediaWorkerRequest.self, from: Data(line.utf8)) else { continue }
            working.enter()
            Thread.detachNewThread {
                defer { working.leave() }
                if let crashOn, request.uri.contains(crashOn) { abort() }
                if let criticalOn, request.uri.contains(criticalOn) {
                    Log.write(.critical, domain: AppInfo.logDomain, "a test asked for a CRITICAL on \(request.uri)")
                }
                let result: Data?
                switch request.operation {
                case .probe:
                    // A web video: its thumbnail's download tells what the
                    // probe would (one request to its server, not two).
                    let outcome = Thumbnailer().card(for: request.uri).map(MediaProbe.Outcome.video)
                        ?? MediaProbe().probe(request.uri)
                    result = try? JSONEncoder().encode(outcome)
                case .thumbnail: result = try? JSONEncoder().encode(Thumbnailer().thumbnail(for: request.uri))
                }
                output.write(MediaWorkerAnswer(id: request.id, result: result ?? Data()))
            }
        }
        // What was asked before the input ended is still answered.
        working.wait()
        return 0
    }

    /// Answers from several threads, a whole line at a time.
    private final class Output: @unchecked Sendable {
        private let lock = NSLock()

        func write(_ answer: MediaWorkerAnswer) {
            guard var line = try? JSONEncoder().encode(answer) else { return }
            line.append(0x0A)
            lock.lock()
            defer { lock.unlock() }
            line.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let written = Foundation.write(1, bytes.baseAddress! + offset, bytes.count - offset)
                    if written <= 0 { return }
                    offset += written
                }
            }
        }
    }
}
