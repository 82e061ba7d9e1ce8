import Testing
import TerminalUI
import TestSupport

/// The help overlay: its key column as wide as the widest keys (`Tab Shift+Tab`), every line's
/// words in one column; a help taller than the screen scrolls with the cursor keys, any other key
/// closes it.
@MainActor
@Suite struct HelpOverlayTests {
    /// The column the words start at on each line of the overlay (after `│ ` and the keys).
    static func wordColumns(_ h: Harness) -> Set<Int> {
        var columns = Set<Int>()
        for line in h.grid.lines where line.contains("│ ") {
            let chars = Array(line)
            guard let bar = chars.firstIndex(of: "│") else { continue }
            // The keys end at the first run of two spaces; the words start after it.
            var x = bar + 2
            while x + 1 < chars.count, !(chars[x] == " " && chars[x + 1] == " ") { x += 1 }
            while x < chars.count, chars[x] == " " { x += 1 }
            if x < chars.count, chars[x] != "│" { columns.insert(x) }
        }
        return columns
    }

    @Test(arguments: [(80, 24), (60, 20), (100, 40)])
    func columnsAlignedAndEveryLineReachable(size: (Int, Int)) throws {
        for edit in [false, true] {
            let h = try Harness(width: size.0, height: size.1)
            if edit { h.press(.char("e")) }
            h.press(.char("?"))
            var seen = Set<String>()
            for _ in 0..<40 {
                #expect(Self.wordColumns(h).count == 1, "\(h.screen)")
                for line in h.grid.lines { seen.insert(line) }
                h.press(.down)
                guard h.screen.contains("(any key closes)") else { break }
            }
            let all = seen.joined(separator: "\n")
            #expect(all.contains(#/Tab Shift\+Tab +indent, outdent/#), "\(all)")
            #expect(all.contains(edit ? "Esc" : "^Z"), "\(all)")   // the last line
        }
    }

    @Test func aHelpTallerThanTheScreenSaysWhereItIsAndOtherKeysClose() throws {
        let h = try Harness(width: 80, height: 24)
        h.press(.char("?"))
        #expect(h.screen.contains("1-21 of 25"), "\(h.screen)")
        h.press(.char("j"))
        #expect(h.screen.contains("2-22 of 25"), "\(h.screen)")
        h.press(.pageDown, .pageDown, .down)
        #expect(h.screen.contains("End of the help: any other key closes it"), "\(h.screen)")
        h.press(.char("x"))
        #expect(!h.screen.contains("(any key closes)"))
        #expect(h.editor.model.contents[0].rows == ["Milk", "Eggs", "Bread"])   // x only closed it
    }
}
