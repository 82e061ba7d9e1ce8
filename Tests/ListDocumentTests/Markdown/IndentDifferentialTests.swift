import Foundation
import Testing
@testable import ListDocument
import TableKit
import ListStorage
import TestSupport

/// Indent and outdent as the editor makes them (issue 16: a row with its nested rows one level in,
/// only under a previous sibling, or one level out), saved, then read by cmark-gfm: every item of
/// the saved file must have the level and first line the list says, on generated documents (every
/// marker kind, ordered lists, continuation and lazy lines, code in items, quotes, tabs). A save the
/// writer refuses (what Markdown cannot hold) must name why; none may be read otherwise.
@Suite struct IndentDifferentialTests {
    /// The list items of a model as cmark-gfm would list them: levels and first-line texts.
    static func items(_ model: ListModel) -> [(level: Int, text: String)] {
        model.sections.flatMap { section in
            section.rows.filter { !$0.isPassage }.map { (level: $0.level, text: $0.text) }
        }
    }

    /// Row `r`'s block end: the rows after it deeper than it, up to a passage.
    static func blockEnd(_ rows: RowList, _ r: Int) -> Int {
        var e = r + 1
        while e < rows.count, !rows.attributes(at: e).isPassage, rows.attributes(at: e).level > rows.attributes(at: r).level { e += 1 }
        return e
    }

    /// Whether cmark-gfm reads `bytes` as `expected` (levels and texts); a description otherwise.
    static func mismatch(_ bytes: [UInt8], _ expected: [(level: Int, text: String)]) throws -> String? {
        let read = try CmarkReference.read(bytes).items
        guard read.count == expected.count else { return "cmark-gfm reads \(read.count) items, the list has \(expected.count)" }
        for (k, (r, e)) in zip(read, expected).enumerated() {
            if r.level != e.level { return "item \(k) \(r): level \(e.level) expected" }
            // A row's text that would read as a checkbox is written escaped (`\[x] eggs`).
            if let text = r.text, text != CmarkReference.trim(e.text), text != "\\" + CmarkReference.trim(e.text) { return "item \(k) \(r): text '\(e.text)' expected" }
        }
        return nil
    }

    @Test func everyIndentAndOutdentReadsBackInCmark() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        var checked = 0, failures = 0, skipped = 0, refused = 0
        for seed in UInt64(1)...150 {
            var generator = MarkdownGenerator(seed: seed)
            let bytes = generator.document()
            let path = dir.file("d\(seed).md", String(decoding: bytes, as: UTF8.self))
            let original = try ListDocument.open(path)
            // Only documents cmark-gfm reads as listedit does to begin with.
            guard (try Self.mismatch(try original.serialized(), Self.items(original.model))) == nil else { skipped += 1; continue }
            for s in original.model.sections.indices {
                let rows = original.model.sections[s].rows
                for r in rows.indices where !rows.attributes(at: r).isPassage {
                    let level = rows.attributes(at: r).level
                    for delta in [1, -1] {
                        if delta > 0 {
                            guard r > 0, !rows.attributes(at: r - 1).isPassage, rows.attributes(at: r - 1).level >= level else { continue }
                        } else if level == 0 { continue }
                        var doc = original
                        for i in r..<Self.blockEnd(rows, r) {
                            var a = doc.model.sections[s].rows.attributes(at: i)
                            a.level += delta
                            doc.model.sections[s].rows.setAttributes(a, at: i)
                        }
                        // Tab and Shift+Tab ask the writer first (the same rule): they refuse exactly these.
                        let refusal = original.relevelRefusal(section: s, rows: r..<Self.blockEnd(rows, r),
                                                              levels: (r..<Self.blockEnd(rows, r)).map { rows.attributes(at: $0).level + delta })
                        let saved: [UInt8]
                        do { saved = try doc.serialized() } catch {
                            #expect(refusal != nil, "seed \(seed): the save refuses [\(s), \(r)], the key would not: \(error)")
                            // The writer refuses what Markdown cannot hold (a passage indented so
                            // that it would join the re-levelled item), naming it: never a wrong file.
                            refused += 1
                            #expect("\(error)".contains("cannot"), "seed \(seed): \(error)")
                            continue
                        }
                        #expect(refusal == nil, "seed \(seed): the key would refuse [\(s), \(r)], the save does not: \(refusal ?? "")")
                        checked += 1
                        if let problem = try Self.mismatch(saved, Self.items(doc.model)) {
                            failures += 1
                            if failures <= 5 {
                                Issue.record("seed \(seed) row [\(s), \(r)] \(delta > 0 ? "in" : "out"): \(problem) in \(String(decoding: saved, as: UTF8.self).debugDescription)")
                            }
                        }
                    }
                }
            }
        }
        #expect(failures == 0)
        #expect(checked > 400 && refused < checked / 20, "checked \(checked), refused \(refused), skipped \(skipped) documents")
    }
}
