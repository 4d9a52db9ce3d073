import CGLib
import CGst
import Foundation
import GLibKit

/// A pipeline built from a gst-launch description and driven synchronously
/// from one worker thread: the sample generator and the thumbnailer both run
/// short pipelines to the end on their own threads, reading the bus by
/// polling, so no main loop is involved and nothing runs on the UI thread.
final class LaunchPipeline {
    /// How a run ended.
    enum End: Equatable {
        case finished
        case failed(GLibError)
        case cancelled
        case timedOut
    }

    let element: UnsafeMutablePointer<GstElement>
    private let bus: UnsafeMutablePointer<GstBus>

    /// Builds the pipeline; throws the parser's error (a missing element is
    /// `GST_PARSE_ERROR_NO_SUCH_ELEMENT`, named in the message).
    init(_ description: String) throws {
        var error: UnsafeMutablePointer<GError>?
        let made = gst_parse_launch(description, &error)
        if let error {
            if let made { gst_object_unref(UnsafeMutableRawPointer(made)) }
            throw GLibError(consuming: error)
        }
        guard let made else { throw GLibError(domain: "reel", code: 0, message: "empty pipeline") }
        if g_object_is_floating(made) != 0 { gst_object_ref_sink(UnsafeMutableRawPointer(made)) }
        element = made
        bus = gst_element_get_bus(made)
        // Every launch pipeline is background work (samples, thumbnails).
        // GStreamer starts streaming threads from its own pool, so they do
        // not inherit the worker's priority; each lowers its own as it
        // starts, when it posts stream-status ENTER from that very thread.
        gst_bus_set_sync_handler(bus, lowerStreamingThreadPriority, nil, nil)
    }

    deinit {
        gst_element_set_state(element, GST_STATE_NULL)
        gst_object_unref(UnsafeMutableRawPointer(bus))
        gst_object_unref(UnsafeMutableRawPointer(element))
    }

    /// A named element of the pipeline, with a reference the caller owns.
    func child(_ name: String) -> ObjectRef? {
        let bin: UnsafeMutablePointer<GstBin> = cast(element)
        return gst_bin_get_by_name(bin, name).map { ObjectRef(owning: $0) }
    }

    /// Sets a property of a named element. Strings go in as they are (no
    /// gst-launch quoting), so titles and paths need no escaping.
    func set(_ name: String, _ property: String, string value: String) {
        guard let child = child(name) else { preconditionFailure("no element \(name)") }
        PropertyValue.string(value).set(on: child.object, property)
    }

    @discardableResult
    func setState(_ state: GstState) -> GstStateChangeReturn {
        gst_element_set_state(element, state)
    }

    /// Plays until end of stream or an error, checking `isCancelled` ten
    /// times a second.
    func runToEnd(timeout: Double, isCancelled: () -> Bool) -> End {
        guard setState(GST_STATE_PLAYING) != GST_STATE_CHANGE_FAILURE else {
            return popError() ?? .failed(GLibError(domain: "reel", code: 0, message: "the pipeline would not start"))
        }
        return wait(for: GST_MESSAGE_EOS, timeout: timeout, isCancelled: isCancelled)
    }

    /// Waits for the state change started by a seek or PAUSED to complete.
    func waitForAsyncDone(timeout: Double) -> End {
        wait(for: GST_MESSAGE_ASYNC_DONE, timeout: timeout) { false }
    }

    private func wait(for type: GstMessageType, timeout: Double, isCancelled: () -> Bool) -> End {
        let deadline = Date().addingTimeInterval(timeout)
        let mask = GstMessageType(rawValue: type.rawValue | GST_MESSAGE_ERROR.rawValue)
        while Date() < deadline {
            if isCancelled() { return .cancelled }
            guard let message = gst_bus_timed_pop_filtered(bus, 100_000_000, mask) else { continue }
            defer { gst_message_unref(message) }
            if message.pointee.type == GST_MESSAGE_ERROR { return LaunchPipeline.error(of: message) }
            return .finished
        }
        return .timedOut
    }

    /// Whether an error is waiting on the bus (one is taken off it), for a
    /// caller pulling from an appsink, which only sees that no frame comes.
    var hasFailed: Bool {
        popError() != nil
    }

    private func popError() -> End? {
        guard let message = gst_bus_pop_filtered(bus, GST_MESSAGE_ERROR) else { return nil }
        defer { gst_message_unref(message) }
        return LaunchPipeline.error(of: message)
    }

    private static func error(of message: UnsafeMutablePointer<GstMessage>) -> End {
        .failed(GLibError(errorOf: message) ?? GLibError(domain: "reel", code: 0, message: "unknown error"))
    }
}

/// A bus sync handler that gives every streaming thread of a pipeline the
/// background pool and priority (launch pipelines, the movie renderer).
let lowerStreamingThreadPriority: GstBusSyncHandler = { _, message, _ in
    guard let message, message.pointee.type == GST_MESSAGE_STREAM_STATUS else { return GST_BUS_PASS }
    var status = GST_STREAM_STATUS_TYPE_CREATE
    gst_message_parse_stream_status(message, &status, nil)
    if status == GST_STREAM_STATUS_TYPE_CREATE, let value = gst_message_get_stream_status_object(message),
       value.pointee.g_type == gst_task_get_type(), let task = g_value_get_object(value) {
        gst_task_set_pool(task.assumingMemoryBound(to: GstTask.self), BackgroundTaskPool.shared)
    }
    if status == GST_STREAM_STATUS_TYPE_ENTER {
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
    }
    return GST_BUS_PASS
}
