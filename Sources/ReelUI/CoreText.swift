import GLibKit
import ReelCore

/// Translates the untranslated messages ReelCore hands out (marked N_) and
/// fills in their `%s`.
enum CoreText {
    static func translate(_ message: String, detail: String = "") -> String {
        tr(message).replacingOccurrences(of: "%s", with: detail)
    }

    static func describe(_ rejection: MediaLocator.Rejection) -> String {
        translate(rejection.message, detail: rejection.detail)
    }

    static func describe(_ problem: VideoProblem) -> String {
        translate(problem.message, detail: problem.detail)
    }
}
