/// A strict RFC 8259 JSON parser with positioned errors and a nesting limit.
///
///     let node = try JSONParser.parse(Array(#"{"a": [1, 2]}"#.utf8), name: "ops")
///
/// Errors read `ops:1:9: expected ',' or ']' in array`. Nesting deeper than `maxDepth` is refused
/// instead of exhausting the stack; duplicate object keys are refused, since they make a document
/// ambiguous.
struct JSONParser {
    static let maxDepth = 64

    let bytes: [UInt8]
    let name: String
    var index = 0
    var line = 1
    var lineStart = 0

    static func parse(_ bytes: [UInt8], name: String) throws(DocumentError) -> JSONNode {
        var parser = JSONParser(bytes: bytes, name: name)
        if String(validating: bytes, as: UTF8.self) == nil {
            let line = Self.firstInvalidUTF8Line(bytes)
            throw DocumentError(.invalidUTF8, file: name, line: line, "not valid UTF-8")
        }
        parser.skipSpace()
        let node = try parser.value(depth: 0)
        parser.skipSpace()
        if parser.index < bytes.count { throw parser.error("unexpected text after the JSON value") }
        return node
    }

    static func firstInvalidUTF8Line(_ bytes: [UInt8]) -> Int {
        var line = 1, start = 0
        for i in 0...bytes.count where i == bytes.count || bytes[i] == 0x0A {
            if String(validating: bytes[start..<i], as: UTF8.self) == nil { return line }
            line += 1
            start = i + 1
        }
        return line
    }

    var column: Int { index - lineStart + 1 }

    func error(_ message: String) -> DocumentError {
        DocumentError(.json, file: name, line: line, column: column, message)
    }

    mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A: index += 1; line += 1; lineStart = index
            default: return
            }
        }
    }

    mutating func value(depth: Int) throws(DocumentError) -> JSONNode {
        guard index < bytes.count else { throw error("unexpected end of input, expected a value") }
        let (l, c) = (line, column)
        func node(_ v: JSONValue) -> JSONNode { JSONNode(value: v, line: l, column: c) }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            guard depth < Self.maxDepth else { throw error("nesting deeper than \(Self.maxDepth) levels") }
            return node(try object(depth: depth + 1))
        case UInt8(ascii: "["):
            guard depth < Self.maxDepth else { throw error("nesting deeper than \(Self.maxDepth) levels") }
            return node(try array(depth: depth + 1))
        case UInt8(ascii: "\""): return node(.string(try string()))
        case UInt8(ascii: "t"): try literal("true"); return node(.bool(true))
        case UInt8(ascii: "f"): try literal("false"); return node(.bool(false))
        case UInt8(ascii: "n"): try literal("null"); return node(.null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return node(.number(try number()))
        default: throw error("expected a value")
        }
    }

    mutating func literal(_ word: String) throws(DocumentError) {
        let w = Array(word.utf8)
        guard index + w.count <= bytes.count, Array(bytes[index..<index + w.count]) == w else {
            throw error("expected a value")
        }
        index += w.count
    }

    mutating func number() throws(DocumentError) -> String {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits() -> Int {
            let s = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            return index - s
        }
        guard index < bytes.count, (0x30...0x39).contains(bytes[index]) else { throw error("invalid number") }
        if bytes[index] == 0x30 { index += 1 } else { _ = digits() }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw error("invalid number") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw error("invalid number") }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    mutating func string() throws(DocumentError) -> String {
        index += 1
        var out: [UInt8] = []
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let b = bytes[index]
            switch b {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw error("unterminated string") }
                let e = bytes[index]
                index += 1
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                            throw error("unpaired surrogate in \\u escape")
                        }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in \\u escape") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00..<0xE000).contains(scalar) {
                        throw error("unpaired surrogate in \\u escape")
                    }
                    // (Surrogates were paired or refused above: every value left is a scalar.)
                    guard let character = Unicode.Scalar(scalar) else { throw error("invalid \\u escape") }
                    out += Array(String(Character(character)).utf8)
                default:
                    index -= 1
                    throw error("invalid escape in string")
                }
            case 0x00..<0x20:
                throw error("control character in string (escape it)")
            default:
                out.append(b)
                index += 1
            }
        }
    }

    mutating func hex4() throws(DocumentError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("invalid \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[index]
            let d: UInt32
            switch b {
            case 0x30...0x39: d = UInt32(b - 0x30)
            case 0x41...0x46: d = UInt32(b - 0x41 + 10)
            case 0x61...0x66: d = UInt32(b - 0x61 + 10)
            default: throw error("invalid \\u escape")
            }
            v = v * 16 + d
            index += 1
        }
        return v
    }

    mutating func array(depth: Int) throws(DocumentError) -> JSONValue {
        index += 1
        var items: [JSONNode] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
        while true {
            skipSpace()
            items.append(try value(depth: depth))
            skipSpace()
            guard index < bytes.count else { throw error("unexpected end of input in array") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            throw error("expected ',' or ']' in array")
        }
    }

    mutating func object(depth: Int) throws(DocumentError) -> JSONValue {
        index += 1
        var members: [(key: String, value: JSONNode)] = []
        var seen = Set<String>()
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a string key in object") }
            let keyError = error("duplicate key")
            let key = try string()
            guard seen.insert(key).inserted else {
                throw DocumentError(.json, file: name, line: keyError.line, column: keyError.column, "duplicate key \"\(key)\"")
            }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after key") }
            index += 1
            skipSpace()
            members.append((key, try value(depth: depth)))
            skipSpace()
            guard index < bytes.count else { throw error("unexpected end of input in object") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            throw error("expected ',' or '}' in object")
        }
    }
}
