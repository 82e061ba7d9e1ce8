import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import ListDocument

/// `cmark-gfm` as the reference parser: runs it on a document and reads back, from its XML with
/// source positions, the list items and top-level headings as listedit would show them.
///
/// Items inside block quotes are skipped: for listedit a block quote is one passage, whatever it
/// holds. Levels count list items only. A test that needs cmark-gfm and cannot find it fails with
/// the command that installs it.
package enum CmarkReference {
    package static let path = "/usr/bin/cmark-gfm"

    package struct Item: Equatable, CustomStringConvertible {
        package var level: Int
        /// `nil` without a checkbox; cmark-gfm's `completed` otherwise.
        package var completed: Bool?
        /// 1-based line of the marker.
        package var line: Int
        /// The first line's text as cmark-gfm reads it (a paragraph opening on the marker's line,
        /// from its first character to the line end, trimmed); `nil` when the first line opens
        /// something else; "" when the item's first line holds nothing.
        package var text: String?
        package init(level: Int, completed: Bool?, line: Int, text: String?) {
            self.level = level; self.completed = completed; self.line = line; self.text = text
        }
        package var description: String { "L\(line) level \(level) \(completed.map { $0 ? "[x]" : "[ ]" } ?? "-") \(text.map { "'\($0)'" } ?? "?")" }
    }

    package struct Heading: Equatable, CustomStringConvertible {
        package var level: Int
        /// The inline content as plain text (soft breaks as line feeds).
        package var text: String
        /// 1-based line of its first line (0 when not read from cmark-gfm).
        package var line = 0
        package init(level: Int, text: String, line: Int = 0) { self.level = level; self.text = text; self.line = line }
        package var description: String { "h\(level) '\(text)'" }
    }

    package struct Document {
        package var items: [Item] = []
        package var headings: [Heading] = []
        /// Per item: the index (in `items`) of the item it is nested in, -1 at the top.
        package var parents: [Int] = []
        /// Per item: its list, numbered from 0 in the order the lists start.
        package var lists: [Int] = []
        package init() {}
    }

    package enum Failure: Error, CustomStringConvertible {
        case missing, failed(String)
        package var description: String {
            switch self {
            case .missing: "cmark-gfm is not installed (\(CmarkReference.path)): apt-get install cmark-gfm"
            case .failed(let why): "cmark-gfm failed: \(why)"
            }
        }
    }

    /// Runs cmark-gfm with GitHub's extensions and source positions; returns its XML.
    package static func xml(_ bytes: [UInt8]) throws -> Data {
        guard FileManager.default.isExecutableFile(atPath: path) else { throw Failure.missing }
        let file = NSTemporaryDirectory() + "listedit-cmark-\(UUID().uuidString).md"
        guard FileManager.default.createFile(atPath: file, contents: Data(bytes)) else { throw Failure.failed("cannot write \(file)") }
        defer { try? FileManager.default.removeItem(atPath: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-e", "tasklist", "-e", "table", "-e", "strikethrough", "-e", "autolink",
                             "-t", "xml", "--sourcepos", file]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure.failed("exit \(process.terminationStatus)") }
        return data
    }

    /// The items and top-level headings cmark-gfm finds in `bytes` (no front matter: strip it
    /// first).
    package static func read(_ bytes: [UInt8]) throws -> Document {
        let tree = try XMLTree.parse(try xml(bytes))
        let lines = sourceLines(bytes)
        var doc = Document()
        var listCount = 0
        func visit(_ node: XMLTree, depth: Int, parent: Int = -1, list: Int = -1) {
            for child in node.children {
                switch child.name {
                case "block_quote": continue
                case "list":
                    listCount += 1
                    visit(child, depth: depth, parent: parent, list: listCount - 1)
                case "item", "tasklist":
                    let (line, _) = position(child.attributes["sourcepos"])
                    var text: String?
                    if let first = child.children.first {
                        let (l, c) = position(first.attributes["sourcepos"])
                        if l == 0 {
                            // The paragraph cmark-gfm's table extension splits off a table's
                            // header has no source position.
                            text = nil
                        } else if l == line {
                            if first.name == "paragraph" {
                                let bytes = lines[l - 1]
                                text = trim(String(decoding: bytes.dropFirst(c - 1), as: UTF8.self))
                            }
                        } else {
                            text = ""
                        }
                    } else {
                        text = ""
                    }
                    let completed = child.name == "tasklist" ? child.attributes["completed"] == "true" : nil
                    doc.items.append(Item(level: depth, completed: completed, line: line, text: text))
                    doc.parents.append(parent)
                    doc.lists.append(list)
                    visit(child, depth: depth + 1, parent: doc.items.count - 1)
                default:
                    visit(child, depth: depth, parent: parent, list: list)
                }
            }
        }
        visit(tree, depth: 0)
        for child in tree.children where child.name == "heading" {
            doc.headings.append(Heading(level: Int(child.attributes["level"] ?? "") ?? 0, text: plainText(child),
                                        line: position(child.attributes["sourcepos"]).0))
        }
        return doc
    }

    /// What inline content shows: text, code, HTML as is; soft and hard breaks as line feeds.
    package static func plainText(_ node: XMLTree) -> String {
        switch node.name {
        case "text", "code", "html_inline": return node.text
        case "softbreak", "linebreak": return "\n"
        default: return node.children.map(plainText).joined()
        }
    }

    /// "12:3-14:7" → (12, 3).
    package static func position(_ s: String?) -> (Int, Int) {
        let start = (s ?? "0:0").split(separator: "-").first ?? "0:0"
        let parts = start.split(separator: ":").compactMap { Int($0) }
        return (parts.first ?? 0, parts.count > 1 ? parts[1] : 0)
    }

    /// Lines as CommonMark splits them (LF, CR, CRLF), without their endings.
    package static func sourceLines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x0A || bytes[i] == 0x0D {
                lines.append(bytes[start..<i])
                if bytes[i] == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A { i += 1 }
                start = i + 1
            }
            i += 1
        }
        lines.append(bytes[start..<bytes.count])
        return lines
    }

    package static func trim(_ s: String) -> String {
        String(s.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

/// A small XML tree read with Foundation's `XMLParser`.
package final class XMLTree {
    package let name: String
    package let attributes: [String: String]
    package var children: [XMLTree] = []
    package var text = ""

    package init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    package static func parse(_ data: Data) throws -> XMLTree {
        let builder = Builder()
        let parser = XMLParser(data: data)
        parser.delegate = builder
        guard parser.parse(), let root = builder.root else {
            throw CmarkReference.Failure.failed("unreadable XML: \(parser.parserError.map { "\($0)" } ?? "?")")
        }
        return root
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var stack: [XMLTree] = []
        var root: XMLTree?

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            let node = XMLTree(name: name, attributes: attributes)
            stack.last?.children.append(node)
            stack.append(node)
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            let node = stack.removeLast()
            if stack.isEmpty { root = node }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.text += string
        }
    }
}
