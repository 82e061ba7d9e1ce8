import Foundation
import Testing
import Demos
import TableHost
import KeyBindings
import TableKit
import TerminalUI
import TableRendering
import TestSupport

@MainActor
@Suite struct DemoTests {
    func host(_ name: String) -> TableHost {
        let host = DemoCatalog.host(named: name, theme: .unicode, animations: false)!
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

    /// The states demo's context menu: a right-click opens a row's menu under it, a click on
    /// Delete deletes the row; `.` on the first row shows Move to top disabled, `↓` and Enter
    /// delete it; `D` on the last row shows the green Top, `D` again moves the row to the top.
    @Test func statesMenuAndLeadingAction() throws {
        let h = host("states")
        var screen = h.render(width: 44, height: 14)
        let jersey = try #require(screen.lines.firstIndex { $0.contains("New Jersey") })
        h.handle(.mouse(MouseEvent(.rightPress, x: 8, y: jersey)))
        screen = h.render(width: 44, height: 14)
        assertGolden(screen.screenshot, "states-menu")
        let delete = try #require(screen.lines.firstIndex { $0.contains("✕ Delete") })
        h.handle(.mouse(MouseEvent(.press, x: 8, y: delete)))
        h.handle(.mouse(MouseEvent(.release, x: 8, y: delete)))
        screen = h.render(width: 44, height: 14)
        #expect(!screen.text.contains("New Jersey"), "\(screen.text)")
        h.handle(.key(.home))
        h.handle(.key(.down))
        h.handle(.key(.char(".")))
        #expect(h.tableView.contextMenu?.menu.children.first?.attributes == .disabled)
        h.handle(.key(.down))
        h.handle(.key(.enter))
        #expect(!h.render(width: 44, height: 14).text.contains("Arizona"))
        h.handle(.key(.end))
        h.handle(.key(.char("D")))
        #expect(h.render(width: 44, height: 14).lines.contains { $0.contains(" Top  Washington") })
        h.handle(.key(.char("D")))
        let rows = h.render(width: 44, height: 14).lines.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(rows.firstIndex(of: "Washington") == rows.firstIndex(of: "States").map { $0 + 1 }, "\(rows)")
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
        let demo = h.viewController as! SectionsViewController
        #expect(demo.sections[0].rows == ["Pinned", "Banana"])
        #expect(demo.sections[1].rows == ["Carrot", "Apple", "Leek", "Pea"])
        // A whole section.
        EditController(tableView: h.tableView).perform(.moveCursor(.to(.header(2))))
        for k in [Key.char(" "), .up, .up, .enter] { h.handle(.key(k)) }
        #expect(demo.sections.map(\.title) == ["Grains", "Fruit", "Vegetables"])
    }

    /// Clicks press the bar's buttons (Edit through the controller's `setEditing`) and a row's
    /// controls, on what the last frame drew.
    @Test func clicksPressBarButtonsAndControls() throws {
        let h = host("states")
        let bar = h.render(width: 44, height: 12).lines[0]
        let editX = bar.distance(from: bar.startIndex, to: try #require(bar.range(of: "Edit")).lowerBound)
        h.handle(.mouse(MouseEvent(.press, x: editX, y: 0)))
        #expect(h.viewController?.isEditing == true && h.viewController?.editButtonItem.title == "Done")
        let lines = h.render(width: 44, height: 12).lines
        let arizona = try #require(lines.firstIndex { $0.contains("Arizona") })
        let control = lines[arizona].distance(from: lines[arizona].startIndex, to: try #require(lines[arizona].range(of: "⊖")).lowerBound)
        h.handle(.mouse(MouseEvent(.press, x: control, y: arizona)))
        #expect(h.tableView.deleteConfirmation == IndexPath(row: 0, section: 0))
        let button = h.render(width: 44, height: 12).lines[arizona]
        let deleteX = button.distance(from: button.startIndex, to: try #require(button.range(of: "Delete")).lowerBound)
        h.handle(.mouse(MouseEvent(.press, x: deleteX, y: arizona)))
        #expect((h.viewController as! StatesViewController).states.first == "California")
    }

    /// `m` moves a row and a section from code, in one batch; both slide.
    @Test func sectionsShufflesByCode() {
        let h = DemoCatalog.host(named: "sections", theme: .unicode, animations: true)!
        let clock = ManualClock()
        h.renderer.clock = clock
        _ = h.render(width: 44, height: 16)
        h.handle(.key(.char("m")))
        let demo = h.viewController as! SectionsViewController
        #expect(demo.sections.map(\.title) == ["Vegetables", "Fruit", "Grains"])
        #expect(demo.sections[0].rows == ["Wheat", "Carrot", "Leek", "Pea"])
        #expect(h.renderer.isAnimating)
        clock.now = 1
        let text = h.render(width: 44, height: 16).text
        #expect(!h.renderer.isAnimating)
        #expect(text.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.prefix(4) == ["Sections: move rows …  Shuffle (m)   Edit", "Vegetables", "Wheat", "Carrot"])
    }

    /// Shuffle keeps shuffling: every press is a batch that slides (no reload fallback), moves a
    /// row, leaves no section empty and "Pinned" first in its section.
    @Test func sectionsKeepsShuffling() {
        let h = DemoCatalog.host(named: "sections", theme: .unicode, animations: true)!
        let clock = ManualClock()
        h.renderer.clock = clock
        _ = h.render(width: 44, height: 16)
        let demo = h.viewController as! SectionsViewController
        for press in 1...12 {
            let before = demo.sections.map(\.rows)
            h.handle(.key(.char("m")))
            #expect(h.renderer.isAnimating, "press \(press) did not slide")
            #expect(demo.sections.map(\.rows) != before, "press \(press) moved nothing")
            #expect(h.tableView.rowCounts == demo.sections.map(\.rows.count))
            #expect(demo.sections.allSatisfy { !$0.rows.isEmpty }, "press \(press): \(demo.sections)")
            #expect(demo.sections.contains { $0.rows.first == "Pinned" }, "press \(press): \(demo.sections)")
            clock.now += 1
            _ = h.render(width: 44, height: 16)
        }
        #expect(demo.sections.flatMap(\.rows).count == 9)
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

    /// The bar buttons' keys are bindings of the host's key table, after listedit's table keys:
    /// the bar labels and key handling read them there, and a key the table already binds in a
    /// mode keeps it.
    @Test func barButtonKeysComeFromTheHostsKeyTable() {
        #expect(host("states").keymap.action(for: .char("b"), in: .normal) == .app("Run batch"))
        #expect(host("sections").keymap.action(for: .char("m"), in: .edit) == .app("Shuffle"))
        #expect(host("numbers").keymap.action(for: .char("x"), in: .normal) == .app("Delete section"))
        #expect(host("numbers").keymap.action(for: .char("x"), in: .edit) == .key(.deleteControl))
        #expect(TableHost.defaultKeys.action(for: .enter, in: .normal) == .key(.select))
        let h = host("states")
        #expect(h.render(width: 60, height: 12).text.contains("Run batch (b)"))
        // Only the demo that has the button offers its key: `m` does nothing in `states`.
        h.handle(.key(.char("m")))
        #expect(!h.render(width: 60, height: 12).text.contains("Undo batch"))
        h.handle(.key(.char("b")))
        #expect(h.render(width: 60, height: 12).text.contains("Undo batch (b)"))
    }
}
