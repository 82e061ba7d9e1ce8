import Testing
import TableKit

@Suite struct LineEditorTests {
    @Test func editing() {
        var line = LineEditor("吾輩")
        #expect(line.cursorColumn == 4)
        line.handle(.left)
        line.handle(.char("は"))
        #expect(line.string == "吾は輩")
        #expect(line.cursorColumn == 4)
        line.handle(.ctrl("u"))
        #expect(line.string == "輩")
        line.handle(.end)
        line.handle(.char("e"))
        line.handle(.char("\u{301}"))
        #expect(line.string == "輩é")
        line.handle(.home)
        line.handle(.delete)
        #expect(line.string == "é")
        line.handle(.ctrl("k"))
        #expect(line.string == "")
    }

    @Test func pasteOfTenThousandCharactersIsKeptWhole() {
        var line = LineEditor()
        for c in String(repeating: "abcdefghij", count: 1_000) { line.handle(.char(c)) }
        #expect(line.string.count == 10_000)
        line.handle(.char("x"))
        #expect(line.string.count == 10_000)   // the limit
    }
}
