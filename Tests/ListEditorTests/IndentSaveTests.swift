import Testing
import ListDocument
import ListEditor
import TableKit
import ListStorage
import TerminalUI
import TestSupport

/// Tab and Shift+Tab refuse exactly the indents a save would refuse (docs/file-formats.md,
/// "What cannot be written"), saying why; every other one saves and reads back as shown.
@MainActor
@Suite struct IndentSaveTests {
    static let files = [
        "# A\n- a\n-\n- c\n",
        "# A\n- a\n- b\n  more of b\n\n      code under b\n- c\n",
        "# A\n1. a\n2. b\n3.\n",
        "# A\n- a\n- b\n   > quote\n- c\n",
        "# A\n- a\n\n  para of a\n- b\n\n   text\n",
        "# A\n- a\n  - a1\n- b\n\n     indented\n",
        "- a\n- b\n\n  1. c\n\n<!-- x -->\n- d\n",
        "# A\n* a\n\n- b\n- c\n",
        "# A\n- a\n- b\n***\n- c\n",
        "# A\n- [ ] a\n- [x]\n- c\n",
        "# A\n- a\n-    b\n\n   text\n",
        "# A\n- a\n10. b\n\n  text\n- c\n",
        "# A\n- a\n  - a1\n-   b\n    - b1\n\n   text\n",
    ]

    /// The levels of the rows of a file as read.
    static func levels(_ model: ListModel) -> [[Int?]] {
        model.sections.map { $0.rows.map { $0.isPassage ? nil : $0.level } }
    }

    /// Whether `document` saves and reads back with the levels of its model.
    static func savesAsShown(_ document: ListDocument, in folder: TempFolder) throws -> Bool {
        guard let bytes = try? document.serialized() else { return false }
        let back = folder.file("back.md", String(decoding: bytes, as: UTF8.self))
        return levels(try ListDocument.open(back).model) == levels(document.model)
    }

    @Test func tabIsAcceptedExactlyWhenTheSaveWritesIt() throws {
        let folder = TempFolder()
        defer { folder.remove() }
        var refusedBySave = 0, accepted = 0
        for (f, text) in Self.files.enumerated() {
            for (key, delta) in [(Key.tab, 1), (.backTab, -1)] {
                let path = folder.file("f\(f).md", text)
                let editor = ListEditor.started(document: try ListDocument.open(path), animations: false)
                editor.send(.resize(width: 60, height: 30))
                let original = Self.levels(editor.model)
                for (s, section) in editor.model.sections.enumerated() {
                    let rows = section.rows
                    for r in 0..<rows.count where !rows[r].isPassage {
                        let context = "file \(f) \(key) on [\(s), \(r)]"
                        // CommonMark's rule: in under a previous sibling, out from a level above 0.
                        let level = rows[r].level
                        let byRule = delta > 0 ? r > 0 && !rows[r - 1].isPassage && rows[r - 1].level >= level : level > 0
                        // The same change made straight in the model: does it save as shown?
                        var saves = false
                        if byRule {
                            var doc = editor.document
                            var e = r + 1
                            while e < rows.count, !rows[e].isPassage, rows[e].level > level { e += 1 }
                            for i in r..<e {
                                var a = doc.model.sections[s].rows.attributes(at: i)
                                a.level += delta
                                doc.model.sections[s].rows.setAttributes(a, at: i)
                            }
                            saves = try Self.savesAsShown(doc, in: folder)
                        }
                        editor.controller.perform(.moveCursor(.to(.row(IndexPath(row: r, section: s)))))
                        editor.send(.key(key))
                        let changed = Self.levels(editor.model) != original
                        #expect(changed == (byRule && saves), "\(context): \(editor.statusMessage ?? "")")
                        if changed {
                            accepted += 1
                            #expect(try Self.savesAsShown(editor.document, in: folder), "\(context)")
                            editor.send(.key(.char("u")))
                        } else if byRule {
                            refusedBySave += 1
                            #expect(editor.statusMessage?.contains("saving would fail (") == true, "\(context): \(editor.statusMessage ?? "")")
                        }
                    }
                }
            }
        }
        #expect(refusedBySave >= 4 && accepted >= 15, "\(refusedBySave) refused, \(accepted) accepted")
    }
}
