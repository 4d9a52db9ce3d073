/// What can stop a movie from being made, in the words the movie page
/// shows. Messages are untranslated (N_); the UI translates them, with
/// `%s` standing for `detail`.
public enum MovieProblem: Error, Equatable, Sendable {
    /// The movie has no clip.
    case empty
    /// A clip's or the music's file is gone (its name).
    case missingSource(String)
    /// A file is there but cannot be read as video or sound (its name).
    case unreadableSource(String)
    /// A file chosen to go over the movie is not a PNG or SVG picture (its name).
    case notAPicture(String)
    /// No encoder for the chosen container is installed.
    case noEncoder
    /// The disk filled up; the partial file was removed.
    case diskFull
    /// The file could not be written (permissions, a missing folder).
    case cannotWrite(String)
    /// The movie is too long to fit under its size limit (the limit, "25 MB").
    case tooLongForLimit(String)
    /// The movie is longer than a GIF is made for (`MovieGIF.longest`).
    case tooLongForGIF
    /// A web video's server answered with an HTTP error ("HTTP 404 (Not
    /// Found)", the protocol's own words) when a part of it was saved.
    case webStatus(String)
    /// A web video's server could not be reached: nothing listens there,
    /// its name does not resolve, or its certificate is not valid (its host).
    case unreachable(String)
    /// A web video's server took the connection but sent nothing in time (its host).
    case noAnswer(String)
    /// A web video's server stopped sending after the part had begun (its host).
    case connectionLost(String)
    /// Anything else the pipeline reported, quoted.
    case failed(String)

    public var message: String {
        switch self {
        case .empty: return N_("Add a clip to make a movie.")
        case .missingSource: return N_("“%s” cannot be found. Put it back, or remove it from the movie.")
        case .unreadableSource: return N_("“%s” cannot be read as a video or a sound.")
        case .notAPicture: return N_("“%s” is not a PNG or SVG picture.")
        case .noEncoder: return N_("No encoder for this format is installed. Choose another format.")
        case .diskFull: return N_("The disk is full. The movie was not saved.")
        case .cannotWrite: return N_("The movie could not be written: %s")
        case .tooLongForLimit: return N_("The movie is too long to fit under %s. Choose a larger limit or shorten it.")
        case .tooLongForGIF: return N_("A GIF is for short pieces: shorten the movie to a minute or less, or choose a video format.")
        case .webStatus: return N_("The server answered “%s”, so the part was not saved.")
        case .unreachable: return N_("“%s” could not be reached, so the part was not saved.")
        case .noAnswer: return N_("“%s” did not answer in time, so the part was not saved.")
        case .connectionLost: return N_("The connection to “%s” was lost before the part was saved.")
        case .failed: return N_("The movie could not be made: %s")
        }
    }

    public var detail: String {
        switch self {
        case .missingSource(let text), .unreadableSource(let text), .notAPicture(let text), .cannotWrite(let text),
             .tooLongForLimit(let text), .webStatus(let text), .unreachable(let text), .noAnswer(let text),
             .connectionLost(let text), .failed(let text):
            return text
        default: return ""
        }
    }

    /// The message with its detail, untranslated (logs, tests).
    public var text: String { message.replacingOccurrences(of: "%s", with: detail) }

    /// A stable name for logs and the trace.
    public var kind: String {
        switch self {
        case .empty: return "empty"
        case .missingSource: return "missing-source"
        case .unreadableSource: return "unreadable-source"
        case .notAPicture: return "not-a-picture"
        case .noEncoder: return "no-encoder"
        case .diskFull: return "disk-full"
        case .cannotWrite: return "cannot-write"
        case .tooLongForLimit: return "too-long-for-limit"
        case .tooLongForGIF: return "too-long-for-gif"
        case .webStatus: return "web-status"
        case .unreachable: return "unreachable"
        case .noAnswer: return "no-answer"
        case .connectionLost: return "connection-lost"
        case .failed: return "failed"
        }
    }
}
