import CGLib
import CGst
import Foundation
import GLibKit
import ReelCore

/// The priming of an installed audio encoder, measured once per encoder
/// and rate (`PrimingProbe`): a tenth of a second of work.
enum EncoderPriming {
    private static let lock = NSLock()
    // Read and written under `lock`: exports run on background threads.
    nonisolated(unsafe) private static var measured: [String: Int] = [:]

    /// Samples of priming at `rate`; nil when the probe could not run
    /// (no decoder for the encoder's output).
    static func samples(of encoder: String, rate: Int) -> Int? {
        let key = "\(encoder) \(rate)"
        lock.lock()
        let known = measured[key]
        lock.unlock()
        if let known { return known }
        guard let found = measure(encoder, rate: rate) else { return nil }
        lock.lock()
        measured[key] = found
        lock.unlock()
        return found
    }

    private static func measure(_ encoder: String, rate: Int) -> Int? {
        // decodebin takes the decoder a player would; no container, so
        // nothing tells it to skip the priming.
        guard let pipeline = try? LaunchPipeline("""
            audiotestsrc wave=sine freq=\(PrimingProbe.frequency) volume=\(PrimingProbe.volume) \
            samplesperbuffer=\(max(rate / 10, 1)) num-buffers=4 ! audio/x-raw,format=F32LE,rate=\(rate),channels=2 \
            ! audioconvert ! \(encoder) ! decodebin ! audioconvert ! audio/x-raw,format=F32LE,channels=1 \
            ! appsink name=decoded sync=false
            """), let owner = pipeline.child("decoded") else { return nil }
        guard pipeline.setState(GST_STATE_PLAYING) != GST_STATE_CHANGE_FAILURE else { return nil }
        let decoded = withExtendedLifetime(owner) { pull(cast(owner.object), pipeline) }
        return PrimingProbe.priming(decoded: decoded, rate: rate)
    }

    /// Every sample the appsink gets, one channel, up to its end.
    private static func pull(_ sink: UnsafeMutablePointer<GstAppSink>, _ pipeline: LaunchPipeline) -> [Float] {
        var decoded: [Float] = []
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, gst_app_sink_is_eos(sink) == 0, !pipeline.hasFailed {
            guard let sample = gst_app_sink_try_pull_sample(sink, 100_000_000) else { continue }
            defer { gst_sample_unref(sample) }
            guard let buffer = gst_sample_get_buffer(sample) else { continue }
            var map = GstMapInfo()
            guard gst_buffer_map(buffer, &map, GST_MAP_READ) != 0 else { continue }
            if let data = map.data {
                let floats = UnsafeRawPointer(data).assumingMemoryBound(to: Float.self)
                decoded += UnsafeBufferPointer(start: floats, count: Int(map.size) / MemoryLayout<Float>.size)
            }
            gst_buffer_unmap(buffer, &map)
        }
        return decoded
    }
}
