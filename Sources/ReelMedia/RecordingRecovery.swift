import Foundation
import GLibKit
import ReelCore

/// Recordings a crash (or a power cut) left behind: hidden working files in
/// Videos/Reel. Each is made a plain MP4 where it can be (else kept as it
/// is, since it plays) and given its visible name, so the clip shows up in
/// the feed. Runs once at start-up, on a worker thread, before any new
/// recording can start.
public enum RecordingRecovery {
    /// Calls `done` on the main thread with the paths recovered (often none).
    public static func recover(in folder: String = CaptureFile.folder(for: .recording),
                               _ done: @escaping ([String]) -> Void) {
        let handler = MainThreadHandler(done)
        BackgroundThread.start {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            var recovered: [String] = []
            for name in names.sorted() where name.hasPrefix(".Recording ") {
                let path = "\(folder)/\(name)"
                // A plain copy that was being made when the app stopped.
                if name.hasSuffix(".part") {
                    unlink(path)
                    continue
                }
                guard name.hasSuffix(".mp4") || name.hasSuffix(".webm") else { continue }
                if name.hasSuffix(".mp4") { _ = RecordingFinisher.makePlain(path, withSound: true) }
                if let published = try? CaptureFile.publish(path) {
                    recovered.append(published)
                    Trace.shared.event(.recordingRecovered, ["path": published])
                }
            }
            let found = recovered
            MainContext.invoke { handler.call(found) }
        }
    }
}
