/// Reads the shape of a parsed JSON document and reports wrong shapes with their place:
/// `ops:3:18: insertRows[0].at: expected [section, row], found a string`.
struct JSONReader {
    var file: String
    var kind: DocumentError.Kind

    func error(_ node: JSONNode, _ message: String) -> DocumentError {
        DocumentError(kind, file: file, line: node.line, column: node.column, message)
    }

    /// The members of an object, refusing keys outside `keys`.
    func object(_ node: JSONNode, at place: String, keys: [String]) throws(DocumentError) -> [String: JSONNode] {
        guard case .object(let members) = node.value else {
            throw error(node, "\(place): expected an object, found \(node.value.kindName)")
        }
        var result: [String: JSONNode] = [:]
        for (key, value) in members {
            guard keys.contains(key) else {
                let known = keys.map { "\"\($0)\"" }.joined(separator: ", ")
                throw error(value, "\(place): unknown key \"\(key)\" (known keys: \(known))")
            }
            result[key] = value
        }
        return result
    }

    /// The members of an object: those named in `keys`, and the others in file order (kept, not
    /// refused, by readers that write them back).
    func object(_ node: JSONNode, at place: String, known keys: [String]) throws(DocumentError)
        -> (known: [String: JSONNode], others: [(key: String, value: JSONNode)]) {
        guard case .object(let members) = node.value else {
            throw error(node, "\(place): expected an object, found \(node.value.kindName)")
        }
        var result: [String: JSONNode] = [:], others: [(key: String, value: JSONNode)] = []
        for (key, value) in members {
            if keys.contains(key) { result[key] = value } else { others.append((key, value)) }
        }
        return (result, others)
    }

    func array(_ node: JSONNode, at place: String) throws(DocumentError) -> [JSONNode] {
        guard case .array(let items) = node.value else {
            throw error(node, "\(place): expected an array, found \(node.value.kindName)")
        }
        return items
    }

    func string(_ node: JSONNode, at place: String) throws(DocumentError) -> String {
        guard case .string(let s) = node.value else {
            throw error(node, "\(place): expected a string, found \(node.value.kindName)")
        }
        return s
    }

    /// A non-negative integer index that fits comfortably in an `Int`.
    func index(_ node: JSONNode, at place: String) throws(DocumentError) -> Int {
        guard case .number(let text) = node.value else {
            throw error(node, "\(place): expected an index (a whole number), found \(node.value.kindName)")
        }
        if text.hasPrefix("-") {
            throw error(node, "\(place): index \(text) is negative")
        }
        guard text.allSatisfy(\.isWholeNumber) else {
            throw error(node, "\(place): index \(text) is not a whole number")
        }
        guard text.count <= 15, let value = Int(text) else {
            throw error(node, "\(place): index \(text) is too large")
        }
        return value
    }
}
