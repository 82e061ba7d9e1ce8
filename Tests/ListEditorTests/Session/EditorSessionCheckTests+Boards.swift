import ListDocument
import TableKit
import ListStorage
import Testing

/// The checks added for rows moved between lists and for Kanban boards, each on a planted fault:
/// a row that stayed taking the marker of rows moved in (`markerChange`), a card after a lane's
/// ending passages or above `**Complete**` (`kanbanEndViolation`), a checkbox a move changed
/// otherwise than the done lanes' rule (`checkboxChange`).
extension EditorSessionCheckTests {
    /// `model` with the row at `from` moved to `to` (section, row; `to` in final index space).
    func moving(_ model: ListModel, from: (Int, Int), to: (Int, Int), change: (inout ListModel.Row) -> Void = { _ in }) -> ListModel {
        var m = model
        var row = m.sections[from.0].rows[from.1]
        change(&row)
        m.sections[from.0].rows.replaceSubrange(from.1..<from.1 + 1, with: [])
        m.sections[to.0].rows.replaceSubrange(to.1..<to.1, with: [row])
        return m
    }

    /// The review's cases (rev25d, defect 2): `x` of `1. x` moved between or above the `*` items
    /// of another section's list; `one` and `two` stayed, so they keep `*`, and `x` takes it.
    @Test func markerChangeSeesStayedRowsTakingTheMarkerOfRowsMovedIn() throws {
        let old = try saved("# A\n\n* one\n* two\n\n# B\n\n1. x\n2. y\n")
        #expect(EditorSession.markerChange(old: old, shown: old.model, new: old.bytes) == nil)
        let between = moving(old.model, from: (1, 0), to: (0, 1))
        #expect(EditorSession.markerChange(old: old, shown: between, new: Array("# A\n\n* one\n* x\n* two\n\n# B\n\n1. y\n".utf8)) == nil)
        #expect(EditorSession.markerChange(old: old, shown: between, new: Array("# A\n\n1. one\n2. x\n3. two\n\n# B\n\n1. y\n".utf8)) != nil)
        let above = moving(old.model, from: (1, 0), to: (0, 0))
        #expect(EditorSession.markerChange(old: old, shown: above, new: Array("# A\n\n* x\n* one\n* two\n\n# B\n\n1. y\n".utf8)) == nil)
        #expect(EditorSession.markerChange(old: old, shown: above, new: Array("# A\n\n1. x\n2. one\n3. two\n\n# B\n\n1. y\n".utf8)) != nil)
        // An ordered delimiter is the marker too; the number is `numberingViolation`'s.
        let dots = moving(old.model, from: (0, 0), to: (1, 2))
        #expect(EditorSession.markerChange(old: old, shown: dots, new: Array("# A\n\n* two\n\n# B\n\n1. x\n2. y\n3. one\n".utf8)) == nil)
        #expect(EditorSession.markerChange(old: old, shown: dots, new: Array("# A\n\n* two\n\n# B\n\n1) x\n2) y\n3) one\n".utf8)) != nil)
        // A row moved into the neighbouring list of its section takes that list's marker.
        let neighbours = try saved("# A\n\n- apple\n- banana\n\n1. one\n2. two\n")
        let up = moving(neighbours.model, from: (0, 2), to: (0, 1))
        #expect(EditorSession.markerChange(old: neighbours, shown: up, new: Array("# A\n\n- apple\n- one\n- banana\n\n1. two\n".utf8)) == nil)
        // Within its list a row moved first makes another the first that stayed: not checked.
        let swapped = moving(old.model, from: (1, 1), to: (1, 0))
        #expect(EditorSession.markerChange(old: old, shown: swapped, new: Array("# A\n\n* one\n* two\n\n# B\n\n1) y\n2) x\n".utf8)) == nil)
    }

    static let board = "---\nkanban-plugin: basic\n---\n\n## To do\n\n- [ ] a\n- b\n\n\n## Done\n\n**Complete**\n- [x] c\n\n\n***\n\n## Archive\n\n- [x] d\n\n%% kanban:settings\n```\n{}\n```\n%%\n"

    @Test func kanbanEndViolationSeesCardsPastALanesEndOrAboveComplete() {
        #expect(EditorSession.kanbanEndViolation(Array(Self.board.utf8)) == nil)
        let planted = [
            Self.board.replacingOccurrences(of: "- [x] c\n\n\n***\n", with: "\n\n***\n- [x] c\n"),
            Self.board.replacingOccurrences(of: "%%\n", with: "%%\n\n- [x] e\n"),
            Self.board.replacingOccurrences(of: "**Complete**\n- [x] c\n", with: "- [x] c\n\n**Complete**\n"),
        ]
        for text in planted {
            #expect(EditorSession.kanbanEndViolation(Array(text.utf8)) != nil, "\(text.debugDescription)")
            // Not a board without the front matter's key: no lane ends there.
            let plain = text.replacingOccurrences(of: "kanban-plugin: basic", with: "title: x")
            #expect(EditorSession.kanbanEndViolation(Array(plain.utf8)) == nil, "\(plain.debugDescription)")
        }
    }

    @Test func checkboxChangeFollowsTheDoneLanesOnBoardsOnly() throws {
        let before = try saved(Self.board).model
        // Sections: 0 the front matter, 1 To do, 2 Done, 3 Archive. `a` into Done, below **Complete**.
        let checked = moving(before, from: (1, 0), to: (2, 1)) { $0.checkbox = true }
        let unchecked = moving(before, from: (1, 0), to: (2, 1))
        #expect(EditorSession.checkboxChange(before: before, after: checked, kanban: true) == nil)
        #expect(EditorSession.checkboxChange(before: before, after: unchecked, kanban: true) != nil)
        #expect(EditorSession.checkboxChange(before: before, after: checked, kanban: false) != nil, "not a board: no move checks")
        #expect(EditorSession.checkboxChange(before: before, after: unchecked, kanban: false) == nil)
        // `b` has no checkbox: it stays without. `c` out of Done: unchecked.
        #expect(EditorSession.checkboxChange(before: before, after: moving(before, from: (1, 1), to: (2, 1)), kanban: true) == nil)
        #expect(EditorSession.checkboxChange(before: before, after: moving(before, from: (2, 1), to: (1, 0)) { $0.checkbox = false }, kanban: true) == nil)
        #expect(EditorSession.checkboxChange(before: before, after: moving(before, from: (2, 1), to: (1, 0)), kanban: true) != nil)
    }
}
