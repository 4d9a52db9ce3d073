import Foundation

/// Language codes to English names, from the `iso-codes` package's ISO 639-2
/// table (two- and three-letter codes, the bibliographic ones too: "ger",
/// "chi"), as tracks and subtitle files name their language. The UI
/// translates a name with the same package's gettext domain
/// (`LanguageTable.domain`), so "German" reads "德语" or "Tiếng Đức".
public struct LanguageTable: Sendable {
    /// The table as Debian installs it.
    public static let systemPath = "/usr/share/iso-codes/json/iso_639-2.json"
    /// The gettext domain of the names.
    public static let domain = "iso_639-2"

    private var names: [String: String] = [:]
    private var byName: [String: String] = [:]

    /// An empty table: every code is its own name.
    public init() {}

    /// Reads `iso_639-2.json`'s text; entries it cannot read are skipped.
    public init(json bytes: [UInt8]) {
        guard let entries = (try? JSONParser.parse(bytes))?.objectValue?["639-2"]?.arrayValue else { return }
        var commaNamed: [(String, String)] = []
        for entry in entries {
            guard let fields = entry.objectValue, let name = fields["name"]?.stringValue,
                  let three = fields["alpha_3"]?.stringValue else { continue }
            for key in ["alpha_2", "alpha_3", "bibliographic"] {
                if let code = fields[key]?.stringValue { names[code] = name }
            }
            // "Spanish; Castilian": each of its names.
            for part in name.split(separator: ";") {
                byName[part.trimmingCharacters(in: .whitespaces).lowercased()] = three
            }
            commaNamed.append((name, three))
        }
        // "English, Old (ca. 450-1100)" is also found by "English" and "Old
        // (…)", unless a language has that name of its own (English does).
        for (name, three) in commaNamed {
            for part in name.split(whereSeparator: { $0 == ";" || $0 == "," }) {
                let key = part.trimmingCharacters(in: .whitespaces).lowercased()
                if byName[key] == nil { byName[key] = three }
            }
        }
    }

    /// The table installed on this machine, or an empty one.
    public static func system() -> LanguageTable {
        guard let data = FileManager.default.contents(atPath: systemPath) else { return LanguageTable() }
        return LanguageTable(json: Array(data))
    }

    /// The English name of a code ("de", "deu", "ger", "pt-BR" → its "pt"),
    /// nil for a code it does not know ("und", "zxx" and "mis" say nothing
    /// about a language, so they are unknown too).
    public func name(of code: String) -> String? {
        let base = code.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { String($0).lowercased() } ?? ""
        guard !["und", "zxx", "mis", "mul"].contains(base) else { return nil }
        return names[base]
    }

    /// The three-letter code of a code or an English name ("English",
    /// "eng", "en" → "eng"), for what a file name says its language is.
    public func code(of word: String) -> String? {
        let lower = word.lowercased()
        if let name = name(of: lower) {
            return name.split(separator: ";").first.flatMap { byName[$0.trimmingCharacters(in: .whitespaces).lowercased()] }
        }
        return byName[lower]
    }
}
