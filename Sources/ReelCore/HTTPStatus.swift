/// Finds an HTTP status in an error text such as GStreamer's
/// "Not Found (404), URL: …", for sources that give no structured status.
/// Only a parenthesised redirect or error code counts, so a port or a path
/// never does (a redirect in an error is one the source gave up following).
public enum HTTPStatus {
    public static func find(in text: String) -> Int? {
        let characters = Array(text)
        guard characters.count >= 5 else { return nil }
        for start in 0...(characters.count - 5) where characters[start] == "(" && characters[start + 4] == ")" {
            let digits = String(characters[(start + 1)...(start + 3)])
            if let value = Int(digits), (300...599).contains(value) { return value }
        }
        return nil
    }

    /// The status in a text made by `describe` ("HTTP 503 (…)").
    public static func described(in text: String) -> Int? {
        guard text.hasPrefix("HTTP "), let value = Int(text.dropFirst(5).prefix(3)), (100...599).contains(value) else {
            return nil
        }
        return value
    }

    /// "HTTP 404 (Not Found)": the status as the error page states it. The
    /// reason phrases are the protocol's own words, not translated.
    public static func describe(_ status: Int) -> String {
        let reasons = [400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
                       410: "Gone", 429: "Too Many Requests", 500: "Internal Server Error",
                       502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout"]
        return reasons[status].map { "HTTP \(status) (\($0))" } ?? "HTTP \(status)"
    }
}
