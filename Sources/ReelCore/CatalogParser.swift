import Foundation

/// Reads a catalog feed (JSON) and resolves its addresses against the
/// catalog's own URI.
///
/// Accepted shapes: `{"title": …, "entries": […], "clips": […]}` or a bare
/// array of entries. An entry has `title`, optional `subtitle`, exactly one
/// of `local` (a plain path, not URL-encoded, relative to the catalog's
/// folder; file catalogs only) or `remote` (http/https), an optional
/// `thumbnail` and an optional `sample` object; other keys are ignored.
/// `clips` and `thumbnail` are strings: an http(s) URL, or a path relative to
/// the catalog's folder (for a remote catalog, relative to its URL).
///
/// A file that is not valid JSON, or not a catalog, throws `CatalogError`
/// with the line and column. A bad entry or clip is left out with a reason
/// in `Catalog.rejected`; the rest still loads.
public struct CatalogParser: Sendable {
    public var maxBytes = 64 << 20
    public var maxEntries = 100_000
    public var maxTextLength = 500
    public var maxURILength = 8192

    public init() {}

    public func parse(_ data: Data, catalogURI: String) throws -> Catalog {
        try parse(bytes: [UInt8](data), catalogURI: catalogURI)
    }

    public func parse(_ text: String, catalogURI: String) throws -> Catalog {
        try parse(bytes: Array(text.utf8), catalogURI: catalogURI)
    }

    public func parse(bytes: [UInt8], catalogURI: String) throws -> Catalog {
        guard let base = Base(catalogURI: catalogURI) else {
            throw CatalogError(line: 0, column: 0, message: CatalogError.badAddressMessage)
        }
        guard bytes.count <= maxBytes else {
            throw CatalogError(line: 0, column: 0, message: CatalogError.tooLargeMessage)
        }
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch let error as JSONParser.SyntaxError {
            throw CatalogError(line: error.line, column: error.column, message: error.message)
        }

        let title: String?
        let entryList: [JSONValue]
        var clipList: [JSONValue] = []
        var rejected: [Catalog.Rejection] = []
        var extra: [String: JSONValue] = [:]
        switch root {
        case .array(let list):
            title = nil
            entryList = list
        case .object(let members):
            title = members["title"]?.stringValue.flatMap(cleanText)
            extra = members.filter { !["title", "entries", "clips"].contains($0.key) }
            switch members["entries"] {
            case nil, .null?: entryList = []
            case .array(let list)?: entryList = list
            default: throw notACatalog(bytes)
            }
            switch members["clips"] {
            case nil, .null?: break
            case .array(let list)?: clipList = list
            default: rejected.append(.init(part: .clip, index: 0, reason: .wrongType))
            }
        default:
            throw notACatalog(bytes)
        }

        var entries: [CatalogEntry] = []
        entries.reserveCapacity(min(entryList.count, maxEntries))
        for (index, value) in entryList.enumerated() {
            if index == maxEntries {
                rejected.append(.init(part: .entry, index: index, reason: .tooManyEntries))
                break
            }
            switch entry(from: value, base: base) {
            case .success(let entry): entries.append(entry)
            case .failure(let reason): rejected.append(.init(part: .entry, index: index, reason: reason))
            }
        }

        var clips: [String] = []
        for (index, value) in clipList.enumerated() {
            if index == maxEntries {
                rejected.append(.init(part: .clip, index: index, reason: .tooManyEntries))
                break
            }
            let resolved = value.stringValue.map { reference($0, base: base) } ?? .failure(.wrongType)
            switch resolved {
            case .success(let uri): clips.append(uri)
            case .failure(let reason): rejected.append(.init(part: .clip, index: index, reason: reason))
            }
        }

        return Catalog(uri: base.uri, title: title, entries: entries, clips: clips, rejected: rejected, extra: extra)
    }

    // MARK: - Entries

    private func entry(from value: JSONValue, base: Base) -> Result<CatalogEntry, Catalog.Reason> {
        guard let fields = value.objectValue else { return .failure(.notAnEntry) }

        let title: String
        switch fields["title"] {
        case nil, .null?: return .failure(.missingTitle)
        case .string(let text)?:
            title = DisplayText.clean(text).trimmingCharacters(in: .whitespaces)
            if title.isEmpty { return .failure(.missingTitle) }
        default: return .failure(.wrongType)
        }
        var subtitle = ""
        switch fields["subtitle"] {
        case nil, .null?: break
        case .string(let text)?: subtitle = DisplayText.clean(text).trimmingCharacters(in: .whitespaces)
        default: return .failure(.wrongType)
        }
        for text in [title, subtitle] {
            if text.count > maxTextLength { return .failure(.textTooLong) }
            if hasControlCharacters(text) { return .failure(.controlCharacters) }
        }

        let local = fields["local"].flatMap { $0 == .null ? nil : $0 }
        let remote = fields["remote"].flatMap { $0 == .null ? nil : $0 }
        let address: Result<String, Catalog.Reason>
        let kind: MediaLocator.Kind
        switch (local, remote) {
        case (let local?, nil):
            guard let path = local.stringValue else { return .failure(.wrongType) }
            guard case .folder = base.kind else { return .failure(.localNeedsLocalCatalog) }
            address = checked(path).flatMap { hasScheme($0) ? .failure(.addressNotAllowed) : relative($0, base: base) }
            kind = .file
        case (nil, let remote?):
            guard let url = remote.stringValue else { return .failure(.wrongType) }
            address = checked(url).flatMap(web)
            kind = .remote
        default:
            return .failure(.needsOneAddress)
        }
        let uri: String
        switch address {
        case .success(let value): uri = value
        case .failure(let reason): return .failure(reason)
        }

        var thumbnail: String?
        switch fields["thumbnail"] {
        case nil, .null?: break
        case .string(let text)?:
            switch reference(text, base: base) {
            case .success(let value): thumbnail = value
            case .failure(let reason): return .failure(reason)
            }
        default: return .failure(.wrongType)
        }

        let sample = fields["sample"]?.objectValue?.compactMapValues(CatalogValue.init)
        return .success(CatalogEntry(title: title, subtitle: subtitle, uri: uri, kind: kind,
                                     thumbnailURI: thumbnail, sample: sample))
    }

    /// A catalog title is decoration: a bad one is dropped, not fatal.
    private func cleanText(_ text: String) -> String? {
        let trimmed = DisplayText.clean(text).trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.count <= maxTextLength, !hasControlCharacters(trimmed) else { return nil }
        return trimmed
    }

    // MARK: - Addresses

    /// A `clips` item or `thumbnail`: an http(s) URL, or a relative path.
    private func reference(_ text: String, base: Base) -> Result<String, Catalog.Reason> {
        checked(text).flatMap { hasScheme($0) ? web($0) : relative($0, base: base) }
    }

    /// Checks shared by every address, before it is interpreted.
    private func checked(_ text: String) -> Result<String, Catalog.Reason> {
        if text.utf8.count > maxURILength { return .failure(.addressTooLong) }
        if hasControlCharacters(text) { return .failure(.controlCharacters) }
        if text.trimmingCharacters(in: .whitespaces).isEmpty { return .failure(.invalidAddress) }
        return .success(text)
    }

    /// An absolute web address. MediaLocator decides what is a valid
    /// address; a catalog additionally refuses `file` here.
    private func web(_ text: String) -> Result<String, Catalog.Reason> {
        switch MediaLocator.parse(text) {
        case .success(let locator):
            guard locator.kind == .remote else { return .failure(.addressNotAllowed) }
            guard locator.uri.utf8.count <= maxURILength else { return .failure(.addressTooLong) }
            return .success(locator.uri)
        case .failure(.unsupportedScheme):
            return .failure(.addressNotAllowed)
        case .failure:
            return .failure(.invalidAddress)
        }
    }

    /// A path relative to the catalog's folder, normalised lexically (no
    /// file system access, so symlinks are not followed): it may not be
    /// absolute nor climb above the folder with `..`.
    private func relative(_ path: String, base: Base) -> Result<String, Catalog.Reason> {
        if path.hasPrefix("/") { return .failure(.leavesCatalogFolder) }
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                if parts.isEmpty { return .failure(.leavesCatalogFolder) }
                parts.removeLast()
            default: parts.append(part)
            }
        }
        if parts.isEmpty { return .failure(.invalidAddress) }

        switch base.kind {
        case .folder(let folder):
            let absolute = (folder == "/" ? "" : folder) + "/" + parts.joined(separator: "/")
            guard case .success(let locator) = MediaLocator.parse(absolute), locator.kind == .file else {
                return .failure(.invalidAddress)
            }
            guard locator.uri.utf8.count <= maxURILength else { return .failure(.addressTooLong) }
            return .success(locator.uri)
        case .web(let url):
            let encoded = parts.map { $0.addingPercentEncoding(withAllowedCharacters: Self.pathComponentAllowed) ?? "" }
            guard let resolved = URL(string: encoded.joined(separator: "/"), relativeTo: url)?.absoluteString else {
                return .failure(.invalidAddress)
            }
            return web(resolved)
        }
    }

    private static let pathComponentAllowed: CharacterSet = {
        var set = CharacterSet.urlPathAllowed
        set.remove(charactersIn: "/;?#")
        return set
    }()

    /// Whether the text starts with a URI scheme (`name:`), as opposed to a
    /// relative path. A file literally named `a:b.mp4` can be written `./a:b.mp4`.
    private func hasScheme(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":") else { return false }
        let name = text[..<colon]
        guard let first = name.first, first.isASCII, first.isLetter else { return false }
        return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    /// C0 and C1 controls, DEL, and line/paragraph separators: none belong
    /// in a title or an address, and some can disguise text in a log.
    private func hasControlCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator: return true
            default: return false
            }
        }
    }

    private func notACatalog(_ bytes: [UInt8]) -> CatalogError {
        // Point at the top-level value, after any byte order mark and blank lines.
        var offset = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while offset < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[offset]) { offset += 1 }
        let (line, column) = JSONParser.lineAndColumn(in: bytes, at: offset)
        return CatalogError(line: line, column: column, message: CatalogError.notACatalogMessage)
    }

    // MARK: - Base

    /// What relative paths are resolved against.
    private struct Base {
        enum Kind {
            case folder(String)   // absolute path of the catalog file's folder
            case web(URL)         // the remote catalog's URL
        }

        let uri: String
        let kind: Kind

        init?(catalogURI: String) {
            guard case .success(let locator) = MediaLocator.parse(catalogURI) else { return nil }
            uri = locator.uri
            switch locator.kind {
            case .file:
                guard let path = locator.path else { return nil }
                let folder = path.split(separator: "/", omittingEmptySubsequences: true).dropLast()
                kind = .folder("/" + folder.joined(separator: "/"))
            case .remote:
                guard let url = URL(string: locator.uri) else { return nil }
                kind = .web(url)
            }
        }
    }
}
