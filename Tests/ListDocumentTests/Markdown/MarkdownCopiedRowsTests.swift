import Testing
import TestSupport
@testable import ListDocument

/// Runs of unchanged rows copied inside a changed section (`MarkdownWriter.CopiedRows`) write
/// exactly what laying out every row writes.
@Suite struct MarkdownCopiedRowsTests {
    /// Flat lists in the shapes the copy must keep (markers, indentation of 0 to 3 columns,
    /// spacing, checkboxes, empty items, loose lists, CRLF, a missing final newline), with now
    /// and then what makes a section be laid out whole (an ordered list, a nested item, a
    /// paragraph, text under an item), edited at random (`ListEdits`: moves, deletes, inserts,
    /// renames, toggles, level changes, new sections; or `flatEdits`): the bytes with the copies are the bytes
    /// of the unit-by-unit writer (`wholeSections: false`), and both fail alike.
    @Test func copiedRunsWriteWhatTheWholeLayoutWrites() throws {
        var copiedSections = 0
        for seed in UInt64(1)...600 {
            var g = SplitMix64(seed: seed)
            let bytes = Self.flatDocument(&g)
            let scan = MarkdownScanner.scan(bytes)
            var list = MarkdownList(scan)
            if seed % 2 == 0 {
                var edits = ListEdits(seed: seed &* 7919)
                edits.apply(Int.random(in: 1...4, using: &g), to: &list, scan)
            } else {
                Self.flatEdits(Int.random(in: 1...6, using: &g), to: &list, &g)
            }
            let writer = MarkdownWriter(file: bytes, scan: scan, name: "flat.md")
            guard (try? writer.validate(list)) != nil else { continue }
            copiedSections += list.sections.filter { writer.unchanged($0) == nil && writer.copiedRows($0) != nil }.count
            let copied = Result { () throws(DocumentError) in try writer.render(list).bytes }
            let whole = Result { () throws(DocumentError) in try writer.render(list, wholeSections: false).bytes }
            switch (copied, whole) {
            case (.success(let a), .success(let b)):
                #expect(a == b, "seed \(seed): \(String(decoding: bytes, as: UTF8.self).debugDescription)\n\(String(decoding: a, as: UTF8.self).debugDescription)\n\(String(decoding: b, as: UTF8.self).debugDescription)")
            case (.failure(let a), .failure(let b)):
                #expect(a.description == b.description, "seed \(seed)")
            default:
                Issue.record("seed \(seed): one writer failed, the other did not: \(copied) / \(whole)")
            }
        }
        // The copy was taken, not only the whole layout.
        #expect(copiedSections > 150, "\(copiedSections) sections copied runs")
    }

    /// Edits that keep every row at the top level (what `apply` of deletes, inserts and moves
    /// does to a flat list): a row deleted, inserted, moved (in its section or to another),
    /// renamed, or toggled.
    static func flatEdits(_ count: Int, to list: inout MarkdownList, _ g: inout SplitMix64) {
        func int(_ r: ClosedRange<Int>) -> Int { Int.random(in: r, using: &g) }
        for _ in 0..<count {
            let s = int(0...list.sections.count - 1)
            guard !list.sections[s].rows.isEmpty else { continue }
            let k = int(0...list.sections[s].rows.count - 1)
            switch int(0...5) {
            case 0: list.sections[s].rows.remove(at: k)
            case 1: list.sections[s].rows.insert(.new(["new", "", "- x", "[x] y"][int(0...3)], checkbox: int(0...2) == 0 ? true : nil, level: 0), at: k)
            case 2:
                let row = list.sections[s].rows.remove(at: k)
                let d = int(0...list.sections.count - 1)
                list.sections[d].rows.insert(row, at: int(0...list.sections[d].rows.count))
            case 3: list.sections[s].rows[k].text = ["renamed", ""][int(0...1)]
            case 4: list.sections[s].rows[k].checkbox = list.sections[s].rows[k].checkbox.map { !$0 } ?? false
            default: list.sections[s].rows.swapAt(k, int(0...list.sections[s].rows.count - 1))
            }
        }
    }

    /// A file of a few sections, most a flat bullet list of 8 to 40 items.
    static func flatDocument(_ g: inout SplitMix64) -> [UInt8] {
        func int(_ r: ClosedRange<Int>) -> Int { Int.random(in: r, using: &g) }
        let crlf = int(0...9) == 0
        let words = ["milk", "eggs", "café", "日本", "*em*", "`code`", "tea", "x"]
        var lines: [String] = []
        for s in 0..<int(1...3) {
            lines.append("# Section \(s)")
            if int(0...1) == 0 { lines.append("") }
            let marker = ["-", "*", "+"][int(0...2)]
            let loose = int(0...4) == 0
            let odd = int(0...11)   // now and then (0 to 3) a shape laid out whole
            let base = int(0...4) == 0 ? int(1...3) : 0   // the list's indentation
            for i in 0..<int(8...40) {
                // (An item indented one column more than the one above is still its sibling.)
                let indent = String(repeating: " ", count: base + (base == 0 && int(0...5) == 0 ? 1 : 0))
                let spacing = String(repeating: " ", count: int(0...6) == 0 ? int(2...4) : 1)
                let box = int(0...3) == 0 ? (int(0...1) == 0 ? "[ ] " : "[x] ") : ""
                let text = int(0...15) == 0 ? "" : (0..<int(1...3)).map { _ in words[int(0...words.count - 1)] }.joined(separator: " ")
                let m = odd == 0 ? "\(i + 1)." : marker
                lines.append(text.isEmpty && box.isEmpty ? indent + m : indent + m + spacing + box + text)
                if odd == 1 && i == 5 { lines.append("  - nested") }
                if odd == 2 && i == 7 { lines.append("  more text of the item") }
                if loose { lines.append("") }
            }
            if odd == 3 { lines += ["", "A paragraph."] }
            lines.append("")
        }
        var text = lines.joined(separator: crlf ? "\r\n" : "\n")
        if int(0...5) != 0 { text += crlf ? "\r\n" : "\n" }
        return Array(text.utf8)
    }
}
