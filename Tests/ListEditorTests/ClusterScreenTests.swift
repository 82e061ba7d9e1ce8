import Testing
import TableKit
import TerminalUI
import TableRendering
import TestSupport

/// Screens with emoji sequences, flags and combined letters, under Unicode's widths and under the
/// widths tmux 3.3a draws (what the terminal backend measures there).
@MainActor
@Suite struct ClusterScreenTests {
    static let list = "# Clusters\n- thumbs 👍🏽 up\n- family 👨‍👩‍👧 here\n- flag 🇫🇷 fr\n- heart ❤️ red\n- cafe\u{301} ok\n"
        + "- 吾輩は猫である\n- 👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽👍🏽 many\n"
    nonisolated static let tmux = WidthProfile(measured: ["👍🏽": 4, "👨‍👩‍👧": 2, "🇫🇷": 2, "❤️": 1])
    static let clusters = ["👍🏽", "👨‍👩‍👧", "🇫🇷", "❤️", "e\u{301}"]

    @Test(arguments: [("clusters-edit-unicode", WidthProfile.unicode), ("clusters-edit-tmux", tmux)])
    func reorderHandlesLineUpInEditMode(_ name: String, _ widths: WidthProfile) throws {
        let h = try Harness(Self.list, width: 44, height: 14)
        h.editor.widths = widths
        h.press(.char("e"))
        let grid = h.grid
        assertGolden(grid.screenshot, name)
        #expect(grid.clustersAreWhole)
        let handles = (0..<grid.height).compactMap { y in (0..<grid.width).first { grid[$0, y].text == "≡" } }
        #expect(handles.count == 8)                      // the header and seven rows
        #expect(Set(handles).count == 1, "handles in columns \(handles)")
        for cluster in Self.clusters {
            #expect(grid.cells.contains { $0.text.unicodeScalars.elementsEqual(cluster.unicodeScalars) }, "\(cluster) whole")
        }
        // The long row is cut with `…` before the gap left of the handle, in the profile's columns.
        let long = try #require((0..<grid.height).first { y in grid.lines[y].contains("👍🏽👍🏽") })
        let ellipsis = try #require((0..<grid.width).first { grid[$0, long].text == "…" })
        #expect(ellipsis < handles[0] - 1)
    }

    @Test func theAddModalsCursorFollowsClusterWidths() throws {
        for widths in [WidthProfile.unicode, Self.tmux] {
            let h = try Harness(Self.list, width: 44, height: 14)
            h.editor.widths = widths
            h.press(.char("a"))
            for scalar in "x👍🏽e\u{301}".unicodeScalars { h.editor.send(.key(.char(Character(scalar)))) }
            let start = h.grid.cursor!.x - widths.width(of: "x👍🏽e\u{301}")
            h.press(.left)
            #expect(h.grid.cursor!.x == start + 1 + widths.width(of: "👍🏽"))
            h.press(.left)
            #expect(h.grid.cursor!.x == start + 1)
            h.press(.enter, .char("s"))
            #expect(h.file?.contains("- x👍🏽e\u{301}\n") == true)
        }
    }
}
