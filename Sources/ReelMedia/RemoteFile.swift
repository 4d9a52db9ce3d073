import CGLib
import CGst
import Foundation
import GLibKit
import ReelCore

/// Why a download failed, in a form the UI can word.
public enum FetchError: Error, Equatable, Sendable {
    case http(status: Int)
    case network(String)
    case timedOut
    case tooLarge
    /// No connection, or a redirect that ends nowhere, in words of ours.
    case connection(ConnectionFailure)
}

/// Downloads small files (catalog feeds) with GStreamer's HTTP source, which
/// the app already needs for streaming: strict TLS, redirects followed, a
/// time limit and a size limit. Runs on a worker thread; the completion runs
/// on the main context.
public enum RemoteFile {
    public static func fetch(_ uri: String, timeoutSeconds: Double = 10, maxBytes: Int = 16 << 20,
                             completion: @escaping (Result<[UInt8], FetchError>) -> Void) {
        let handler = MainThreadHandler(completion)
        Thread.detachNewThread {
            let result = download(uri, timeoutSeconds: timeoutSeconds, maxBytes: maxBytes)
            MainContext.invoke { handler.call(result) }
        }
    }

    /// The blocking form, for callers already on a worker thread. With
    /// `keepingStart`, a longer file is cut at `maxBytes` rather than
    /// refused (the start of a video segment, for its first timestamp).
    public static func download(_ uri: String, timeoutSeconds: Double = 10, maxBytes: Int = 16 << 20,
                                keepingStart: Bool = false) -> Result<[UInt8], FetchError> {
        guard let pipeline = gst_pipeline_new(nil),
              let source = gst_element_factory_make("souphttpsrc", nil),
              let sink = gst_element_factory_make("appsink", nil) else {
            return .failure(.network("souphttpsrc is not installed"))
        }
        let owner = ObjectRef(owning: pipeline)
        defer { gst_element_set_state(owner.cast(), GST_STATE_NULL) }
        gst_bin_add(owner.cast(), source)
        gst_bin_add(owner.cast(), sink)
        gst_element_link(source, sink)
        PropertyValue.string(uri).set(on: source, "location")
        PropertyValue.uint(UInt32(max(1, timeoutSeconds.rounded(.up)))).set(on: source, "timeout")
        PropertyValue.bool(false).set(on: sink, "sync")
        gst_element_set_state(owner.cast(), GST_STATE_PLAYING)

        let appSink: UnsafeMutablePointer<GstAppSink> = cast(sink)
        let bus = gst_element_get_bus(owner.cast())!
        defer { gst_object_unref(UnsafeMutableRawPointer(bus)) }
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        var bytes: [UInt8] = []
        while Date() < deadline {
            if let error = busError(bus) { return .failure(error) }
            if let sample = gst_app_sink_try_pull_sample(appSink, 100_000_000) {
                append(sample, to: &bytes)
                gst_sample_unref(sample)
                if bytes.count > maxBytes { return keepingStart ? .success(Array(bytes.prefix(maxBytes))) : .failure(.tooLarge) }
            } else if gst_app_sink_is_eos(appSink) != 0 {
                // A failing source posts its error, then ends the stream.
                if let error = busError(bus) { return .failure(error) }
                return .success(bytes)
            }
        }
        return .failure(.timedOut)
    }

    private static func append(_ sample: OpaquePointer, to bytes: inout [UInt8]) {
        guard let buffer = gst_sample_get_buffer(sample) else { return }
        var map = GstMapInfo()
        guard gst_buffer_map(buffer, &map, GST_MAP_READ) != 0 else { return }
        bytes.append(contentsOf: UnsafeBufferPointer(start: map.data, count: Int(map.size)))
        gst_buffer_unmap(buffer, &map)
    }

    /// An error on the bus, with the HTTP status when the server sent one.
    private static func busError(_ bus: UnsafeMutablePointer<GstBus>) -> FetchError? {
        guard let message = gst_bus_pop_filtered(bus, GST_MESSAGE_ERROR) else { return nil }
        defer { gst_message_unref(message) }
        var error: UnsafeMutablePointer<GError>?
        var debug: UnsafeMutablePointer<gchar>?
        gst_message_parse_error(message, &error, &debug)
        let text = error.map { GLibError(consuming: $0).message } ?? "unknown error"
        let details = String(consumingGString: debug) ?? ""
        var structure: UnsafePointer<GstStructure>?
        gst_message_parse_error_details(message, &structure)
        var status: guint = 0
        if let structure, gst_structure_get_uint(structure, "http-status-code", &status) != 0, status >= 400 {
            return .http(status: Int(status))
        }
        if let status = HTTPStatus.find(in: text + " " + details) {
            guard (300..<400).contains(status) else { return .http(status: status) }
            return .connection(RedirectEnd.classify(details) ?? .tooManyRedirects)
        }
        return .network(text)
    }
}
