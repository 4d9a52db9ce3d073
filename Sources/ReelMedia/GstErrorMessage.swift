import CGLib
import CGst
import GLibKit

extension GLibError {
    /// The error a bus's GST_MESSAGE_ERROR carries (its debug text dropped);
    /// nil if the message has none.
    init?(errorOf message: UnsafeMutablePointer<GstMessage>) {
        var error: UnsafeMutablePointer<GError>?
        gst_message_parse_error(message, &error, nil)
        guard let error else { return nil }
        self.init(consuming: error)
    }
}
