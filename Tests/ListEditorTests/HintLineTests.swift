import Testing
import ListEditor
import TableKit
import TerminalUI
import KeyBindings
import TestSupport

/// The hint line fits its width with whole hints (issue 13, point 8): the least important are
/// dropped, none is cut mid-word, and in normal and edit mode `? help` ends it.
@MainActor
@Suite struct HintLineTests {
    /// The status line of a screen.
    func statusLine(_ h: Harness, width: Int) -> String {
        let grid = h.editor.render(width: width, height: 16)
        return String(grid.screenshot.split(separator: "\n", omittingEmptySubsequences: false).last ?? "")
            .trimmingCharacters(in: .whitespaces)
    }

    /// Each mode (set up by its keys), at every width from 4 to 120: the hints shown are hints
    /// of the full line (at 300 columns), in its order, never cut; with room, `? help` ends the
    /// line in normal and edit mode; at 80 columns nothing is cut.
    @Test(arguments: [
        ("normal", ""), ("edit", "e"), ("dragging", "e "), ("section drag", "ek "), ("delete button", "ex"),
        ("swiped", "d"), ("entry", "a"),
    ])
    func wholeHintsAtEveryWidth(_ mode: String, _ keys: String) throws {
        let h = try Harness(width: 300)
        h.type(keys)
        let full = statusLine(h, width: 300).components(separatedBy: " · ")
        #expect(full.count >= 2, "\(mode): \(full)")
        // Below 6 columns the text entry has no box and takes the status line itself.
        for width in (mode == "entry" ? 6 : 4)...120 {
            let line = statusLine(h, width: width)
            #expect(!line.contains("…"), "\(mode) at \(width): \(line)")
            guard !line.isEmpty else { continue }
            let shown = line.components(separatedBy: " · ")
            var rest = full[...]
            for hint in shown {
                guard let i = rest.firstIndex(of: hint) else { Issue.record("\(mode) at \(width): \(hint) is not a whole hint of \(full)"); break }
                rest = rest[(i + 1)...]
            }
            if (mode == "normal" || mode == "edit") && width >= 8 {
                #expect(line.hasSuffix("? help"), "\(mode) at \(width): \(line)")
            }
        }
        // 80 columns hold every hint of edit mode and every mode but normal; normal drops `↑↓ move`.
        let at80 = statusLine(h, width: 80).components(separatedBy: " · ")
        #expect(at80 == (mode == "normal" ? Array(full.dropFirst()) : full), "\(mode): \(at80)")
    }

    @Test func theLeastImportantGoFirst() {
        let items: [(keys: String, label: String, rank: Int)] = [("↑↓", "move", 3), ("e", "edit", 1), ("", "unbound", 0), ("a", "add", 2), ("?", "help", 0)]
        #expect(hintLine(items, fitting: 100, widths: .unicode) == "↑↓ move · e edit · a add · ? help")
        #expect(hintLine(items, fitting: 24, widths: .unicode) == "e edit · a add · ? help")
        #expect(hintLine(items, fitting: 22, widths: .unicode) == "e edit · ? help")
        #expect(hintLine(items, fitting: 6, widths: .unicode) == "? help")
        #expect(hintLine(items, fitting: 5, widths: .unicode) == "")
    }
}
