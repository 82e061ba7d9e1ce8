import Testing
@testable import ListEditor
import TableKit
import TerminalUI
import TestSupport

/// Deleting a row deletes its nested rows (ListEditor+NestedDelete): on a row with nested rows,
/// `d` and the delete control ask first, `y` deletes the block as one undo step into the
/// register, anything but `y` keeps it; the file is what the screen shows.
@MainActor
@Suite struct NestedDeleteTests {
    static let trip = "# Plans\n- Trip\n  - Book flights\n  - Pack\n    - Socks\n- Home\n"

    static func rows(_ h: Harness) -> [String] {
        h.editor.model.sections[0].rows.map { String(repeating: " ", count: $0.level * 2) + $0.text }
    }

    @Test func dOnARowWithNestedRowsAsksAndYDeletesTheBlock() throws {
        let h = try Harness(Self.trip, name: "trip.md", width: 60, height: 12)
        h.press(.char("d"))
        #expect(h.screen.contains("Delete \"Trip\" and 3 nested rows? (y/n)"))
        #expect(h.editor.tableView.swipedRow == nil)   // no Delete button
        h.press(.char("y"))
        #expect(Self.rows(h) == ["Home"])
        #expect(h.screen.contains("Deleted \"Trip\" and 3 nested rows"))
        #expect(h.editor.register.map(\.text) == ["Trip", "Book flights", "Pack", "Socks"])
        #expect(h.editor.register.map(\.level) == [0, 1, 1, 2])
        h.press(.char("s"))
        #expect(h.file == "# Plans\n- Home\n")
        // One undo step brings the block back, and the bytes.
        h.press(.char("u"))
        #expect(Self.rows(h) == ["Trip", "  Book flights", "  Pack", "    Socks", "Home"])
        h.press(.char("s"))
        #expect(h.file == Self.trip)
        h.press(.ctrl("r"))
        #expect(Self.rows(h) == ["Home"])
    }

    @Test func anythingButYesKeepsTheRows() throws {
        let h = try Harness(Self.trip, name: "trip.md", width: 60, height: 12)
        h.press(.char("d"), .char("n"))
        #expect(Self.rows(h) == ["Trip", "  Book flights", "  Pack", "    Socks", "Home"])
        #expect(!h.screen.contains("(y/n)"))
        h.press(.char("d"), .escape)
        #expect(Self.rows(h) == ["Trip", "  Book flights", "  Pack", "    Socks", "Home"])
        #expect(!h.screen.contains("(y/n)"))
        #expect(h.editor.tableView.swipedRow == nil)
    }

    @Test func oneNestedRowIsSingular() throws {
        let h = try Harness(Self.trip, name: "trip.md", width: 60, height: 12)
        h.press(.down, .down, .char("d"))
        #expect(h.screen.contains("Delete \"Pack\" and 1 nested row? (y/n)"))
        h.press(.char("y"))
        #expect(Self.rows(h) == ["Trip", "  Book flights", "Home"])
        h.press(.char("s"))
        #expect(h.file == "# Plans\n- Trip\n  - Book flights\n- Home\n")
    }

    /// A row without nested rows swipes open as before: its Delete button.
    @Test func aRowWithoutNestedRowsShowsItsDeleteButton() throws {
        let h = try Harness(Self.trip, name: "trip.md", width: 60, height: 12)
        h.press(.down, .char("d"))
        #expect(!h.screen.contains("(y/n)"))
        #expect(h.editor.tableView.swipedRow != nil)
        h.press(.char("y"))
        #expect(Self.rows(h) == ["Trip", "  Pack", "    Socks", "Home"])
    }

    /// In edit mode, `-` `x` and Delete on a row with nested rows ask instead of showing the
    /// Delete button; the mouse's `⊖` too.
    @Test func theDeleteControlAsksInEditMode() throws {
        for key in [Key.char("-"), .char("x"), .delete] {
            let h = try Harness(Self.trip, name: "trip.md", width: 60, height: 12)
            h.press(.char("e"))
            h.press(key)
            #expect(h.screen.contains("Delete \"Trip\" and 3 nested rows? (y/n)"), "\(key)")
            #expect(h.editor.tableView.deleteConfirmation == nil)
            h.press(.char("y"))
            #expect(Self.rows(h) == ["Home"])
        }
    }

    /// The rows a collapse hides go with their row, and the question counts them.
    @Test func aCollapsedRowDeletesWhatItHides() throws {
        let h = try Harness(Self.trip, name: "trip.md", width: 60, height: 12)
        h.press(.left, .char("d"))
        #expect(h.screen.contains("Delete \"Trip\" and 3 nested rows? (y/n)"))
        h.press(.char("y"), .char("s"))
        #expect(h.file == "# Plans\n- Home\n")
    }

    /// Pasting the register puts the block back with its shape.
    @Test func pastingTheDeletedBlockBringsItsShapeBack() throws {
        let h = try Harness(Self.trip, name: "trip.md", width: 60, height: 12)
        h.press(.char("d"), .char("y"), .char("p"))
        #expect(Self.rows(h) == ["Home", "Trip", "  Book flights", "  Pack", "    Socks"])
        #expect(h.editor.model.levelViolation() == nil)
    }
}
