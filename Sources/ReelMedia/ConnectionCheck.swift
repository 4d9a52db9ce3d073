import CGLib
import Foundation
import GLibKit
import ReelCore

/// Tells why a remote address cannot be reached, by connecting to it with
/// GIO the way the HTTP source would (TLS validated, never relaxed). libsoup 3
/// in GStreamer 1.22 reports a refused connection, an unknown host and a bad
/// certificate all as "Internal data stream error"; this tells them apart.
public enum ConnectionCheck {
    public enum Outcome: Equatable, Sendable {
        /// Connected (and the TLS handshake passed).
        case reachable
        case failed(ConnectionFailure)
        /// Failed in a way with no words of ours (GIO's message).
        case unknown(String)
    }

    /// Blocking (up to `timeout` seconds): call from a worker thread.
    public static func diagnose(_ uri: String, timeout: UInt32 = 5) -> Outcome {
        let client = g_socket_client_new()!
        defer { g_object_unref(UnsafeMutableRawPointer(client)) }
        g_socket_client_set_timeout(client, timeout)
        let secure = uri.lowercased().hasPrefix("https:")
        if secure { g_socket_client_set_tls(client, 1) }
        var error: UnsafeMutablePointer<GError>?
        if let connection = g_socket_client_connect_to_uri(client, uri, secure ? 443 : 80, nil, &error) {
            g_object_unref(UnsafeMutableRawPointer(connection))
            return .reachable
        }
        guard let failure = error.map({ GLibError(consuming: $0) }) else { return .unknown("") }
        return classify(domain: failure.domain, code: failure.code).map { .failed($0) } ?? .unknown(failure.message)
    }

    /// The same, off the main thread; `completion` runs on the main context.
    public static func diagnose(_ uri: String, completion: @escaping (Outcome) -> Void) {
        let handler = MainThreadHandler(completion)
        Thread.detachNewThread {
            let failure = diagnose(uri)
            MainContext.invoke { handler.call(failure) }
        }
    }

    static func classify(domain: String, code: Int32) -> ConnectionFailure? {
        switch domain {
        case "g-tls-error-quark":
            return .certificate
        case "g-resolver-error-quark":
            return .unknownHost
        case "g-io-error-quark":
            switch UInt32(bitPattern: code) {
            case G_IO_ERROR_TIMED_OUT.rawValue: return .timedOut
            case G_IO_ERROR_HOST_NOT_FOUND.rawValue, G_IO_ERROR_HOST_UNREACHABLE.rawValue,
                 G_IO_ERROR_NETWORK_UNREACHABLE.rawValue: return .unknownHost
            case G_IO_ERROR_CONNECTION_REFUSED.rawValue: return .refused
            default: return nil
            }
        default:
            return nil
        }
    }
}
