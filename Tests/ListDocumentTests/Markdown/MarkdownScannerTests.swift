import Foundation
import Testing
import TestSupport
@testable import ListDocument

@Suite struct MarkdownScannerTests {
    static let samples: [String] = [
        "- a\n- b\n  - c\n",
        "# T\n- [ ] one\n- [x] two\n\n## U\n1. x\n2. y\n",
        "- a\n\n  para\n- b\n",
        "> - q\n- r\n",
        "```\n- no\n```\n- yes\n",
        "- - a\n1. - [ ] b\n",
        "Set\n===\n- a\nb\n",
        "- a\n  - b\n\n  tail\n- c\n",
        "* a\n- b\n+ c\n",
        "1. a\n1) b\n",
        "- a\n     code\n",
        "-\n  foo\n",
        "para\n1. x\n2. y\n",
        "para\n2. x\n",
        "- [ ] do [x] later\n",
        "a | b\n--|--\n- c\n",
        "<div>\n- no\n</div>\n\n- yes\n",
        "---\ntitle: x\n- y\n---\n- z\n",
        "\t- tab\n\t\t- deeper\n",
    ]

    @Test func agreesWithCmarkOnSamples() throws {
        for sample in Self.samples {
            let problems = try ScanComparison.differences(Array(sample.utf8))
            #expect(problems.isEmpty, "\(sample.debugDescription): \(problems)")
        }
    }

    /// The comparison sees lists, not only the flat sequence of items and levels: `- a` then
    /// `* b` is two lists, and the same items as one list is a difference; so is other nesting.
    @Test func listMembershipAndNestingAreCompared() throws {
        let two = try CmarkReference.read(Array("- a\n* b\n".utf8))
        let one = try CmarkReference.read(Array("- a\n- b\n".utf8))
        let nested = try CmarkReference.read(Array("- a\n  - b\n".utf8))
        let asOne = ListStructure(parents: [-1, -1], lists: [0, 0])
        #expect(asOne.differences(one).isEmpty)
        #expect(asOne.differences(two) == ["items 0 and 1: one list, but cmark reads two"])
        #expect(asOne.differences(two) { _, _ in true }.isEmpty)   // a break allowed there
        #expect(ListStructure(parents: [-1, -1], lists: [0, 1]).differences(one) == ["item 1: cmark reads it in the list of item 0, expected another list"])
        #expect(asOne.differences(nested).contains("item 1: cmark nests it in item 0, expected -1"))
        #expect(ListStructure.of(MarkdownScanner.scan(Array("- a\n* b\n".utf8))).differences(two).isEmpty)
        #expect(!ListStructure.of(MarkdownScanner.scan(Array("- a\n* b\n".utf8))).differences(one).isEmpty)
    }

    @Test func blocksPartitionTheFile() {
        for sample in Self.samples {
            let bytes = Array(sample.utf8)
            let scan = MarkdownScanner.scan(bytes)
            var joined: [UInt8] = []
            for i in scan.blocks.indices { joined += scan.bytes(of: i, in: bytes) }
            #expect(joined == bytes, "\(sample.debugDescription)")
        }
    }
}

@Suite struct MarkdownCorpusTests {
    /// Every corpus file: the items (order, level, task state, first-line text) and headings
    /// (level, text as displayed) the scanner finds are cmark-gfm's. Items inside block quotes are not rows (the quote is one
    /// passage), so the comparison skips them on both sides.
    @Test func corpusAgreesWithCmark() throws {
        let files = try Corpus.files()
        #expect(files.count >= 15)
        for (name, bytes) in files {
            let problems = try ScanComparison.differences(bytes)
            #expect(problems.isEmpty, "\(name): \(problems)")
        }
    }

    @Test func corpusBlocksPartitionEachFile() throws {
        for (name, bytes) in try Corpus.files() {
            let scan = MarkdownScanner.scan(bytes)
            var joined: [UInt8] = []
            for i in scan.blocks.indices { joined += scan.bytes(of: i, in: bytes) }
            #expect(joined == bytes, "\(name)")
        }
    }
}

@Suite struct MarkdownGeneratedTests {
    /// Seeded random documents: the scanner's items and headings are cmark-gfm's (the seed is in
    /// the failure message; items in block quotes are skipped on both sides).
    @Test func generatedDocumentsAgreeWithCmark() throws {
        var failures = 0
        for seed in UInt64(1)...Generated.count {
            var generator = MarkdownGenerator(seed: seed)
            let bytes = generator.document()
            let problems = try ScanComparison.differences(bytes)
            if !problems.isEmpty {
                failures += 1
                if failures <= 5 {
                    Issue.record("seed \(seed): \(problems.prefix(3).joined(separator: "; ")) in \(String(decoding: bytes, as: UTF8.self).debugDescription)")
                }
            }
        }
        #expect(failures == 0)
    }
}

/// How many generated documents a run checks: 300, or `LISTEDIT_MARKDOWN_DOCS` for a longer hunt.
enum Generated {
    static let count = UInt64(ProcessInfo.processInfo.environment["LISTEDIT_MARKDOWN_DOCS"] ?? "") ?? 300
}
