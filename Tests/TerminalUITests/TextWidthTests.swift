import Testing
import TerminalUI


@Suite struct TextWidthTests {
    @Test(arguments: [
        ("Milk", 4), ("吾輩は猫", 8), ("ｱｲ", 2), ("Ｆｕｌｌ", 8), ("🧑‍🚀", 2), ("👍🏽", 2), ("🇯🇵", 2),
        ("e\u{301}", 1), ("\u{200D}", 0), ("a\u{200B}b", 2), ("☺", 1), ("☺\u{FE0F}", 2), ("한국어", 6),
        ("Ελληνικά", 8), ("\u{0915}\u{094D}\u{0937}", 2), ("", 0),
    ])
    func widths(_ sample: (String, Int)) {
        #expect(TextWidth.of(sample.0) == sample.1, "\(sample.0.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test func truncationNeverSplitsAWideCharacter() {
        #expect(TextWidth.truncate("吾輩は猫である", to: 6) == "吾輩…")
        #expect(TextWidth.truncate("吾輩は猫である", to: 7) == "吾輩は…")
        #expect(TextWidth.truncate("Cien años de soledad", to: 10) == "Cien años…")
        #expect(TextWidth.truncate("short", to: 10) == "short")
        #expect(TextWidth.truncate("abc", to: 1) == "…")
        #expect(TextWidth.truncate("abc", to: 0) == "")
        for width in 0...16 {
            let cut = TextWidth.truncate("🧑‍🚀吾a\u{301}輩🇯🇵xyz", to: width)
            #expect(TextWidth.of(cut) <= width)
        }
    }

    @Test func gridKeepsWideCharactersWhole() {
        var grid = CellGrid(width: 6, height: 1)
        grid.put("吾輩は", x: 0, y: 0)
        #expect(grid.lines == ["吾輩は"])
        grid.put("x", x: 1, y: 0)          // overwrite the right half of 吾
        #expect(grid.lines == [" x輩は"])
        grid.put("y", x: 2, y: 0)          // overwrite the left half of 輩
        #expect(grid.lines == [" xy は"])
        grid.put("猫", x: 5, y: 0)         // no room for two columns
        #expect(grid.lines == [" xy は"])
        #expect(grid.clustersAreWhole)
        var shifted = CellGrid(width: 6, height: 1)
        shifted.copyRow(from: grid, sourceY: 0, to: 0, shift: 3)
        #expect(shifted.clustersAreWhole)
        grid.put("a\u{0}b\tc", x: 0, y: 0)
        #expect(grid.lines == ["a�b c "])
    }
}
