import Testing
import TestSupport
@testable import ListDocument

/// The scan's shape: compact blocks, resumable scanning, link definitions, front matter and the
/// first-line text of items.
@Suite struct MarkdownScanDetailTests {
    @Test func aBlockTakes24Bytes() {
        #expect(MemoryLayout<MarkdownBlock>.stride == 24)
    }

    /// Fed in chunks cut anywhere (mid-line, between CR and LF), the scanner reaches the same
    /// scan as all at once.
    @Test func scanningInChunksGivesTheSameScan() throws {
        var files = try Corpus.files().map(\.bytes)
        for seed in UInt64(1)...60 {
            var generator = MarkdownGenerator(seed: seed)
            files.append(generator.document())
        }
        var g = SplitMix64(seed: 9)
        for bytes in files {
            let whole = MarkdownScanner.scan(bytes)
            var scanner = MarkdownScanner()
            var cut = 0
            bytes.withUnsafeBufferPointer { all in
                while cut < bytes.count {
                    cut = min(bytes.count, cut + Int.random(in: 1...40, using: &g))
                    scanner.feed(UnsafeBufferPointer(rebasing: all[0..<cut]))
                    // Blocks already stable do not change later (but for the loose mark that a
                    // list's first item gets when the list ends).
                    let stable = scanner.result.stableCount
                    #expect(scanner.result.blocks.prefix(stable).map(unmarked) == whole.blocks.prefix(stable).map(unmarked))
                }
                scanner.finish(all)
            }
            #expect(scanner.result.blocks == whole.blocks)
            #expect(scanner.result.linkReferences == whole.linkReferences)
        }
    }

    func unmarked(_ block: MarkdownBlock) -> MarkdownBlock {
        var b = block
        if b.kind == .item { b.looseList = false }
        return b
    }

    @Test func linkDefinitionsAreCollectedFirstOneWins() {
        let bytes = Array("- see [a] and [B]\n\n[a]: /one \"One\"\n[A]: /two\n\n> [b]: <x y>\n- [c]: /three\n".utf8)
        let scan = MarkdownScanner.scan(bytes)
        #expect(scan.linkReferences["a"] == MarkdownLinkReference(destination: "/one", title: "One"))
        #expect(scan.linkReferences["b"] == MarkdownLinkReference(destination: "x y", title: nil))
        #expect(scan.linkReferences["c"]?.destination == "/three")
        #expect(scan.linkReferencesVersion == 3)
        #expect(scan.blocks[1].passageKind == .linkReferences)
        // The row drawn before the definitions were read shows links once they are.
        #expect(MarkdownInline.render(bytes[scan.blocks[0].textRange], references: scan.linkReferences).text == "see a and B")
    }

    @Test func aLaterDefinitionRaisesTheVersion() {
        var scanner = MarkdownScanner()
        let bytes = Array("- [x] item [ref]\n\n[ref]: /u\n".utf8)
        bytes.withUnsafeBufferPointer { all in
            scanner.feed(UnsafeBufferPointer(rebasing: all[0..<17]))
            #expect(scanner.result.linkReferencesVersion == 0)
            scanner.finish(all)
        }
        #expect(scanner.result.linkReferencesVersion == 1)
    }

    @Test func frontMatterIsTheFirstPassage() {
        let yaml = MarkdownScanner.scan(Array("\u{FEFF}---\ntitle: x\n- not an item\n...\n\n- item\n".utf8))
        #expect(yaml.blocks.map(\.kind) == [.passage, .item])
        #expect(yaml.blocks[0].passageKind == .frontMatter)
        let toml = MarkdownScanner.scan(Array("+++\na = 1\n+++\n# H\n".utf8))
        #expect(toml.blocks[0].passageKind == .frontMatter && toml.blocks[1].kind == .heading)
        // Never closed: not front matter (a rule, then a list).
        let open = MarkdownScanner.scan(Array("---\n- a\n".utf8))
        #expect(open.blocks.map(\.kind) == [.passage, .item])
        #expect(open.blocks[0].passageKind == .thematicBreak)
    }

    @Test func itemsRecordMarkerCheckboxAndText() {
        let bytes = Array("  7) [X]  buy *milk*  \r\n- - nested\n".utf8)
        let scan = MarkdownScanner.scan(bytes)
        let first = scan.blocks[0]
        #expect(first.marker == .ordered(number: 7, delimiter: 0x29))
        #expect(first.markerOffset == 2 && first.markerWidth == 2)
        #expect(first.checkbox == true && bytes[first.checkboxStateOffset!] == 0x58)
        #expect(scan.text(of: 0, in: bytes) == "buy *milk*  ")
        #expect(scan.blocks[1].kind == .item && scan.blocks[1].textRange.isEmpty)
        #expect(scan.blocks[2].level == 1 && scan.text(of: 2, in: bytes) == "nested")
        #expect(scan.blocks[2].start == scan.blocks[2].start && Int(scan.blocks[2].start) == bytes.count - 9)
    }
}

/// Escaping a row's literal text and reading it back.
@Suite struct MarkdownTextTests {
    /// Every text of up to three characters from an alphabet of what Markdown reads at a line's
    /// start: escaped, written as an item and read back, it is the same text with no checkbox.
    @Test func everyShortTextReadsBackAsItself() {
        let alphabet = [" ", "\t", "#", "-", "*", "+", "1", ".", ")", ">", "[", "]", "x", "\\", "`", "~", "<", "&", "=", "a", "_", "!"]
        var texts = [""]
        for length in 1...3 {
            var next: [String] = []
            for t in texts where t.count == length - 1 { for c in alphabet { next.append(t + c) } }
            texts += next
        }
        texts += ["&#32;x", "&#9;x", "1\\. y", "123456789. z", "<div>", "[a]: /u", "[x] done", "```js", "~~~", "***", "<!-- c", "a  "]
        for text in texts {
            let escaped = MarkdownText.escapeItem(text)
            #expect(MarkdownText.unescapeItem(escaped) == Array(text.utf8), "\(text.debugDescription)")
            let bytes = Array("- ".utf8) + escaped + [0x0A]
            let scan = MarkdownScanner.scan(bytes)
            let ok = scan.blocks.count == 1 && scan.blocks[0].kind == .item && scan.blocks[0].checkbox == nil
                && MarkdownText.item(source: bytes[scan.blocks[0].textRange]) == text
            #expect(ok, "\(text.debugDescription) written \(String(decoding: bytes, as: UTF8.self).debugDescription)")
        }
    }

    @Test func titlesReadBackTrimmedWithTheirHashes() {
        for title in ["C #", "##", "foo \\#", "a#", "x ###", "#"] {
            let bytes = Array("## ".utf8) + MarkdownText.escapeTitle(title) + [0x0A]
            let scan = MarkdownScanner.scan(bytes)
            #expect(MarkdownText.title(source: bytes[scan.blocks[0].titleRange]) == title, "\(title)")
        }
        #expect(MarkdownText.escapeTitle("  C #  ") == Array("C \\#".utf8))
    }

    /// What cmark-gfm shows for an escaped text is the text itself.
    @Test func cmarkShowsTheEscapedTextLiterally() throws {
        let texts = ["# h", "1. x", "- y", "> q", "[x] done", "```", "---", "\\# not", "+", "7) z", "<div>", "  two"]
        let doc = texts.map { "- " + String(decoding: MarkdownText.escapeItem($0), as: UTF8.self) }.joined(separator: "\n")
        let tree = try XMLTree.parse(try CmarkReference.xml(Array(doc.utf8)))
        let items = tree.children.flatMap { $0.children }.filter { $0.name == "item" }
        #expect(items.map { CmarkReference.plainText($0) } == texts.map { $0.replacingOccurrences(of: "  ", with: "\u{20}\u{20}") })
    }
}
