/// A parsed catalog feed: its accepted entries and preview clips, and what
/// was left out and why (logged; the rest of the catalog still loads).
public struct Catalog: Equatable, Sendable {
    /// The catalog's own address; items from it have origin `.catalog(uri)`.
    public let uri: String
    public let title: String?
    public let entries: [CatalogEntry]
    /// Absolute URIs of the preview strip's clips, in catalog order.
    public let clips: [String]
    public let rejected: [Rejection]
    /// Top-level keys the parser does not interpret, as parsed (for example
    /// the sample catalog's `clipRecipes`, which the sample generator reads).
    /// Unchecked: only a trusted catalog's extras should be acted on.
    public let extra: [String: JSONValue]

    public init(uri: String, title: String?, entries: [CatalogEntry], clips: [String], rejected: [Rejection],
                extra: [String: JSONValue] = [:]) {
        self.uri = uri
        self.title = title
        self.entries = entries
        self.clips = clips
        self.rejected = rejected
        self.extra = extra
    }

    public var videoItems: [VideoItem] {
        entries.map { $0.videoItem(catalogURI: uri) }
    }

    /// An entry or clip that was left out.
    public struct Rejection: Equatable, Sendable {
        public enum Part: Equatable, Sendable {
            case entry
            case clip
        }

        public let part: Part
        /// 0-based position in the catalog's `entries` (or `clips`) list.
        public let index: Int
        public let reason: Reason

        public init(part: Part, index: Int, reason: Reason) {
            self.part = part
            self.index = index
            self.reason = reason
        }
    }

    public enum Reason: Error, Equatable, Sendable {
        case notAnEntry
        case missingTitle
        case wrongType
        case textTooLong
        case controlCharacters
        case needsOneAddress
        case addressNotAllowed
        case invalidAddress
        case addressTooLong
        case leavesCatalogFolder
        case localNeedsLocalCatalog
        case tooManyEntries

        /// Untranslated (N_): the log and the UI translate it.
        public var message: String {
            switch self {
            case .notAnEntry: return N_("The entry is not an object.")
            case .missingTitle: return N_("The entry has no title.")
            case .wrongType: return N_("A value has the wrong type.")
            case .textTooLong: return N_("The title or subtitle is too long.")
            case .controlCharacters: return N_("A value contains control characters.")
            case .needsOneAddress: return N_("An entry needs exactly one of “local” or “remote”.")
            case .addressNotAllowed: return N_("Only http and https addresses are allowed.")
            case .invalidAddress: return N_("An address is not valid.")
            case .addressTooLong: return N_("An address is too long.")
            case .leavesCatalogFolder: return N_("A local path leads outside the catalog’s folder.")
            case .localNeedsLocalCatalog: return N_("Local paths are allowed only in catalogs on this computer.")
            case .tooManyEntries: return N_("The catalog has too many entries; the rest were skipped.")
            }
        }
    }
}
