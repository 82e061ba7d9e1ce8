import Testing
@testable import ListDocument

/// `MarkdownList.Row` packs its properties into 32 bytes (`MarkdownList+RowStorage.swift`): what
/// is set reads back, for every checkbox, levels at and past the stored range, blocks and none.
@Suite struct MarkdownListRowTests {
    @Test func aRowTakes32Bytes() {
        #expect(MemoryLayout<MarkdownList.Row>.stride == 32)
    }

    @Test func whatIsSetReadsBack() {
        let limit = MarkdownList.RowStorage.levelLimit
        let lines = MarkdownList.OtherLines(bytes: Array("more\n".utf8), ending: .paragraph)
        for checkbox in [nil, false, true] as [Bool?] {
            for level in [0, 1, 2, 63, 64, 255, 256, 70_000, limit, -1, -limit] {
                for block in [nil, 0, 1, 1 << 20, Int(UInt32.max) - 1] as [Int?] {
                    for text in [nil, "", "text"] as [String?] {
                        var row = MarkdownList.Row(block: block, text: text, checkbox: checkbox, level: level,
                                                   lines: level == 2 ? lines : nil)
                        #expect(row.block == block && row.text == text && row.checkbox == checkbox && row.level == level)
                        #expect(row.lines == (level == 2 ? lines : nil))
                        // Each property set alone leaves the others as they were.
                        row.checkbox = checkbox.map { !$0 } ?? true
                        #expect(row.level == level && row.block == block)
                        row.level = level + 1
                        #expect(row.checkbox == (checkbox.map { !$0 } ?? true) && row.level == min(limit, level + 1))
                        row.block = nil
                        #expect(row.block == nil && row.text == text)
                    }
                }
            }
        }
    }

    /// Rows are equal when every property is, the lines compared by value.
    @Test func equalityIsByValue() {
        let a = MarkdownList.Row.new("x", checkbox: false, level: 1, lines: .init(bytes: [0x61, 0x0A], ending: .closed))
        let b = MarkdownList.Row.new("x", checkbox: false, level: 1, lines: .init(bytes: [0x61, 0x0A], ending: .closed))
        #expect(a == b)
        var c = b
        c.lines = .init(bytes: [0x61, 0x0A], ending: .paragraph)
        #expect(a != c)
        c = b
        c.checkbox = nil
        #expect(a != c)
        c = b
        c.level = 0
        #expect(a != c)
        #expect(MarkdownList.Row(block: 3, text: nil, checkbox: nil, level: 0) != MarkdownList.Row(block: nil, text: nil, checkbox: nil, level: 0))
    }

    /// Levels past the stored range are clamped, keeping their sign: still outside the level rule.
    @Test func levelsPastTheRangeAreClamped() {
        let limit = MarkdownList.RowStorage.levelLimit
        #expect(MarkdownList.Row.new("x", level: Int.max).level == limit)
        #expect(MarkdownList.Row.new("x", level: Int.min).level == -limit)
    }
}
