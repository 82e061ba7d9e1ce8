import Testing
import TestSupport
@testable import ListDocument

/// The save's read-back check scans only the sections that changed
/// (`MarkdownWriter.verifiesChangedSections`). These tests check the fact it rests on (a piece
/// cut at a safe ATX heading scans alone as it scans in the whole file) and the check itself
/// against the check of the whole output.
@Suite struct MarkdownSaveCheckTests {
    /// Documents with many sections: corpus files, generated documents (fences left open, HTML
    /// blocks, setext headings, quotes, lists) joined under ATX headings, some indented or right
    /// after text.
    static func documents() throws -> [[UInt8]] {
        var documents = try Corpus.files().map(\.bytes)
        var g = SplitMix64(seed: 77)
        for seed in UInt64(1)...(Generated.count / 2) {
            var out: [UInt8] = []
            for k in 0..<Int.random(in: 1...10, using: &g) {
                let heading = ["# S\(k)\n", "## Part \(k) ##\n", "  # indented \(k)\n", "#no heading\n", "Setext \(k)\n---\n"]
                if k > 0 || Bool.random(using: &g) { out += Array(heading[Int.random(in: 0..<heading.count, using: &g)].utf8) }
                var generator = MarkdownGenerator(seed: seed * 8 + UInt64(k))
                out += generator.document()
                if Int.random(in: 0..<4, using: &g) == 0 { out.removeLast() }  // no blank line (or line ending) before the next
            }
            documents.append(out)
        }
        return documents
    }

    /// Where the check may cut `bytes`: before a top-level ATX heading whose `#` is at column 0,
    /// after a block that ends `.closed` or `.paragraph`.
    static func cuts(_ bytes: [UInt8], _ scan: MarkdownScan) -> [Int] {
        scan.blocks.indices.dropFirst().filter { i in
            let b = scan.blocks[i], start = Int(b.start)
            return b.kind == .heading && b.headingStyle == .atx && bytes[start] == 0x23
                && (bytes[start - 1] == 0x0A || bytes[start - 1] == 0x0D)
                && (scan.blocks[i - 1].ending == .closed || scan.blocks[i - 1].ending == .paragraph)
        }
    }

    /// A block of a piece's scan as the whole scan has it: offsets moved by `bytes`, block
    /// indices (a tail's owner) by `blocks`.
    static func moved(_ b: MarkdownBlock, bytes: Int, blocks: Int) -> MarkdownBlock {
        var b = b
        b.start += UInt32(bytes)
        switch b.kind {
        case .item, .heading:
            b.word1 += UInt32(bytes)
            b.word2 += UInt32(bytes)
        case .tail:
            b.word1 += UInt32(blocks)
        case .passage, .blank:
            break
        }
        return b
    }

    @Test func piecesCutAtSafeHeadingsScanAloneAsInTheWholeFile() throws {
        var cutsMade = 0
        for (d, bytes) in try Self.documents().enumerated() {
            let whole = MarkdownScanner.scan(bytes)
            let cuts = Self.cuts(bytes, whole)
            cutsMade += cuts.count
            let bounds = [0] + cuts + [whole.blocks.count]
            for (a, z) in zip(bounds, bounds.dropFirst()) {
                let from = a == 0 ? 0 : Int(whole.blocks[a].start), to = whole.end(of: z - 1)
                let piece = MarkdownScanner.scan(Array(bytes[from..<to]))
                let got = piece.blocks.map { Self.moved($0, bytes: from, blocks: a) }
                #expect(got == Array(whole.blocks[a..<z]), "document \(d), blocks \(a)..<\(z): \(String(decoding: bytes[from..<to], as: UTF8.self).debugDescription)")
                #expect(piece.length == to - from)
            }
        }
        #expect(cutsMade > 250)
    }

    /// Checks `output` both ways: the check by sections (bytes it scanned, nil when it could not
    /// show the output right) and the check of the whole output (nil when it passed).
    static func bothChecks(_ writer: MarkdownWriter, _ rendered: MarkdownWriter.Rendered, _ output: [UInt8],
                           _ list: MarkdownList) -> (sections: Int?, whole: DocumentError?) {
        let sections = writer.checkedBytesOfChangedSections(output, list, rendered)
        do {
            try writer.verify(output, list)
            return (sections, nil)
        } catch {
            return (sections, error)
        }
    }

    @Test func checkBySectionsPassesOnlyWhereTheWholeCheckPasses() throws {
        var bySections = 0, scanned = 0, total = 0, tampered = 0
        for (d, bytes) in try Self.documents().enumerated() {
            let scan = MarkdownScanner.scan(bytes)
            #expect(MarkdownWriter.isUnchanged(MarkdownList(scan), scan))
            for seed in UInt64(1)...3 {
                var list = MarkdownList(scan)
                var editor = ListEdits(seed: seed * 1000 + UInt64(d))
                editor.apply(Int(seed % 3) + 1, to: &list, scan)
                #expect(MarkdownWriter.isUnchanged(list, scan) == (list == MarkdownList(scan)), "document \(d) seed \(seed)")
                let writer = MarkdownWriter(file: bytes, scan: scan, name: "d.md")
                // Indexing only the file's sections that the changed sections draw from (and
                // taking sections found unchanged as valid) validates and writes the same.
                let narrow = MarkdownWriter(file: bytes, scan: scan, name: "d.md", changing: list)
                #expect(((try? writer.validate(list)) != nil) == ((try? narrow.validate(list)) != nil), "document \(d) seed \(seed)")
                guard (try? writer.validate(list)) != nil, let rendered = try? writer.render(list) else { continue }
                #expect((try? narrow.render(list))?.bytes == rendered.bytes, "document \(d) seed \(seed)")
                let output = rendered.bytes
                let (sections, whole) = Self.bothChecks(writer, rendered, output, list)
                if let sections {
                    #expect(whole == nil, "document \(d) seed \(seed): the sections pass, the whole fails: \(whole.map { "\($0)" } ?? "")")
                    bySections += 1
                    scanned += sections
                    total += output.count
                }
                // A byte changed anywhere (a checkbox, a marker, a heading's `#`) must not pass
                // one check and fail the other.
                var g = SplitMix64(seed: seed &+ UInt64(d) &* 31)
                for _ in 0..<2 where !output.isEmpty {
                    var bad = output
                    let at = Int.random(in: 0..<bad.count, using: &g)
                    bad[at] = [0x78, 0x20, 0x2D, 0x23, 0x0A, 0x60][Int.random(in: 0..<6, using: &g)]
                    guard bad != output else { continue }
                    let (s, w) = Self.bothChecks(writer, rendered, bad, list)
                    if s != nil {
                        #expect(w == nil, "document \(d) seed \(seed): byte \(at) changed passes by sections only")
                    }
                    if w != nil { tampered += 1 }
                }
            }
        }
        #expect(bySections > 50)
        #expect(tampered > 50)
        // Edits touch a few sections (of these short documents): not every byte is scanned again.
        #expect(scanned * 10 < total * 9)
    }

    /// One toggle in a long file: the check scans the changed section and nothing else.
    @Test func oneToggleScansOneSection() throws {
        var text = "---\ntitle: t\n---\n\nIntro\n"
        for s in 0..<200 {
            text += "# Section \(s)\n\nNotes with `code`.\n\n- [ ] task \(s)\n  - nested\n1. one\n\n```\n- not\n```\n\n> - quoted\n\n"
        }
        let bytes = Array(text.utf8)
        let scan = MarkdownScanner.scan(bytes)
        var list = MarkdownList(scan)
        let s = 120
        let r = try #require(list.sections[s].rows.firstIndex { $0.checkbox != nil })
        list.sections[s].rows[r].checkbox = true
        let writer = MarkdownWriter(file: bytes, scan: scan, name: "t.md")
        let rendered = try writer.render(list)
        let scanned = try #require(writer.checkedBytesOfChangedSections(rendered.bytes, list, rendered))
        let section = scan.end(of: scan.sections()[s + 1].heading! - 1) - Int(scan.blocks[scan.sections()[s].heading!].start)
        #expect(scanned == section)
        #expect(try MarkdownWriter.write(bytes, scan, list, name: "t.md") == rendered.bytes)
        #expect(MarkdownList(MarkdownScanner.scan(rendered.bytes)) == list)
    }

    /// A change in every section of a long file: each section is scanned and checked alone, so
    /// the check holds one section's scan at a time; with no splice wanted (`listedit apply`)
    /// each scan is let go once checked, and the bytes are the same.
    @Test func aChangeInEverySectionIsCheckedSectionBySection() throws {
        var text = ""
        for s in 0..<40 { text += "# Section \(s)\n\n- [ ] a \(s)\n- [ ] b\n  - nested\n\n```\n# not a heading\n```\n\n" }
        let bytes = Array(text.utf8)
        let scan = MarkdownScanner.scan(bytes)
        var list = MarkdownList(scan)
        for s in list.sections.indices { list.sections[s].rows[0].checkbox = true }
        let written = try MarkdownWriter.writeKeepingScans(bytes, scan, list, name: "t.md")
        let splice = try #require(written.splice)
        #expect(splice.parts.count == 40)
        // The parts, moved to where they stand, are the scan of the whole output.
        var blocks: [MarkdownBlock] = []
        for part in splice.parts {
            guard case .scanned(let sections, let piece, let newStart) = part else {
                Issue.record("a changed section copied")
                continue
            }
            #expect(sections.count == 1)
            let first = blocks.count
            blocks += piece.blocks.map { Self.moved($0, bytes: newStart, blocks: first) }
        }
        #expect(blocks == MarkdownScanner.scan(written.bytes).blocks)
        let alone = try MarkdownWriter.writeKeepingScans(bytes, scan, list, name: "t.md", splice: false)
        #expect(alone.bytes == written.bytes)
        #expect(alone.splice == nil)
        #expect(MarkdownList(MarkdownScanner.scan(written.bytes)) == list)
    }
}
