import GLibKit
import ReelCore

/// Turns ReelCore's untranslated reasons into sentences for the user.
enum RejectionText {
    static func describe(_ rejection: MediaLocator.Rejection) -> String {
        tr(rejection.message).replacingOccurrences(of: "%s", with: rejection.detail)
    }
}
