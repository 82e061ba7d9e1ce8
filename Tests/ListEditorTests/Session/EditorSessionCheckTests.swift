import ListDocument
import TableKit
import ListStorage
import Testing

/// The session test's own checks see what they are for: blank lines between untouched sections
/// and after headings, and numbers other than the model's items had.
@MainActor
@Suite struct EditorSessionCheckTests {
    func saved(_ text: String) throws -> EditorSession.SavedState {
        let bytes = Array(text.utf8)
        return EditorSession.SavedState(bytes: bytes, model: try MarkdownFormat.read(bytes, name: "t.md").model)
    }

    @Test func untouchedChangeSeesBlankLinesBetweenSectionsAndAfterHeadings() throws {
        let old = try saved("# A\n\n- a\n\n# B\n\n- b\n")
        #expect(EditorSession.untouchedChange(old: old, shown: old.model, new: old.bytes) == nil)
        for changed in ["# A\n\n- a\n# B\n\n- b\n", "# A\n- a\n\n# B\n\n- b\n", "# A\n\n- a\n\n## B\n\n- b\n"] {
            #expect(EditorSession.untouchedChange(old: old, shown: old.model, new: Array(changed.utf8)) != nil, "\(changed.debugDescription)")
        }
        // A file that does not hold the model's headings and rows is reported, not passed.
        #expect(EditorSession.untouchedChange(old: old, shown: old.model, new: Array("# A\n\n- a\n".utf8)) != nil)
    }

    @Test func numbersAreCheckedAsTheItemsHadThem() throws {
        let old = try saved("# S\n\n7. a\n8. b\n9. c\n\n# R\n\n1. x\n1. y\n")
        var shown = old.model
        shown.sections[0].rows.replaceSubrange(1..<2, with: [])   // b deleted
        func check(_ text: String) -> String? { EditorSession.numberingViolation(old: old, shown: shown, new: Array(text.utf8)) }
        #expect(check("# S\n\n7. a\n8. c\n\n# R\n\n1. x\n1. y\n") == nil)
        #expect(check("# S\n\n7. a\n9. c\n\n# R\n\n1. x\n1. y\n") != nil)
        #expect(check("# S\n\n1. a\n2. c\n\n# R\n\n1. x\n1. y\n") != nil)   // in sequence, but not from 7 as the items were
        #expect(check("# S\n\n7. a\n8. c\n\n# R\n\n1. x\n2. y\n") != nil)   // untouched, all alike before
    }
}
