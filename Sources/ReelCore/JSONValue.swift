/// A parsed JSON value. ReelCore reads catalogs and the state file with its
/// own parser (`JSONParser`) so that errors carry a line and column.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    /// A number written without fraction or exponent that fits an `Int`.
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    /// Key order is not kept; a key given twice keeps its last value.
    case object([String: JSONValue])

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    public var objectValue: [String: JSONValue]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// Any number, as a `Double`.
    public var doubleValue: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value
        default: return nil
        }
    }
}
