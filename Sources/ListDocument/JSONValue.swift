/// A parsed JSON value that keeps object key order and each value's line and column, so that
/// errors about the *shape* of a document can name the place too.
indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    /// The number's literal text, converted on use (so huge numbers are reported, not rounded).
    case number(String)
    case string(String)
    case array([JSONNode])
    case object([(key: String, value: JSONNode)])

    static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// What a message calls this kind of value.
    var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A JSON value and where it starts (1-based line and column).
struct JSONNode: Equatable, Sendable {
    var value: JSONValue
    var line: Int
    var column: Int
}
