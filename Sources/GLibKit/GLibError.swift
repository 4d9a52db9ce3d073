import CGLib

/// A GError as a Swift error. The GError is freed once copied.
public struct GLibError: Error, CustomStringConvertible, Equatable {
    public let domain: String
    public let code: Int32
    public let message: String

    public init(domain: String, code: Int32, message: String) {
        self.domain = domain
        self.code = code
        self.message = message
    }

    /// A system call's failure, in the system's words (g_strerror).
    public init(errno code: Int32) {
        domain = "g-file-error-quark"
        self.code = code
        message = String(cString: g_strerror(code))
    }

    /// Copies and frees `error`.
    public init(consuming error: UnsafeMutablePointer<GError>) {
        domain = String(cString: g_quark_to_string(error.pointee.domain))
        code = error.pointee.code
        message = String(cString: error.pointee.message)
        g_error_free(error)
    }

    public var description: String { message }

    /// True for `G_IO_ERROR_NOT_FOUND` and its kin, by domain name and code.
    public func matches(domain: String, code: Int32) -> Bool {
        self.domain == domain && self.code == code
    }

    /// Calls a C function that reports failure through a `GError **` and
    /// turns a set error into a thrown one.
    public static func check<T>(_ body: (UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> T) throws -> T {
        var error: UnsafeMutablePointer<GError>?
        let result = body(&error)
        if let error { throw GLibError(consuming: error) }
        return result
    }
}
