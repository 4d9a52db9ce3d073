import CGLib
import CGst
import Foundation
import GLibKit
import ReelCore

/// Learns what a video is (duration, size, codecs) with GstDiscoverer, or
/// why it cannot be shown, in the terms of an error card.
///
/// `probe(_:)` blocks: call it from a worker thread, or through a
/// `ProbeQueue`, which answers on the main context.
public struct MediaProbe: Sendable {
    public enum Outcome: Equatable, Sendable, Codable {
        case video(MediaInfo)
        case problem(VideoProblem)
    }

    /// Seconds the discoverer may spend on one URI.
    public var timeout: Double

    public init(timeout: Double = 10) {
        self.timeout = timeout
    }

    public func probe(_ uri: String) -> Outcome {
        MediaProbe.initializePbUtils
        let isLocal = MediaLocator.isLocal(uri)
        if isLocal, let problem = MediaProbe.checkLocalFile(uri) { return .problem(problem) }

        var error: UnsafeMutablePointer<GError>?
        guard let discoverer = gst_discoverer_new(GstClockTime(timeout * 1e9), &error) else {
            let message = error.map { GLibError(consuming: $0).message } ?? "no discoverer"
            return .problem(.unsupportedCodec(message))
        }
        defer { g_object_unref(UnsafeMutableRawPointer(discoverer)) }
        let info = gst_discoverer_discover_uri(discoverer, uri, &error)
        defer { if let info { g_object_unref(UnsafeMutableRawPointer(info)) } }
        let failure = error.map { GLibError(consuming: $0) }
        guard let info else { return .problem(MediaProbe.problem(for: failure, isLocal: isLocal)) }

        switch gst_discoverer_info_get_result(info) {
        case GST_DISCOVERER_OK:
            return MediaProbe.outcome(of: info)
        case GST_DISCOVERER_MISSING_PLUGINS:
            return .problem(.unsupportedCodec(MediaProbe.missingCodec(info)))
        case GST_DISCOVERER_TIMEOUT:
            return .problem(isLocal ? .damaged : .connection(.timedOut))
        case GST_DISCOVERER_URI_INVALID:
            return .problem(isLocal ? .missing : .network("invalid address"))
        default:
            let problem = MediaProbe.problem(for: failure, isLocal: isLocal)
            if case .network = problem { return .problem(connectionProblem(uri) ?? problem) }
            return .problem(problem)
        }
    }

    /// What the HTTP source itself says of the address (the discoverer often
    /// passes on only the stream error that followed), in the words the
    /// player uses: the HTTP status with its meaning, a redirect that ends
    /// nowhere, no answer. nil when the source reads it fine.
    private func connectionProblem(_ uri: String) -> VideoProblem? {
        switch RemoteFile.download(uri, timeoutSeconds: timeout, maxBytes: 1) {
        case .success, .failure(.tooLarge): return nil
        case .failure(.http(let status)): return .network(HTTPStatus.describe(status))
        case .failure(.connection(let failure)): return .connection(failure)
        case .failure(.timedOut): return .connection(.timedOut)
        case .failure(.network): return .network("could not connect to the server")
        }
    }

    private static let initializePbUtils: Void = { gst_pb_utils_init() }()

    /// What GIO can tell before GStreamer tries: no such file, a link to
    /// nothing, no permission, a pipe, socket, device or folder (by its type,
    /// without opening it: opening a pipe blocks), nothing in it.
    static func checkLocalFile(_ uri: String) -> VideoProblem? {
        let file = g_file_new_for_uri(uri)!
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        let attributes = "standard::type,standard::size,access::can-read,unix::mode"
        var error: UnsafeMutablePointer<GError>?
        guard let info = g_file_query_info(file, attributes, G_FILE_QUERY_INFO_NONE, nil, &error) else {
            let failure = error.map { GLibError(consuming: $0) }
            guard failure?.code == Int32(G_IO_ERROR_NOT_FOUND.rawValue) else { return .unreadable }
            return isLink(file) ? .brokenLink : .missing
        }
        defer { g_object_unref(UnsafeMutableRawPointer(info)) }
        // GIO answers for a link to nothing with the link itself.
        if g_file_info_get_file_type(info) == G_FILE_TYPE_SYMBOLIC_LINK { return .brokenLink }
        if g_file_info_get_file_type(info) == G_FILE_TYPE_DIRECTORY { return .notAFile(.folder) }
        if g_file_info_has_attribute(info, "unix::mode") != 0,
           let special = SpecialFile.of(mode: g_file_info_get_attribute_uint32(info, "unix::mode")) {
            return .notAFile(special)
        }
        if g_file_info_get_file_type(info) == G_FILE_TYPE_SPECIAL { return .notAFile(.device) }
        if g_file_info_has_attribute(info, "access::can-read") != 0,
           g_file_info_get_attribute_boolean(info, "access::can-read") == 0 { return .unreadable }
        if g_file_info_get_size(info) == 0 { return .damaged }
        return nil
    }

    /// Whether the path itself is a symbolic link (its target may be gone).
    private static func isLink(_ file: OpaquePointer) -> Bool {
        guard let info = g_file_query_info(file, "standard::type", G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, nil, nil) else {
            return false
        }
        defer { g_object_unref(UnsafeMutableRawPointer(info)) }
        return g_file_info_get_file_type(info) == G_FILE_TYPE_SYMBOLIC_LINK
    }

    private static func outcome(of info: OpaquePointer) -> Outcome {
        let videoStreams = gst_discoverer_info_get_video_streams(info)
        defer { gst_discoverer_stream_info_list_free(videoStreams) }
        guard let first = videoStreams?.pointee.data else { return .problem(.notAVideo) }
        let video = OpaquePointer(first)
        // A still image decodes to one video frame; it is not a video.
        if gst_discoverer_video_info_is_image(video) != 0 { return .problem(.notAVideo) }

        let audioStreams = gst_discoverer_info_get_audio_streams(info)
        defer { gst_discoverer_stream_info_list_free(audioStreams) }
        let duration = gst_discoverer_info_get_duration(info)
        let isLive = gst_discoverer_info_get_live(info) != 0
        return .video(MediaInfo(
            duration: duration == 0 || duration == UInt64.max || isLive ? nil : Double(duration) / 1e9,
            width: Int(gst_discoverer_video_info_get_width(video)),
            height: Int(gst_discoverer_video_info_get_height(video)),
            videoCodec: codecDescription(video),
            audioCodec: audioStreams?.pointee.data.flatMap { codecDescription(OpaquePointer($0)) },
            isLive: isLive,
            isSeekable: gst_discoverer_info_get_seekable(info) != 0))
    }

    /// "H.264 (High Profile)", "VP8", "MPEG-4 AAC"...
    private static func codecDescription(_ stream: OpaquePointer) -> String? {
        guard let caps = gst_discoverer_stream_info_get_caps(stream) else { return nil }
        defer { gst_caps_unref(caps) }
        return String(consumingGString: gst_pb_utils_get_codec_description(caps))
    }

    /// The codec nobody can decode: the description of the first stream that
    /// stayed encoded, else the installer's description of what is missing.
    private static func missingCodec(_ info: OpaquePointer) -> String {
        if let details = gst_discoverer_info_get_missing_elements_installer_details(info), let first = details[0] {
            // "gstreamer|1.0|app|H.265 decoder|decoder-video/x-h265": the fourth field.
            let fields = String(cString: first).split(separator: "|", omittingEmptySubsequences: false)
            if let stream = streamCodec(info) { return stream }
            if fields.count > 3 { return String(fields[3]) }
        }
        return streamCodec(info) ?? "an unknown format"
    }

    private static func streamCodec(_ info: OpaquePointer) -> String? {
        let streams = gst_discoverer_info_get_stream_list(info)
        defer { gst_discoverer_stream_info_list_free(streams) }
        var node = streams
        while let current = node {
            if let data = current.pointee.data {
                let stream = OpaquePointer(data)
                let isContainer = gst_discoverer_stream_info_get_stream_type_nick(stream)
                    .map { String(cString: $0) == "container" } ?? false
                if !isContainer, let caps = gst_discoverer_stream_info_get_caps(stream) {
                    defer { gst_caps_unref(caps) }
                    let structure = gst_caps_get_structure(caps, 0)
                    let name = structure.map { String(cString: gst_structure_get_name($0)) } ?? ""
                    if !name.hasSuffix("/x-raw"), gst_caps_is_any(caps) == 0 {
                        return String(consumingGString: gst_pb_utils_get_codec_description(caps))
                    }
                }
            }
            node = current.pointee.next
        }
        return nil
    }

    /// The card for a discoverer error. Remote failures that are not about
    /// the stream's content are network errors.
    static func problem(for error: GLibError?, isLocal: Bool) -> VideoProblem {
        guard let error else { return .damaged }
        switch error.domain {
        case "gst-stream-error-quark":
            switch UInt32(bitPattern: error.code) {
            case GST_STREAM_ERROR_TYPE_NOT_FOUND.rawValue, GST_STREAM_ERROR_WRONG_TYPE.rawValue:
                return .notAVideo
            case GST_STREAM_ERROR_CODEC_NOT_FOUND.rawValue:
                return .unsupportedCodec(error.message)
            case GST_STREAM_ERROR_FAILED.rawValue where !isLocal:
                return .network(error.message) // the source stopped: the connection failed
            default:
                return .damaged
            }
        case "gst-resource-error-quark" where isLocal:
            return error.code == Int32(GST_RESOURCE_ERROR_NOT_FOUND.rawValue) ? .missing : .unreadable
        default:
            return isLocal ? .damaged : .network(error.message)
        }
    }
}
