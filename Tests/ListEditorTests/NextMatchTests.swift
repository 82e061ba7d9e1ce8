import Testing
import TableKit
import TerminalUI
import TestSupport

/// `n` and `N` go to the next and previous row containing the last filter text, also after Esc
/// cleared the filter; past the last match they wrap around and say so.
@MainActor
@Suite struct NextMatchTests {
    static let text = "# A\n- milk\n- eggs\n- oat milk\n\n# B\n- bread\n- Milk chocolate\n"

    func focus(_ h: Harness) -> IndexPath? { if case .row(let p)? = h.editor.tableView.focus { return p } else { return nil } }

    @Test func nAndCapitalNStepThroughMatchesAndWrap() throws {
        let h = try Harness(Self.text, name: "t.md", width: 70)
        h.press(.char("/"))
        h.type("milk")
        h.press(.escape)                              // the filter is cleared; the search stays
        #expect(!h.editor.tableView.isFiltering)
        h.press(.home, .char("n"))
        #expect(focus(h) == IndexPath(row: 0, section: 0))
        #expect(h.screen.contains("match 1 of 3"))
        h.press(.char("n"))
        #expect(focus(h) == IndexPath(row: 2, section: 0))
        h.press(.char("n"))
        #expect(focus(h) == IndexPath(row: 1, section: 1))   // case-insensitive
        h.press(.char("n"))
        #expect(focus(h) == IndexPath(row: 0, section: 0))
        #expect(h.screen.contains("Search wrapped to the top"))
        h.press(.char("N"))
        #expect(focus(h) == IndexPath(row: 1, section: 1))
        #expect(h.screen.contains("Search wrapped to the bottom"))
    }

    @Test func withoutASearchOrAMatchItSaysSo() throws {
        let h = try Harness(Self.text, name: "t.md", width: 70)
        h.press(.char("n"))
        #expect(h.screen.contains("No search yet"))
        h.press(.char("/"))
        h.type("tea")
        h.press(.enter, .char("n"))
        #expect(h.screen.contains("No row contains \"tea\""))
    }

    /// The only match is above the cursor: `n` wraps around to it, and `N` from it too.
    @Test func nWrapsToTheOnlyMatch() throws {
        let h = try Harness(Self.text, name: "t.md", width: 70)
        h.press(.char("/"))
        h.type("eggs")
        h.press(.escape, .char("G"), .char("n"))        // from the last item, `Milk chocolate`
        #expect(focus(h) == IndexPath(row: 1, section: 0))
        #expect(h.screen.contains("Search wrapped to the top: match 1 of 1"))
        h.press(.char("N"))
        #expect(focus(h) == IndexPath(row: 1, section: 0))
        #expect(h.screen.contains("Search wrapped to the bottom"))
    }
}
