import Foundation

/// A part of a web video to save as a local file, because the movie maker
/// takes local files only: from the frame the player shows at `start` to
/// the one it shows just before `end` (end exclusive), in seconds on the
/// stream's own clock, as the player's position reads. The media layer
/// (`VideoPartSaver`) exports `edit(of:)` and words its failures with
/// `problem(host:status:failure:begun:)`.
public struct VideoPart: Equatable, Sendable {
    public let start: Double
    public let end: Double

    public init(start: Double, end: Double) {
        self.start = start
        self.end = end
    }

    /// The clip trimmed to the part. `MovieClip.trim` moves a time to the
    /// *nearest* frame start, which for a mark in a frame's second half
    /// would begin a frame late or end a frame early; so the start goes
    /// down to the start of the frame shown at it and the end up to the
    /// start of the frame after the one shown just before it, and `trim`
    /// then keeps them. `firstFrame`: when the stream's first frame is
    /// shown on its own clock. A web stream's frames seldom start at 0 (an
    /// HLS stream's picture may start after its sound), and the frames sit
    /// on the grid from there. A variable-rate clip has no grid: `trim`
    /// keeps its times to the millisecond, as it does in the movie maker.
    public func trimmed(_ clip: MovieClip, firstFrame: Int64 = 0) -> MovieClip {
        var clip = clip
        let from = VideoPart.nanoseconds(start), to = VideoPart.nanoseconds(end)
        let rate = clip.frameRate
        guard !rate.isVariable else {
            clip.trim(from: from, to: to)
            return clip
        }
        let origin = max(firstFrame, 0)
        // Frame k of the stream starts at origin + time(ofFrame: k).
        let first = origin + rate.time(ofFrame: rate.frame(at: from - origin))
        let atEnd = rate.frame(at: to - origin)
        let after = origin + rate.time(ofFrame: atEnd) == to ? to : origin + rate.time(ofFrame: atEnd + 1)
        clip.trim(from: first, to: after, firstFrame: origin)
        return clip
    }

    /// A movie of the part alone: an MP4 (H.264 and AAC) in the clip's own
    /// shape and size at its own rate, its sound kept, nothing over it. So
    /// the saved file is the part as the web showed it, and the movie maker
    /// fits it to its movie like any recording.
    public func edit(of clip: MovieClip, firstFrame: Int64 = 0) -> MovieEdit {
        var edit = MovieEdit()
        edit.clips = [trimmed(clip, firstFrame: firstFrame)]
        edit.output = MovieOutput(container: .mp4, shape: .asFirstClip, size: .asFirstClip)
        return edit
    }

    /// Why the part could not be saved, from what the server says when it
    /// is asked again after a failure: `status`, an HTTP error it answers
    /// with; `failure`, why it cannot be reached; `begun`, whether the
    /// part had started coming (a server gone since then lost the
    /// connection, rather than never having been there). Nil when the
    /// server answers well: the failure was not the connection's.
    public static func problem(host: String, status: Int?, failure: ConnectionFailure?, begun: Bool) -> MovieProblem? {
        if let status, status >= 400 { return .webStatus(HTTPStatus.describe(status)) }
        guard let failure else { return nil }
        if begun { return .connectionLost(host) }
        switch failure {
        case .timedOut: return .noAnswer(host)
        case .lost, .missingPart: return .connectionLost(host)
        case .refused, .unknownHost, .certificate, .tooManyRedirects, .redirectLoop, .redirectOffTheWeb:
            return .unreachable(host)
        }
    }

    /// The server's name in a web address, for the messages ("example.com",
    /// "127.0.0.1:8080"); the address itself when it has none.
    public static func host(ofURI uri: String) -> String {
        guard let url = URL(string: uri), let host = url.host, !host.isEmpty else { return uri }
        return url.port.map { "\(host):\($0)" } ?? host
    }

    /// Seconds to nanoseconds, to the nearest: a position the player read
    /// in nanoseconds comes back exactly.
    static func nanoseconds(_ seconds: Double) -> Int64 {
        Int64((max(seconds, 0) * 1e9).rounded())
    }
}
