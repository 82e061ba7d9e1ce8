import Testing
@testable import ListDocument
import TableKit
import ListStorage
import TestSupport

/// Every move of one row to every other place in its section, across neighbouring lists of other
/// markers, numbers and indentation characters: saved, the file is what the model holds (as the
/// reader and cmark-gfm read it: items, nesting, task states); moved back (as undo does, on the
/// rows read again after the save) and saved again, the file's bytes as they were.
@Suite struct RowBytesMoveTests {
    static let files = [
        "# Lists\n\n- apple\n- banana\n\n1. one\n2. two\n",
        "# Tasks\n\n* [ ] one\n* [X] two\n- [x] three\n- [x] four\n",
        "- top\n\t- a\n\t\t- a.i\n\t- b\n+ other\n+ list\n",
        "# Notes\n\n- a lazy\ncontinuation\n- b\n1) c\n1) d\n",
        "# Plan\n\n7. seven\n8. eight\n9. nine\n\n* x\n  more of x\n* y\n",
    ]

    /// The rows of a model as (text, level, checkbox), passages as nil.
    static func shown(_ model: ListModel) -> [[String?]] {
        model.sections.map { $0.rows.map { $0.isPassage ? nil : "\($0.text) \($0.level) \(String(describing: $0.checkbox))" } }
    }

    @Test(arguments: files.indices)
    func everyMoveSavedAndMovedBackGivesTheBytesBack(_ f: Int) throws {
        let text = Self.files[f]
        let folder = TempFolder()
        defer { folder.remove() }
        let original = try ListDocument.open(folder.file("probe.md", text)).model
        var cases = 0
        for s in original.sections.indices {
            let rows = original.sections[s].rows
            for r in rows.indices where !rows[r].isPassage && (r + 1 == rows.count || rows[r + 1].isPassage || rows[r + 1].level <= rows[r].level) {
                for to in rows.indices where to != r {
                    var doc = try ListDocument.open(folder.file("m.md", text))
                    var row = doc.model.removeRow(at: IndexPath(row: r, section: s))
                    let after = doc.model.sections[s].rows
                    let above = to > 0 && !after[to - 1].isPassage ? after[to - 1].level + 1 : 0
                    // Only moves that keep every row within the level rule.
                    if to < after.count, !after[to].isPassage, after[to].level > min(row.level, above) + 1 { continue }
                    if to > 0, after[to - 1].isPassage, row.level > 0 { continue }
                    let level = row.level
                    row.level = min(row.level, above)
                    doc.model.insert(row, at: IndexPath(row: to, section: s))
                    let shown = Self.shown(doc.model)
                    try doc.save()
                    let saved = folder.bytes("m.md")
                    let context = "file \(f): row \(r) to \(to) saved \(String(decoding: saved, as: UTF8.self))"
                    #expect(Self.shown(try ListDocument.open(folder.file("back.md", String(decoding: saved, as: UTF8.self))).model) == shown, "\(context)")
                    let cmark = try CmarkReference.read(saved)
                    let items = doc.model.sections.flatMap { $0.rows.filter { !$0.isPassage } }
                    #expect(cmark.items.map(\.level) == items.map(\.level), "\(context)")
                    #expect(cmark.items.map(\.completed) == items.map(\.checkbox), "\(context)")
                    // Moved back on the rows read again, as undo does.
                    var back = doc.model.removeRow(at: IndexPath(row: to, section: s))
                    back.level = level
                    doc.model.insert(back, at: IndexPath(row: r, section: s))
                    try doc.save()
                    #expect(folder.text("m.md") == text, "\(context)")
                    cases += 1
                }
            }
        }
        #expect(cases > 0)
    }
}
