import GLibKit
import ReelCore
import ReelMedia

/// Translates the untranslated messages ReelCore hands out (marked N_) and
/// fills in their `%s`.
public enum CoreText {
    public static func translate(_ message: String, detail: String = "") -> String {
        tr(message).replacingOccurrences(of: "%s", with: detail)
    }

    /// Fills each `%s` of a translated template with the next argument.
    public static func format(_ template: String, _ arguments: [String]) -> String {
        var result = ""
        var remaining = arguments[...]
        var rest = template[...]
        while let range = rest.range(of: "%s") {
            result += rest[..<range.lowerBound]
            result += remaining.popFirst() ?? ""
            rest = rest[range.upperBound...]
        }
        return result + rest
    }

    public static func describe(_ error: FetchError) -> String {
        switch error {
        // The same words as a card's or the player's for the same status.
        case .http(let status): return describe(VideoProblem.network(HTTPStatus.describe(status)))
        case .network(let reason): return reason
        case .timedOut: return tr("The server did not answer in time.")
        case .tooLarge: return tr("The file is too large.")
        case .connection(let failure): return tr(failure.message)
        }
    }

    public static func describe(_ rejection: MediaLocator.Rejection) -> String {
        translate(rejection.message, detail: rejection.detail)
    }

    public static func describe(_ element: OptionalElement) -> String {
        format(tr(OptionalElement.notice), [element.factory, element.package, tr(element.loss)])
    }

    public static func describe(_ problem: VideoProblem) -> String {
        translate(problem.message, detail: problem.detail)
    }
}
