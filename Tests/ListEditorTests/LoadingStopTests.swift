import Testing
import Foundation
import ListDocument
import ListEditor
import TableKit
import TerminalUI
import TableRendering
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// What a fresh review of loading a large file found (issue 17): a `touch` during the load, a
/// real change and keep mine, moves of a block that may go on past the rows read, the progress
/// line's figure, and the lines before an invalid one.
@MainActor
@Suite struct LoadingStopTests {
    typealias Loading = LoadingTests.Loading

    /// Sets the file's modification time 5 s ahead (its bytes, size and inode stay).
    static func touch(_ path: String) {
        var t = timespec()
        clock_gettime(CLOCK_REALTIME, &t)
        t.tv_sec += 5
        var times = [t, t]
        _ = utimensat(AT_FDCWD, path, &times, 0)
    }

    // MARK: Changes on disk

    /// A touch during the load is not a change: the part read reads the same, the load goes on
    /// to the end, nothing is asked, and a save writes the whole file with the edit.
    @Test func aTouchDuringTheLoadIsNotAChange() throws {
        let text = LoadingTests.list()
        let l = try Loading(Array(text.utf8)) { Self.touch($0) }
        l.press(.char("c"))                            // item 0.0 checked
        l.deliver()
        #expect(!l.editor.isLoading)
        #expect(!l.screen.contains("changed on disk"))
        #expect(l.editor.model.rowCounts.reduce(0, +) == 160)
        l.clock.now += ListEditor.diskCheckInterval
        l.editor.send(.tick)
        #expect(!l.screen.contains("changed on disk"))
        l.press(.char("s"))
        #expect(String(decoding: l.file, as: UTF8.self) == text.replacingOccurrences(of: "- item 0.0\n", with: "- [x] item 0.0\n"))
    }

    /// A touch that came with other bytes of the same size is a change: the load stops.
    @Test func aSameSizeRewriteWithTheSameInodeStopsTheLoad() throws {
        let text = LoadingTests.list()
        let l = try Loading(Array(text.utf8)) { path in
            let h = FileHandle(forWritingAtPath: path)!
            h.seek(toFileOffset: 0)
            h.write(Data("# Zection".utf8))
            h.closeFile()
            Self.touch(path)
        }
        l.deliver()
        #expect(!l.editor.isLoading)
        #expect(l.screen.contains("changed on disk while it was read"))
    }

    /// After a real change during the load, keep mine is not offered (saving the part read
    /// would cut the file): `k` does nothing, Esc leaves the question, a save asks it again
    /// and writes nothing; merge then keeps the edit and everything the other program wrote.
    @Test func afterAChangeDuringTheLoadKeepMineIsNotOfferedAndASaveCutsNothing() throws {
        let text = LoadingTests.list()
        let theirs = text + "- appended\n"
        let l = try Loading(Array(text.utf8)) { path in
            try? Data(theirs.utf8).write(to: URL(fileURLWithPath: path))
        }
        l.press(.char("c"))                            // item 0.0 checked
        l.deliver()
        #expect(l.screen.contains("/\(l.editor.model.rowCounts.reduce(0, +))+"))   // a partial count is not final
        l.clock.now += ListEditor.diskCheckInterval
        l.editor.send(.tick)
        #expect(l.screen.contains("r reload") && l.screen.contains("m merge"))
        #expect(!l.screen.contains("k keep"))
        l.press(.char("k"))
        #expect(l.screen.contains("m merge"))          // still asking
        l.press(.escape)
        #expect(!l.screen.contains("m merge"))
        l.press(.char("s"))
        #expect(l.screen.contains("m merge"))          // asked again, not written
        #expect(String(decoding: l.file, as: UTF8.self) == theirs)
        l.press(.char("m"))
        l.press(.char("s"))
        if l.screen.contains("overwrite?") { l.press(.char("y")) }
        #expect(String(decoding: l.file, as: UTF8.self) == theirs.replacingOccurrences(of: "- item 0.0\n", with: "- [x] item 0.0\n"))
    }

    // MARK: Blocks that may go on past the rows read

    /// `# A`, rows a b c, then `parent` with 30 nested rows, then `z`: read in small pieces,
    /// the first screen ends inside the parent's nested rows.
    static let nested = "# A\n\n- a\n- b\n- c\n  - parent\n" + (0..<30).map { "    - child \($0)\n" }.joined() + "- z\n"

    /// Puts the cursor on the last row read (normal mode).
    func toLastRowRead(_ l: Loading) -> Int {
        let n = l.editor.model.sections[0].rows.count
        for _ in 0..<(n - 1) { l.press(.down) }
        return n
    }

    /// Whether the saved file has every child nested under the parent, in order.
    func childrenStayNested(_ saved: String) -> Bool {
        let lines = saved.split(separator: "\n").map(String.init)
        guard let parent = lines.firstIndex(where: { $0.hasSuffix("- parent") }) else { return false }
        let indent = lines[parent].prefix { $0 == " " }.count
        let children = lines[(parent + 1)...].prefix { $0.prefix { $0 == " " }.count > indent }
        return children.count == 30 && children.enumerated().allSatisfy { $0.element.hasSuffix("child \($0.offset)") }
    }

    @Test(arguments: ["K", "<", ">"])
    func aMoveOrRelevelOfTheLastRowReadWaits(_ key: String) throws {
        let l = try Loading(Array(Self.nested.utf8), first: 50, piece: 60)
        #expect(l.editor.model.sections[0].rows.count < 34)
        // On the parent when its nested rows reach the end of what was read, else a child there.
        let n = toLastRowRead(l)
        if key == "K" || key == "<" {
            for _ in 0..<(n - 4) { l.press(.up) }     // the parent (row 3)
        }
        l.press(.char(Character(key)))
        #expect(l.screen.contains("Reading list.md…"))
        l.deliver()
        #expect(!l.editor.isLoading)
        l.press(.char("s"))
        let saved = String(decoding: l.file, as: UTF8.self)
        #expect(saved.split(separator: "\n").count == Self.nested.split(separator: "\n").count)
        if key != ">" { #expect(childrenStayNested(saved)) }
        #expect(try ListDocument.open(l.path).model.items == l.editor.model.items)
    }

    /// A drag up of the parent whose nested rows may go on: the drop waits for them, then moves
    /// the whole block.
    @Test func aDropOfABlockThatMayGoOnWaits() throws {
        let l = try Loading(Array(Self.nested.utf8), first: 50, piece: 60)
        l.press(.down, .down, .down)                   // parent
        l.press(.char("e"), .char(" "))                // picked up
        #expect(l.editor.keyMode == .dragging)
        l.press(.up, .char(" "))                       // dropped above c: waits
        #expect(l.screen.contains("Reading list.md…"))
        l.deliver()
        l.press(.char("e"), .char("s"))
        #expect(childrenStayNested(String(decoding: l.file, as: UTF8.self)))
    }

    /// The section still loading, moved above another: the rows that arrive still go to it.
    @Test func rowsArriveInTheSectionStillLoadingAfterItWasMoved() throws {
        let text = "# A\n\n- a1\n- a2\n\n# B\n\n" + (0..<100).map { "- b\($0)\n" }.joined()
        let l = try Loading(Array(text.utf8), first: 40, piece: 100)
        #expect(l.editor.model.sections.count == 2)
        l.press(.char("e"))
        while l.editor.tableView.focus != .header(1) { l.press(.down) }
        l.press(.char("K"))
        #expect(l.editor.model.contents.map(\.title) == ["B", "A"])
        l.deliver()
        #expect(l.editor.model.contents.map(\.title) == ["B", "A"])
        #expect(l.editor.model.sections[0].rows.count == 100)
        #expect(l.editor.model.sections[1].rows.count == 2)
    }

    // MARK: The progress line, and the lines before an invalid one

    /// The progress line of a key that waits follows the load.
    @Test func theProgressLineOfAWaitingKeyMoves() throws {
        let l = try Loading(Array(LoadingTests.list(sections: 4, rows: 200).utf8), piece: 300)
        l.press(.char("G"))
        let before = try #require(percent(l.screen))
        l.deliver(20)
        #expect(l.editor.isLoading)
        let after = try #require(percent(l.screen))
        #expect(after > before)
    }

    func percent(_ screen: String) -> Int? {
        guard let r = screen.range(of: #"Reading list\.md… (\d+)%"#, options: .regularExpression) else { return nil }
        return Int(screen[r].dropFirst("Reading list.md… ".count).dropLast())
    }

    /// Not UTF-8 late in a large piece: every row before the bad line is shown, not only those
    /// of the pieces read whole before it; the header's count keeps its `+`.
    @Test func everyLineBeforeAnInvalidOneIsShown() throws {
        var bytes = Array(LoadingTests.list(sections: 1, rows: 300).utf8)
        bytes += [0x2D, 0x20, 0xC3, 0x28, 0x0A]            // line 303: not UTF-8
        bytes += Array("- after\n".utf8)
        let l = try Loading(bytes, piece: 1 << 20)         // the rest in one piece
        l.deliver()
        #expect(!l.editor.isLoading)
        #expect(l.editor.model.sections[0].rows.count == 300)
        #expect(l.screen.contains("list.md:303"))
        l.press(.char("G"))
        #expect(l.screen.contains("300/300+"))
    }
}
