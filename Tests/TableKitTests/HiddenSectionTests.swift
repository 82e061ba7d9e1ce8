import Testing
import Foundation
import TableKit
import TestSupport

/// Sections a filter hides whole (TableView+Visibility.swift): a section none of whose rows the
/// filter keeps is hidden; the cursor passes over it and never rests on it; a row inserted into it
/// shows it again, as does an inserted section; when no section keeps a row the first header stays.
@MainActor
@Suite struct HiddenSectionTests {
    func table(_ counts: [Int]) -> (TableView, EditController, CountsSource) {
        let source = CountsSource(counts)
        let table = TableView()
        table.dataSource = source
        return (table, EditController(tableView: table), source)
    }

    @Test func aSectionWithNoKeptRowIsHiddenAndTheCursorPassesOverIt() {
        let (table, controller, _) = table([2, 3, 1, 2])
        table.setFilter(showing: [[1], [], [], [0]])
        #expect((0..<4).map(table.isSectionHidden) == [false, true, true, false])
        #expect(table.hidesSections)
        #expect(table.shownSection(after: 0) == 3 && table.shownSection(before: 3) == 0)
        #expect(table.shownSection(after: 3) == nil && table.shownSection(before: 0) == nil)
        // Down from header 0: its kept row, then header 3 (sections 1 and 2 passed over), its row.
        controller.perform(.moveCursor(.to(.header(0))))
        var seen: [TableFocus] = [table.focus!]
        for _ in 0..<4 {
            controller.perform(.moveCursor(.down))
            seen.append(table.focus!)
        }
        #expect(seen == [.header(0), .row(ip(0, 1)), .header(3), .row(ip(3, 0)), .row(ip(3, 0))])
        for _ in 0..<3 { controller.perform(.moveCursor(.up)) }
        #expect(table.focus == .header(0))
        // A hidden header cannot take the cursor.
        controller.perform(.moveCursor(.to(.header(1))))
        #expect(table.focus == .header(0))
        table._checkInvariants()
        table.setFilter(showing: nil)
        #expect(!table.hidesSections && !table.isSectionHidden(1))
    }

    @Test func theCursorLeavesASectionTheFilterHides() {
        let (table, controller, _) = table([2, 3, 1])
        controller.perform(.moveCursor(.to(.header(1))))
        table.setFilter(showing: [[0], [], [0]])
        #expect(table.focus == .row(ip(2, 0)))   // the nearest shown row below
        controller.perform(.moveCursor(.to(.row(ip(1, 2)))))
        #expect(table.focus == .row(ip(2, 0)))
        table.setFilter(showing: nil)
        controller.perform(.moveCursor(.to(.row(ip(2, 0)))))
        table.setFilter(showing: [[1], [], []])
        #expect(table.focus == .row(ip(0, 1)))   // none below: the nearest above
        table._checkInvariants()
    }

    @Test func whenNoSectionKeepsARowTheFirstHeaderStays() {
        let (table, controller, _) = table([2, 3])
        controller.perform(.moveCursor(.to(.row(ip(1, 1)))))
        table.setFilter(showing: [[], []])
        #expect((0..<2).map(table.isSectionHidden) == [false, true])
        #expect(table.focus == .header(0))
        table._checkInvariants()
    }

    @Test func aRowInsertedIntoAHiddenSectionShowsItAndAnInsertedSectionShows() throws {
        let (table, _, source) = table([2, 3, 1])
        table.setFilter(showing: [[0], [], []])
        #expect((0..<3).map(table.isSectionHidden) == [false, true, true])
        source.counts = [2, 4, 1]
        try table.performBatchUpdates { try table.insertRows(at: [ip(1, 0)]) }
        #expect((0..<3).map(table.isSectionHidden) == [false, false, true])
        #expect(table.shownRowCount(inSection: 1) == 1)
        // An inserted section shows; the hidden one after it keeps hiding at its new index.
        source.counts = [2, 0, 4, 1]
        try table.performBatchUpdates { try table.insertSections([1]) }
        #expect((0..<4).map(table.isSectionHidden) == [false, false, false, true])
        // Deleting a hidden section leaves the others as they were.
        source.counts = [2, 0, 4]
        try table.performBatchUpdates { try table.deleteSections([3]) }
        #expect(!table.hidesSections)
    }
}
