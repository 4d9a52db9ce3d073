import CGLib
import CGst
import Foundation
import GLibKit

/// Turns a fragmented MP4 (what a recording is while it runs, so a crash
/// loses at most a second) into a plain one with a single index, which
/// every player seeks in quickly and reports the length of. The streams are
/// copied, not encoded again; the result replaces the file only once it is
/// complete. Worker thread.
enum RecordingFinisher {
    /// `withSound`: the file has an audio track (a crash's leftover is
    /// assumed to; without one, the copy fails and the file stays as it is).
    static func makePlain(_ path: String, withSound: Bool) -> Bool {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = "\(folder)/\(name.hasPrefix(".") ? "" : ".")\(name).part"
        // Unbounded queues: the demuxer reads a fragment's video, then its
        // sound, from one thread; a bounded queue would stall it, and the
        // muxer waiting for the other stream would stall with it.
        let queue = "queue max-size-buffers=0 max-size-bytes=0 max-size-time=0"
        let sound = withSound ? " demux.audio_0 ! \(queue) ! aacparse ! mux." : ""
        guard let pipeline = try? LaunchPipeline(
            "filesrc name=in ! qtdemux name=demux demux.video_0 ! \(queue) ! h264parse ! mp4mux name=mux ! filesink name=out"
                + sound)
        else { return false }
        pipeline.set("in", "location", string: path)
        pipeline.set("out", "location", string: temporary)
        let end = pipeline.runToEnd(timeout: 300) { false }
        pipeline.setState(GST_STATE_NULL)
        guard end == .finished, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }
}
