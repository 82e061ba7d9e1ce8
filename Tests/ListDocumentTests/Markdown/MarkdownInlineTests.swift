import Foundation
import Testing
import TestSupport
@testable import ListDocument

/// The inline renderer against cmark-gfm: each line is a paragraph of one document (one process
/// for many lines); the display text must be cmark-gfm's and so must the emphasis, strong, code,
/// strikethrough, image and HTML styles of every byte.
@Suite struct MarkdownInlineTests {
    typealias Style = MarkdownInline.Style

    /// cmark-gfm's reading of each line (nil where the line is not a paragraph of its own).
    static func reference(_ lines: [String], definitions: String) throws -> [(text: String, styles: [Style])?] {
        let doc = lines.joined(separator: "\n\n") + "\n\n" + definitions
        let tree = try XMLTree.parse(try CmarkReference.xml(Array(doc.utf8)))
        var result: [(text: String, styles: [Style])?] = Array(repeating: nil, count: lines.count)
        for child in tree.children where child.name == "paragraph" {
            let (line, _) = CmarkReference.position(child.attributes["sourcepos"])
            guard line % 2 == 1, (line - 1) / 2 < lines.count else { continue }
            var bytes: [UInt8] = []
            var styles: [Style] = []
            func visit(_ node: XMLTree, _ style: Style) {
                switch node.name {
                case "text":
                    bytes += Array(node.text.utf8)
                    styles += Array(repeating: style, count: node.text.utf8.count)
                case "code":
                    bytes += Array(node.text.utf8)
                    styles += Array(repeating: style.union(.code), count: node.text.utf8.count)
                case "html_inline":
                    bytes += Array(node.text.utf8)
                    styles += Array(repeating: style.union(.html), count: node.text.utf8.count)
                case "softbreak", "linebreak":
                    bytes.append(0x0A)
                    styles.append(style)
                case "emph": node.children.forEach { visit($0, style.union(.emphasis)) }
                case "strong": node.children.forEach { visit($0, style.union(.strong)) }
                case "strikethrough": node.children.forEach { visit($0, style.union(.strikethrough)) }
                case "link": node.children.forEach { visit($0, style.union(.link)) }
                case "image": node.children.forEach { visit($0, style.union(.image)) }
                default: node.children.forEach { visit($0, style) }
                }
            }
            visit(child, [])
            result[(line - 1) / 2] = (String(decoding: bytes, as: UTF8.self), styles)
        }
        return result
    }

    static func styles(_ r: MarkdownInline.Rendered) -> [Style] {
        var styles = Array(repeating: Style(), count: r.text.utf8.count)
        for run in r.runs { for i in run.range { styles[i] = run.style } }
        return styles
    }

    /// Compares lines with cmark-gfm; returns the differences.
    static func differences(_ lines: [String], references: [String: MarkdownLinkReference], definitions: String) throws -> [String] {
        let reference = try Self.reference(lines, definitions: definitions)
        var problems: [String] = []
        for (line, r) in zip(lines, reference) {
            guard let r else { continue }
            let mine = MarkdownInline.render(Array(line.utf8), references: references)
            let compared: Style = [.emphasis, .strong, .code, .strikethrough, .image, .html]
            if mine.text != r.text || Self.styles(mine).map({ $0.intersection(compared) }) != r.styles.map({ $0.intersection(compared) }) {
                problems.append("\(line.debugDescription): cmark \(r.text.debugDescription), mine \(mine.text.debugDescription) \(mine.runs)")
            }
        }
        return problems
    }

    @Test func examples() {
        let r = MarkdownInline.render(Array("Buy **milk** and `jam` ([shop](https://x.y))".utf8))
        #expect(r.text == "Buy milk and jam (shop)")
        #expect(r.runs.map(\.style) == [[], [.strong], [], [.code], [], [.link], []])
        #expect(MarkdownInline.render(Array("\\*no\\* &amp; &#42; &copy;".utf8)).text == "*no* & * ©")
        #expect(MarkdownInline.render(Array("see [the docs][d]".utf8), references: ["d": .init(destination: "/d", title: nil)]).text == "see the docs")
        #expect(MarkdownInline.render(Array("see [the docs][d]".utf8)).text == "see [the docs][d]")
    }

    /// Item texts and titles of the corpus.
    @Test func corpusLinesAgreeWithCmark() throws {
        var lines: [String] = []
        var references: [String: MarkdownLinkReference] = [:]
        for (_, bytes) in try Corpus.files() {
            let scan = MarkdownScanner.scan(bytes)
            references.merge(scan.linkReferences) { a, _ in a }
            for (i, block) in scan.blocks.enumerated() where block.kind == .item || block.kind == .heading {
                let range = block.kind == .item ? block.textRange : block.titleRange
                let text = String(decoding: bytes[range], as: UTF8.self)
                if !text.contains("\n") && !text.isEmpty && MarkdownText.escapeItem(text) == Array(text.utf8) { lines.append(text) }
                _ = i
            }
        }
        let definitions = references.keys.sorted().map { "[\($0)]: /u" }.joined(separator: "\n")
        let problems = try Self.differences(lines, references: references, definitions: definitions)
        #expect(problems.isEmpty, "\(problems)")
    }

    static let tokens = ["a", "b", "foo", " ", " ", "*", "**", "***", "_", "__", "~", "~~", "~~~", "`", "``", "[", "]", "(u)",
                         "[x]", "[ref]", "![", "](v \"t\")", "<http://a.b>", "<b>", "</b>", "<!-- c -->", "&amp;", "&copy;",
                         "&#35;", "&bad;", "\\*", "\\_", "\\[", "\\", "!", ".", ",", "(", ")", "é", "日本", "-", "'", "\"",
                         "www.x.org", "https://x.y/z", "<a@b.co>", "*a*", "_a_", "**a**", "~~a~~", "`c`", "[t](u)", "[]"]

    @Test func generatedLinesAgreeWithCmark() throws {
        var g = SplitMix64(seed: 42)
        var lines: [String] = []
        while lines.count < Int(Generated.count) * 3 {
            var line = ""
            for _ in 0..<Int.random(in: 1...10, using: &g) { line += Self.tokens.randomElement(using: &g)! }
            line = CmarkReference.trim(line)
            if !line.isEmpty && MarkdownText.escapeItem(line) == Array(line.utf8) { lines.append(line) }
        }
        let references = ["ref": MarkdownLinkReference(destination: "/r", title: nil), "x": .init(destination: "/x", title: nil)]
        let problems = try Self.differences(lines, references: references, definitions: "[ref]: /r\n[x]: /x\n")
        #expect(problems.isEmpty, "\(problems.count) of \(lines.count): \(problems.prefix(8))")
    }
}
