import Testing
import ListDocument
@testable import ListEditor
import TableKit
import ListStorage
import TerminalUI
import TestSupport

/// The filter's index of folded row texts: what it folds and leaves out, and that it follows
/// every change the editor makes (seeded random edits, undos, redos, moves, section changes)
/// exactly as an index built again from the list would be.
@MainActor
@Suite struct FilterIndexTests {
    @Test func foldsCaseAndLeavesMarkupOut() {
        let list = ListModel(sections: [("S", ["**Bold** Milk", "Größe ÀÉ", "ΣΟΦΙΑ", "日本 Tea", "a `code` [link](x)"])])
        let index = FilterIndex(model: list, markdown: true)
        #expect(index.texts(section: 0, rows: 0..<5).map { String(decoding: $0, as: UTF8.self) }
                == ["bold milk", "größe àé", "σοφια", "日本 tea", "a code link"])
        #expect(index.matches(FilterIndex.fold("MILK")) == [[0]])
        #expect(index.matches(FilterIndex.fold("e")) == [[1, 3, 4]])
        #expect(index.narrow([[1, 3]], to: FilterIndex.fold("ea")) == [[3]])
        #expect(index.matches(FilterIndex.fold("k\na")) == [[]])
    }

    @Test func followsEveryChangeAsARebuildWouldBe() throws {
        let h = try Harness("# A\n- Milk\n  - oat\n- **Eggs**\n\nA note.\n\n- Bread\n# B\n- Screws\n- Glue\n", width: 40, height: 14)
        let editor = h.editor
        let keys: [Key] = [.up, .down, .down, .char("J"), .char("K"), .char("a"), .char("r"), .char(" "), .char("u"), .ctrl("r"),
                           .tab, .backTab, .char("d"), .char("y"), .char("A"), .char("e"), .char("x"), .enter, .escape,
                           .char("X"), .char("é"), .char("日")]
        var g = SplitMix64(seed: 16)
        var followed = 0
        for i in 0..<3_000 {
            let key = keys[Int.random(in: 0..<keys.count, using: &g)]
            // Keep the index built: a filter typed and cleared now and then.
            if i % 7 == 0, editor.keyMode == .normal || editor.keyMode == .edit {
                editor.send(.key(.char("/")))
                editor.send(.key(.char("e")))
                editor.send(.key(.escape))
            }
            let before = editor.changeCount
            editor.send(.key(key))
            _ = editor.render(width: 40, height: 14)
            guard let index = editor.filterIndex, index.changes == editor.changeCount else { continue }
            if editor.changeCount != before { followed += 1 }
            let fresh = FilterIndex(model: editor.model, markdown: true, references: editor.document.linkReferences)
            guard index.bytes == fresh.bytes, index.starts == fresh.starts else {
                Issue.record("after \(key) (event \(i)): the index differs from a rebuilt one")
                return
            }
        }
        #expect(followed > 100)
    }
}

/// Letters of U+A000…U+ABFF have case (Cyrillic Extended-B, Latin Extended-D): they are folded,
/// while the caseless CJK and Hangul around them keep the fast path.
@Test func lettersWithCaseBetweenTheCaselessBlocksAreFolded() {
    #expect(FilterIndex.fold("Ꙁbc") == FilterIndex.fold("ꙁBC"))
    #expect(FilterIndex.fold("Ꞁ") == FilterIndex.fold("ꞁ"))
    #expect(FilterIndex.fold("한국 日本") == Array("한국 日本".utf8))
}
