/// Why following an address's redirects ended nowhere, read from the words
/// GStreamer's HTTP source leaves when it gives up ("Moved Temporarily
/// (302), URL: http://a/x, Redirect to: http://a/x"): a target it could not
/// make into a web address ("(NULL)": a `file:` or other scheme, which is
/// never followed), back to the address it started from (libsoup names the
/// first address again, however long the loop), or a chain too long.
public enum RedirectEnd {
    public static func classify(_ text: String) -> ConnectionFailure? {
        guard let marker = text.range(of: "Redirect to: ") else { return nil }
        let target = text[marker.upperBound...].prefix { !$0.isWhitespace && $0 != "," }
        if target.isEmpty || target == "(NULL)" { return .redirectOffTheWeb }
        if let url = text.range(of: "URL: ") {
            let address = text[url.upperBound...].prefix { !$0.isWhitespace && $0 != "," }
            if address == target { return .redirectLoop }
        }
        return .tooManyRedirects
    }
}
