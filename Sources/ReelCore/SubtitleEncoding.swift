/// The text encoding of a subtitle file, guessed from its bytes: files made
/// on Windows in China and Vietnam are still often in GBK or Windows-1258,
/// and read as UTF-8 they turn to mojibake. The names are iconv's, as
/// GStreamer's subparse takes them (`subtitle-encoding`).
public enum SubtitleEncoding: String, CaseIterable, Sendable {
    case utf8 = "UTF-8"
    case utf16 = "UTF-16"
    case chinese = "GBK"
    case vietnamese = "WINDOWS-1258"
    case western = "WINDOWS-1252"

    /// For the Encoding menu; untranslated, the UI passes it through gettext.
    public var title: String {
        switch self {
        case .utf8: return N_("Unicode (UTF-8)")
        case .utf16: return N_("Unicode (UTF-16)")
        case .chinese: return N_("Chinese Simplified (GBK)")
        case .vietnamese: return N_("Vietnamese (Windows-1258)")
        case .western: return N_("Western (Windows-1252)")
        }
    }

    /// The encodings a person can pick from (UTF-16 has a byte order mark
    /// and is never guessed wrong).
    public static let choices: [SubtitleEncoding] = [.utf8, .western, .chinese, .vietnamese]

    /// The best guess for `bytes` (a file's first few kilobytes are enough).
    /// `userLanguage` ("zh", "vi") breaks a tie the bytes leave open.
    public static func guess(_ bytes: [UInt8], userLanguage: String? = nil) -> SubtitleEncoding {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return .utf8 }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return .utf16 }
        if isUTF8(bytes) { return .utf8 }
        let chinese = gbkScore(bytes)
        let vietnamese = vietnameseScore(bytes)
        let language = userLanguage?.lowercased().prefix(2)
        // Most of the high bytes pair up as GB2312 characters: Chinese.
        if chinese > 0.8 { return .chinese }
        // Tone marks after vowels: Vietnamese (its letters pair up by
        // chance now and then, so this comes before the weaker Chinese hint).
        if vietnamese > 0.1 || (vietnamese > 0 && language == "vi") { return .vietnamese }
        if chinese > 0.5 && language == "zh" { return .chinese }
        return .western
    }

    /// Whether `bytes` is valid UTF-8 (a cut multi-byte character at the
    /// end is forgiven: a file's head may be read).
    static func isUTF8(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let length: Int
            switch byte {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return false
            }
            if index + length > bytes.count { return bytes.count - index < 4 && bytes[(index + 1)...].allSatisfy { $0 & 0xC0 == 0x80 } }
            for next in 1..<length where bytes[index + next] & 0xC0 != 0x80 { return false }
            index += length
        }
        return true
    }

    /// The share of the non-ASCII bytes that make GB2312 characters (lead
    /// 0xB0–0xF7, trail 0xA1–0xFE: the common Chinese characters), 0–1.
    static func gbkScore(_ bytes: [UInt8]) -> Double {
        var high = 0, paired = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte >= 0x80 else { index += 1; continue }
            if index + 1 < bytes.count, (0xA1...0xF7).contains(byte), (0xA1...0xFE).contains(bytes[index + 1]) {
                high += 2
                paired += 2
                index += 2
            } else {
                high += 1
                index += 1
            }
        }
        return high == 0 ? 0 : Double(paired) / Double(high)
    }

    /// The share of the non-ASCII bytes that are Windows-1258's tone marks
    /// (0xCC grave, 0xEC acute, 0xD2 hook, 0xDE tilde, 0xF2 dot below) right
    /// after a letter: Vietnamese writes its tones that way in this code
    /// page, and Western text almost never puts these letters after another.
    static func vietnameseScore(_ bytes: [UInt8]) -> Double {
        let tones: Set<UInt8> = [0xCC, 0xEC, 0xD2, 0xDE, 0xF2]
        // Letters a tone follows: ASCII vowels and 1258's ă â ê ô ơ ư (and capitals).
        let vowels: Set<UInt8> = Set(Array("aeiouyAEIOUY".utf8)).union([0xE3, 0xC3, 0xE2, 0xC2, 0xEA, 0xCA, 0xF4, 0xD4, 0xF5, 0xD5, 0xFD, 0xDD])
        var high = 0, toned = 0
        for (index, byte) in bytes.enumerated() where byte >= 0x80 {
            high += 1
            if tones.contains(byte), index > 0, vowels.contains(bytes[index - 1]) { toned += 1 }
        }
        return high == 0 ? 0 : Double(toned) / Double(high)
    }
}
