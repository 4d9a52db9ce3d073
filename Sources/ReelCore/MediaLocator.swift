import Foundation

/// A video address the user gave: typed into Open URL, passed on the command
/// line, or dropped on the window. Only `http`, `https` and `file` are
/// accepted: anything else is rejected with a reason the UI can show.
public struct MediaLocator: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case file
        case remote
    }

    /// Why an address was refused. `message` is untranslated (N_); the UI
    /// translates it and substitutes `%s` with `detail`.
    public enum Rejection: Error, Equatable, Sendable {
        case empty
        case unsupportedScheme(String)
        case missingHost
        case malformed

        public var message: String {
            switch self {
            case .empty: return N_("Enter the address of a video.")
            case .unsupportedScheme: return N_("“%s” addresses are not supported. Use an http, https or file address.")
            case .missingHost: return N_("The address has no server name.")
            case .malformed: return N_("This is not a valid address.")
            }
        }

        public var detail: String {
            if case .unsupportedScheme(let scheme) = self { return scheme }
            return ""
        }
    }

    public static let allowedSchemes: Set<String> = ["http", "https", "file"]

    /// The normalised URI (scheme lower-cased, a bare path made a file URI).
    public let uri: String
    public let kind: Kind

    /// Parses what a person typed or a program passed. A bare absolute path
    /// becomes a file URI; a bare `host/path` is taken as https, as a browser
    /// would.
    public static func parse(_ input: String) -> Result<MediaLocator, Rejection> {
        let text = input.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return .failure(.empty) }
        guard !text.contains(where: { $0.isNewline || $0 == "\0" }) else { return .failure(.malformed) }

        if text.hasPrefix("/") {
            return .success(MediaLocator(uri: URL(fileURLWithPath: text).absoluteString, kind: .file))
        }
        guard let scheme = schemePrefix(of: text) else {
            return looksLikeHost(text) ? parse("https://" + text) : .failure(.malformed)
        }
        guard allowedSchemes.contains(scheme) else { return .failure(.unsupportedScheme(scheme)) }

        let rest = text.dropFirst(scheme.count + 1)
        guard let url = URL(string: scheme + ":" + rest) ?? URL(string: scheme + ":" + percentEncodeSpaces(String(rest))) else {
            return .failure(.malformed)
        }
        if scheme == "file" {
            guard url.path.hasPrefix("/") else { return .failure(.malformed) }
            return .success(MediaLocator(uri: url.absoluteString, kind: .file))
        }
        guard let host = url.host, !host.isEmpty else { return .failure(.missingHost) }
        return .success(MediaLocator(uri: url.absoluteString, kind: .remote))
    }

    /// What to call the video before its metadata is known: the file name,
    /// percent-decoded, or the server name for a bare remote address.
    public var displayName: String {
        guard let url = URL(string: uri) else { return uri }
        let name = url.lastPathComponent
        if !name.isEmpty && name != "/" { return name.removingPercentEncoding ?? name }
        return url.host ?? uri
    }

    /// The server of a remote locator, as people write it ("example.org").
    public var host: String? {
        kind == .remote ? URL(string: uri)?.host : nil
    }

    /// A catalog feed rather than a video: opening one adds it to the feed.
    public var isCatalog: Bool {
        let path = uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? uri
        return path.lowercased().hasSuffix(".json")
    }

    /// The local path of a file locator.
    public var path: String? {
        kind == .file ? URL(string: uri)?.path : nil
    }

    /// Whether `uri` is read from this computer (the file scheme, in any
    /// case as RFC 3986 allows) rather than fetched from a server: local
    /// files are checked on disk first, probed and thumbnailed on their own
    /// queues and never buffered, reconnected or traced as streams.
    public static func isLocal(_ uri: String) -> Bool {
        schemePrefix(of: uri) == "file"
    }

    // RFC 3986: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"
    private static func schemePrefix(of text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let candidate = text[..<colon]
        guard let first = candidate.first, first.isASCII, first.isLetter,
              candidate.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        return candidate.lowercased()
    }

    private static func looksLikeHost(_ text: String) -> Bool {
        let host = text.prefix { $0 != "/" }
        return host.contains(".") && !host.hasPrefix(".") && !host.contains(" ")
            && host.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-.".contains($0)) }
    }

    private static func percentEncodeSpaces(_ text: String) -> String {
        text.replacingOccurrences(of: " ", with: "%20")
    }
}
