import Testing
import TestSupport
@testable import ListDocument

/// The scanner's fast paths (blank lines, plain text lines, list item lines) against its general
/// path, which `usesFastPaths = false` forces: the scans must be identical, block for block.
@Suite struct MarkdownFastPathTests {
    /// Both ways over `bytes`; also how many lines the fast paths took.
    static func compare(_ bytes: [UInt8]) -> (same: Bool, fastLines: Int) {
        var fast = MarkdownScanner()
        var general = MarkdownScanner()
        general.usesFastPaths = false
        bytes.withUnsafeBufferPointer { b in
            fast.finish(b)
            general.finish(b)
        }
        let a = fast.result, g = general.result
        let same = a.blocks == g.blocks && a.linkReferences == g.linkReferences && a.unclosedFences == g.unclosedFences
            && a.length == g.length && a.stableCount == g.stableCount && a.linkReferencesVersion == g.linkReferencesVersion
        return (same, fast.fastLines)
    }

    /// Lines at the edges of each fast path's shape, alone and after each other.
    static let edges: [String] = [
        "- a", "- [ ] a", "- [x]", "- [ ]   ", "- [X]\tb", "- [ ]\u{0B}c", "-  [x] d", "-    e", "-     f", "-\tg",
        "* a", "+ b", "1. c", "2. d", "1) e", "10. f", "123456789. g", "1234567890. h", "0. i", "-a", "1.a",
        "  - a", "   - b", "    - c", "     - d", "      - e", "  1. f", "   2) g",
        "a", "  b", "    c", "  ", "", "\t", " \t ", "é", "日本",
        "# h", "Set", "===", "---", "- - a", "- # h", "- > q", "> - q", "> a", "```", "~~~", "    code",
        "<div>", "[a]: /u", "- [a]: /u", "| a | b |", "|---|---|", "- `x`", "- *a*", "2. x", "1. y",
    ]

    @Test func edgeLinesScanTheSameBothWays() {
        var fastLines = 0
        for a in Self.edges {
            for b in Self.edges {
                for c in ["- x", "  y", "", "z"] {
                    for newline in ["\n", "\r\n", "\r"] {
                        let doc = "# T" + newline + a + newline + b + newline + c + newline
                        let (same, n) = Self.compare(Array(doc.utf8))
                        #expect(same, "\(doc.debugDescription)")
                        fastLines += n
                    }
                }
            }
        }
        #expect(fastLines > 10_000)
    }

    @Test func corpusAndGeneratedDocumentsScanTheSameBothWays() throws {
        var documents = try Corpus.files().map(\.bytes)
        for seed in UInt64(1)...Generated.count {
            var generator = MarkdownGenerator(seed: seed)
            documents.append(generator.document())
        }
        var fastLines = 0
        for (k, bytes) in documents.enumerated() {
            let (same, n) = Self.compare(bytes)
            #expect(same, "document \(k): \(String(decoding: bytes, as: UTF8.self).debugDescription)")
            fastLines += n
        }
        #expect(fastLines > 1_000)
    }

    /// Random list-shaped documents: items at random indentation (nested, lazy, misaligned), with
    /// every marker, spacing, checkbox and first character, blank lines of spaces, paragraphs,
    /// and now and then a quote, a fence or a heading.
    @Test func listShapedDocumentsScanTheSameBothWays() {
        var g = SplitMix64(seed: 2024)
        func pick<T>(_ xs: [T]) -> T { xs[Int.random(in: 0..<xs.count, using: &g)] }
        var fastLines = 0
        for _ in 0..<3_000 {
            var lines: [String] = []
            for _ in 0..<Int.random(in: 1...30, using: &g) {
                let indent = String(repeating: " ", count: pick([0, 0, 0, 1, 2, 2, 3, 4, 4, 5, 6, 8]))
                switch Int.random(in: 0...9, using: &g) {
                case 0...4:
                    let marker = pick(["-", "-", "*", "+", "1.", "2.", "1)", "10.", "0."])
                    let spacing = pick([" ", " ", " ", "  ", "   ", "    ", "     ", "\t", ""])
                    let text = pick(["a", "b c", "[ ] t", "[x] u", "[X]", "[ ]", "[ ]  ", "[y] v", "`c`", "# h", "- n", "é", "[l](x)"])
                    lines.append(indent + marker + spacing + text)
                case 5, 6: lines.append(indent + pick(["text", "more", "é", "x y"]))
                case 7: lines.append(pick(["", "", " ", "  ", "    ", "\t"]))
                case 8: lines.append(indent + pick(["> q", "```", "# H", "---", "===", "<div>", "[r]: /u", "| a |"]))
                default: lines.append(indent + pick(["-", "1.", "*"]))
                }
            }
            let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
            let (same, n) = Self.compare(bytes)
            #expect(same, "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
            fastLines += n
        }
        #expect(fastLines > 10_000)
    }

    /// Limits the fast path leaves to the general one: 254 levels of rows, a marker 64 KiB into
    /// its line.
    @Test func limitsScanTheSameBothWays() {
        var deep = ""
        for level in 0..<260 { deep += String(repeating: " ", count: 2 * level) + "- [ ] level \(level)\n" }
        #expect(Self.compare(Array(deep.utf8)).same)
        let far = "- a\n" + String(repeating: " ", count: 70_000) + "- b\n- c\n"
        #expect(Self.compare(Array(far.utf8)).same)
    }
}
