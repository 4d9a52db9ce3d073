/// Finds an HTTP status in an error text such as GStreamer's
/// "Not Found (404), URL: …", for sources that give no structured status.
/// Only a parenthesised error code counts, so a port or a path never does.
public enum HTTPStatus {
    public static func find(in text: String) -> Int? {
        let characters = Array(text)
        guard characters.count >= 5 else { return nil }
        for start in 0...(characters.count - 5) where characters[start] == "(" && characters[start + 4] == ")" {
            let digits = String(characters[(start + 1)...(start + 3)])
            if let value = Int(digits), (400...599).contains(value) { return value }
        }
        return nil
    }
}
