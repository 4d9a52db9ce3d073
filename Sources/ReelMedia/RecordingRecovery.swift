import Foundation
import GLibKit
import ReelCore

/// What a crash (or a power cut, or a quit) left behind in the folders
/// Reel saves videos in: hidden working files. A recording's is made a
/// plain MP4 where it can be (else kept as it is, since it plays) and given
/// its visible name, so the clip shows up in the feed. A movie export's
/// (`MovieRenderer`'s ".Movie …" file) is removed: it stopped before its
/// end, so it is a part of a movie the person never saw finish, and the
/// edit to make it again is kept. Runs once at start-up, on a worker
/// thread, before any new recording or export can start.
public enum RecordingRecovery {
    /// Calls `done` on the main thread with the recordings recovered (often
    /// none). Each folder is looked at once, however often it is given.
    public static func recover(in folders: [String] = [CaptureFile.folder(for: .recording)],
                               _ done: @escaping ([String]) -> Void) {
        let handler = MainThreadHandler(done)
        var unique: [String] = []
        for folder in folders where !unique.contains(folder) { unique.append(folder) }
        let searched = unique
        BackgroundThread.start {
            let found = searched.flatMap { tidy($0) }
            MainContext.invoke { handler.call(found) }
        }
    }

    /// One folder, on the calling thread: the recordings recovered.
    private static func tidy(_ folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var recovered: [String] = []
        for name in names.sorted() {
            let path = "\(folder)/\(name)"
            if CaptureNaming.isWorkingFile(name, of: .movie) {
                unlink(path)
                Trace.shared.event(.movieExportRemoved, ["path": path])
                continue
            }
            guard CaptureNaming.isWorkingFile(name, of: .recording) else { continue }
            // A plain copy that was being made when the app stopped.
            if name.hasSuffix(".part") {
                unlink(path)
                continue
            }
            guard let spec = ContainerSpec.spec(forFileNamed: name) else { continue }
            if spec.needsFinishing { _ = RecordingFinisher.makePlain(path, withSound: true) }
            if let published = try? CaptureFile.publish(path) {
                recovered.append(published)
                Trace.shared.event(.recordingRecovered, ["path": published])
            }
        }
        return recovered
    }
}
