/// Why a whole catalog could not be read. The feed shows it in a toast that
/// names the file and the line.
public struct CatalogError: Error, Equatable, Sendable {
    /// 1-based; 0 when the problem is not at a place in the text (the file
    /// is too large, or the catalog's own address is unusable).
    public let line: Int
    /// 1-based, in characters; 0 together with `line`.
    public let column: Int
    /// Untranslated (N_).
    public let message: String

    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    public static let tooLargeMessage = N_("The catalog file is too large.")
    public static let badAddressMessage = N_("The catalog’s address is not a file or web address.")
    public static let notACatalogMessage = N_("This file is not a catalog: it has no list of entries.")
}
