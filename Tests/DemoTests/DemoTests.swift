import Testing
import Demos
import TableKit
import TableRendering
import TestSupport

@MainActor
@Suite struct DemoTests {
    func host(_ name: String) -> DemoHost {
        let host = DemoHost(DemoHost.demo(named: name)!, animations: false)
        host.handle(.resize(width: 44, height: 14))
        return host
    }

    @Test func statesRunsTheBatchAndBack() {
        let h = host("states")
        assertGolden(h.render(width: 44, height: 12).screenshot, "states-before")
        h.handle(.key(.char("b")))
        assertGolden(h.render(width: 44, height: 12).screenshot, "states-after")
        h.handle(.key(.char("b")))
        #expect(h.render(width: 44, height: 12).text.contains("Washington"))
        #expect(!h.render(width: 44, height: 12).text.contains("Alaska"))
    }

    @Test func sectionsMovesRowsAcrossAndSectionsButNotThePinnedRow() {
        let h = host("sections")
        _ = h.render(width: 44, height: 16)
        h.handle(.key(.char("e")))
        assertGolden(h.render(width: 44, height: 16).screenshot, "sections-edit")
        // The cursor starts on "Pinned": it cannot be picked up.
        h.handle(.key(.char(" ")))
        #expect(h.tableView.rowDrag == nil)
        // Apple down into Vegetables; nothing lands above a pinned row.
        h.handle(.key(.down))
        for k in [Key.char(" "), .down, .down, .down, .enter] { h.handle(.key(k)) }
        #expect(h.render(width: 44, height: 16).text.contains("Carrot"))
        let demo = h.tableView.dataSource as! SectionsDemo
        #expect(demo.sections[0].rows == ["Pinned", "Banana"])
        #expect(demo.sections[1].rows == ["Carrot", "Apple", "Leek", "Pea"])
        // A whole section.
        h.tableView.focus = .header(2)
        for k in [Key.char(" "), .up, .up, .enter] { h.handle(.key(k)) }
        #expect(demo.sections.map(\.title) == ["Grains", "Fruit", "Vegetables"])
    }

    @Test func numbersDeletesTheSectionUnderTheCursor() {
        let h = host("numbers")
        _ = h.render(width: 44, height: 16)
        h.handle(.key(.char("x")))
        assertGolden(h.render(width: 44, height: 16).screenshot, "numbers-after-delete")
        h.handle(.key(.char("x")))
        h.handle(.key(.char("x")))
        #expect(h.tableView.numberOfSections == 2)
    }
}
