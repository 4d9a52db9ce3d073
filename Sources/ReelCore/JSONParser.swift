/// A small strict JSON parser (RFC 8259) over UTF-8 bytes. It exists because
/// Foundation's parser on Linux does not reliably say *where* a file is
/// broken, and a malformed catalog must be reported with its line.
///
/// Strict: no comments, no trailing commas, no NaN, no raw control characters
/// in strings, no invalid UTF-8. Nesting is limited so that a hostile file
/// cannot exhaust the stack.
public struct JSONParser {
    /// Where and why parsing stopped. `line` and `column` are 1-based;
    /// the column counts characters (Unicode scalars), not bytes.
    public struct SyntaxError: Error, Equatable, Sendable {
        public let line: Int
        public let column: Int
        /// Untranslated (N_).
        public let message: String
    }

    public static let maxDepth = 512

    public static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        return try parser.parseDocument()
    }

    public static func parse(_ text: String) throws -> JSONValue {
        try parse(Array(text.utf8))
    }

    private let bytes: [UInt8]
    private var offset = 0
    private var depth = 0

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func parseDocument() throws -> JSONValue {
        // A UTF-8 byte order mark is harmless; editors on other systems add it.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
        skipWhitespace()
        guard offset < bytes.count else { throw error(N_("The file is empty.")) }
        let value = try parseValue()
        skipWhitespace()
        guard offset == bytes.count else { throw error(N_("Unexpected text after the end of the data.")) }
        return value
    }

    private mutating func parseValue() throws -> JSONValue {
        guard let byte = peek() else { throw error(N_("The file ends too early.")) }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error(N_("Unexpected character."))
        }
    }

    private mutating func parseObject() throws -> JSONValue {
        try enter()
        defer { depth -= 1 }
        offset += 1  // {
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            offset += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw error(N_("Expected a name in quotes.")) }
            let key = try parseString()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw error(N_("Expected “:”.")) }
            offset += 1
            skipWhitespace()
            members[key] = try parseValue()
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "}"): offset += 1; return .object(members)
            case nil: throw error(N_("The file ends too early."))
            default: throw error(N_("Expected “,” or “}”."))
            }
        }
    }

    private mutating func parseArray() throws -> JSONValue {
        try enter()
        defer { depth -= 1 }
        offset += 1  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            offset += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "]"): offset += 1; return .array(elements)
            case nil: throw error(N_("The file ends too early."))
            default: throw error(N_("Expected “,” or “]”."))
            }
        }
    }

    private mutating func enter() throws {
        depth += 1
        guard depth <= Self.maxDepth else { throw error(N_("The data is nested too deeply.")) }
    }

    private mutating func parseLiteral(_ word: String, _ value: JSONValue) throws -> JSONValue {
        let expected = word.utf8
        guard bytes.count - offset >= expected.count,
              bytes[offset..<offset + expected.count].elementsEqual(expected)
        else { throw error(N_("Unexpected character.")) }
        offset += expected.count
        return value
    }

    private mutating func parseNumber() throws -> JSONValue {
        let start = offset
        var isInteger = true
        if peek() == UInt8(ascii: "-") { offset += 1 }
        // Integer part: a single 0, or a digit 1-9 followed by digits.
        if peek() == UInt8(ascii: "0") {
            offset += 1
        } else if skipDigits() == 0 {
            throw error(N_("Invalid number."))
        }
        if peek() == UInt8(ascii: ".") {
            isInteger = false
            offset += 1
            guard skipDigits() > 0 else { throw error(N_("Invalid number.")) }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            isInteger = false
            offset += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { offset += 1 }
            guard skipDigits() > 0 else { throw error(N_("Invalid number.")) }
        }
        // The bytes are ASCII digits and signs only, so this cannot fail to decode.
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        if isInteger, let value = Int(text) { return .int(value) }
        guard let value = Double(text), value.isFinite else {
            offset = start
            throw error(N_("Invalid number."))
        }
        return .double(value)
    }

    private mutating func skipDigits() -> Int {
        let start = offset
        while let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { offset += 1 }
        return offset - start
    }

    private mutating func parseString() throws -> String {
        let start = offset
        offset += 1  // opening quote
        var buffer: [UInt8] = []
        while true {
            guard let byte = peek() else {
                offset = start
                throw error(N_("A text value has no closing quote."))
            }
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                // Checked once per string rather than per byte: the error
                // then points at the start of the string that holds it.
                guard let text = String(validating: buffer, as: UTF8.self) else {
                    offset = start
                    throw error(N_("The text is not valid UTF-8."))
                }
                return text
            case UInt8(ascii: "\\"):
                offset += 1
                try parseEscape(into: &buffer)
            case 0..<0x20:
                throw error(N_("A control character must be escaped."))
            default:
                buffer.append(byte)
                offset += 1
            }
        }
    }

    private mutating func parseEscape(into buffer: inout [UInt8]) throws {
        guard let byte = peek() else { throw error(N_("The file ends too early.")) }
        let simple: UInt8?
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): simple = byte
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        default: simple = nil
        }
        if let simple {
            buffer.append(simple)
            offset += 1
            return
        }
        guard byte == UInt8(ascii: "u") else { throw error(N_("Invalid escape sequence.")) }
        let escapeStart = offset - 1
        offset += 1
        var code = try parseHex4()
        // A character outside the BMP is written as a surrogate pair.
        if (0xD800...0xDBFF).contains(code) {
            guard peek() == UInt8(ascii: "\\"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u") else {
                offset = escapeStart
                throw error(N_("Invalid escape sequence."))
            }
            offset += 2
            let low = try parseHex4()
            guard (0xDC00...0xDFFF).contains(low) else {
                offset = escapeStart
                throw error(N_("Invalid escape sequence."))
            }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(code) else {
            offset = escapeStart
            throw error(N_("Invalid escape sequence."))
        }
        buffer.append(contentsOf: Array(String(Character(scalar)).utf8))
    }

    private mutating func parseHex4() throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek(), let digit = hexValue(byte) else { throw error(N_("Invalid escape sequence.")) }
            value = value << 4 | digit
            offset += 1
        }
        return value
    }

    private func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    private func peek() -> UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { offset += 1 }
    }

    /// An error at the current offset. Line and column are worked out only
    /// here, so that parsing a good file pays nothing for them.
    private func error(_ message: String) -> SyntaxError {
        let (line, column) = Self.lineAndColumn(in: bytes, at: min(offset, bytes.count))
        return SyntaxError(line: line, column: column, message: message)
    }

    static func lineAndColumn(in bytes: [UInt8], at offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? min(3, offset) : 0
        for byte in bytes[start..<offset] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                // Count lead bytes only: a multi-byte character is one column.
                column += 1
            }
        }
        return (line, column)
    }
}
