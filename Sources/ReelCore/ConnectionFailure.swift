/// Why a remote video could not be reached, when the server gave no HTTP
/// status to quote: the words on the error page.
public enum ConnectionFailure: String, Equatable, Sendable, Codable {
    /// Nothing listens there (or a firewall says no).
    case refused
    /// The name does not resolve, or no route leads there.
    case unknownHost
    /// The server's certificate is not valid for it. Never worked around.
    case certificate
    /// Redirects that go on for too long.
    case tooManyRedirects
    /// Redirects that come back to where they started.
    case redirectLoop
    /// A redirect to something that is not a web address (`file:`…),
    /// which is never followed.
    case redirectOffTheWeb
    case timedOut
    /// The server answers, but part of the stream (a segment) is not there.
    case missingPart
    /// Playback was under way, and reconnecting did not work for a minute.
    case lost

    /// Untranslated (N_).
    public var message: String {
        switch self {
        case .refused: return N_("The server refused the connection.")
        case .unknownHost: return N_("The server could not be found.")
        case .certificate: return N_("The server’s certificate is not valid, so Reel did not connect to it.")
        case .tooManyRedirects: return N_("The address redirects too many times.")
        case .redirectLoop: return N_("The address redirects in a loop.")
        case .redirectOffTheWeb: return N_("The address redirects to a place that is not on the web, which Reel does not follow.")
        case .timedOut: return N_("The server did not answer in time.")
        case .missingPart: return N_("Part of the video is missing on the server.")
        case .lost: return N_("The connection was lost.")
        }
    }
}
