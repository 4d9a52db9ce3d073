import CGLib
import CGst
import Foundation
import GLibKit

/// The adaptive demuxer (HLS, DASH) inside a player's pipeline, set up as
/// it is created on a streaming thread: a low variant first, so the first
/// frame comes fast, and the quality cap as `max-bitrate`. The main thread
/// changes the cap and reads the measured bandwidth through it.
final class AdaptiveDemuxer: @unchecked Sendable {
    static let factories: Set<String> = ["hlsdemux2", "dashdemux2", "mssdemux2", "hlsdemux", "dashdemux", "mssdemux"]

    private let lock = NSLock()
    private var element: UnsafeMutablePointer<GstElement>?
    private var maxBitrate: UInt32 = 0

    deinit {
        if let element { gst_object_unref(UnsafeMutableRawPointer(element)) }
    }

    /// From playbin's element-setup (any thread): takes the demuxer if it is one.
    func adopt(_ candidate: UnsafeMutablePointer<GstElement>) {
        guard let factory = gst_element_get_factory(candidate),
              let name = String(consumingGString: gst_object_get_name(UnsafeMutableRawPointer(factory).assumingMemoryBound(to: GstObject.self))),
              AdaptiveDemuxer.factories.contains(name) else { return }
        lock.lock()
        defer { lock.unlock() }
        if let element { gst_object_unref(UnsafeMutableRawPointer(element)) }
        element = cast(gst_object_ref(UnsafeMutableRawPointer(candidate)))
        // 1 bit/s: the lowest variant first; the demuxer climbs from there.
        // GStreamer 1.22's hlsdemux2 reads it only with a fixed
        // connection-speed (which would also stop it climbing): it starts
        // at the playlist's first variant, and max-bitrate holds from its
        // first switch on.
        // dashdemux2 has no start-bitrate (a GObject warning with every
        // DASH stream): it starts on the lowest representation itself.
        if PropertyValue.get(from: UnsafeMutableRawPointer(candidate), "start-bitrate") != nil {
            PropertyValue.uint(1).set(on: candidate, "start-bitrate")
        }
        PropertyValue.uint(maxBitrate).set(on: candidate, "max-bitrate")
    }

    /// 0: no cap.
    func setMaxBitrate(_ bitsPerSecond: Int) {
        lock.lock()
        defer { lock.unlock() }
        maxBitrate = UInt32(clamping: bitsPerSecond)
        if let element { PropertyValue.uint(maxBitrate).set(on: element, "max-bitrate") }
    }

    /// The download bandwidth the demuxer measures, in bits per second.
    var bandwidth: Int? {
        lock.lock()
        defer { lock.unlock() }
        guard let element, let bandwidth = PropertyValue.get(from: element, "current-bandwidth")?.uintValue,
              bandwidth > 0 else { return nil }
        return Int(bandwidth)
    }
}
