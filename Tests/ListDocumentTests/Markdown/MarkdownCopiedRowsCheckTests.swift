import Testing
import TestSupport
@testable import ListDocument

/// The writer's check of a section whose unchanged rows were copied in runs
/// (`MarkdownWriter.checkedAroundCopiedRows`) scans only the rows laid out around the runs, and
/// passes only where a scan of the whole output passes.
@Suite struct MarkdownCopiedRowsCheckTests {
    /// The output's range of each section of `list` that has copied runs, with them.
    static func sectionsWithRuns(_ list: MarkdownList, _ rendered: MarkdownWriter.Rendered, _ count: Int)
        -> [(section: (offset: Int, element: MarkdownList.Section), range: Range<Int>, runs: [MarkdownWriter.CopiedRun], first: Bool)] {
        let expected = MarkdownWriter.expected(list)
        var result: [(section: (offset: Int, element: MarkdownList.Section), range: Range<Int>, runs: [MarkdownWriter.CopiedRun], first: Bool)] = []
        for (k, section) in expected.enumerated() {
            let runs = rendered.copiedRows.filter { $0.section == section.offset }
            guard !runs.isEmpty else { continue }
            let from = k == 0 ? 0 : rendered.starts[section.offset]
            let to = k + 1 < expected.count ? rendered.starts[expected[k + 1].offset] : count
            result.append((section, from..<to, runs, k == 0))
        }
        return result
    }

    /// Whether the whole check (a scan of all of `output`) passes.
    static func wholeCheckPasses(_ writer: MarkdownWriter, _ output: [UInt8], _ list: MarkdownList) -> Bool {
        do {
            try writer.verify(output, list)
            return true
        } catch {
            return false
        }
    }

    /// Flat lists edited at random (`MarkdownCopiedRowsTests`' files and edits), written with
    /// copied runs and no splice kept (as `listedit apply` writes): each section with runs
    /// checks around them, and so does the output after a byte changed at random (in a run half
    /// the time); whenever the check by sections passes, the whole check passes too.
    @Test func checkAroundCopiedRowsPassesOnlyWhereTheWholeCheckPasses() throws {
        var checkedAround = 0, tamperedRuns = 0, caughtInRuns = 0
        for seed in UInt64(1)...600 {
            var g = SplitMix64(seed: seed)
            let bytes = MarkdownCopiedRowsTests.flatDocument(&g)
            let scan = MarkdownScanner.scan(bytes)
            var list = MarkdownList(scan)
            MarkdownCopiedRowsTests.flatEdits(Int.random(in: 1...6, using: &g), to: &list, &g)
            var writer = MarkdownWriter(file: bytes, scan: scan, name: "flat.md")
            writer.keepsScans = false
            guard (try? writer.validate(list)) != nil, let rendered = try? writer.render(list) else { continue }
            let output = rendered.bytes
            #expect(Self.wholeCheckPasses(writer, output, list), "seed \(seed)")
            for (section, range, runs, first) in Self.sectionsWithRuns(list, rendered, output.count) {
                let ending = writer.checkedAroundCopiedRows(output, section, range, runs, afterHeading: !first)
                if ending != nil { checkedAround += 1 }
            }
            if writer.checkedBytesOfChangedSections(output, list, rendered) != nil {
                #expect(Self.wholeCheckPasses(writer, output, list), "seed \(seed): the sections pass, the whole fails")
            }
            for _ in 0..<4 where !rendered.copiedRows.isEmpty {
                var bad = output
                let inRun = Bool.random(using: &g)
                let run = rendered.copiedRows[Int.random(in: 0..<rendered.copiedRows.count, using: &g)].output
                let at = inRun ? Int.random(in: run, using: &g) : Int.random(in: 0..<bad.count, using: &g)
                bad[at] = [0x78, 0x20, 0x2D, 0x23, 0x0A, 0x60, 0x5B][Int.random(in: 0..<7, using: &g)]
                guard bad != output else { continue }
                let bySections = writer.checkedBytesOfChangedSections(bad, list, rendered)
                let whole = Self.wholeCheckPasses(writer, bad, list)
                if bySections != nil {
                    #expect(whole, "seed \(seed): byte \(at) changed passes by sections only")
                }
                if inRun {
                    tamperedRuns += 1
                    // A copied run is compared with the file's bytes, not trusted.
                    for (section, range, runs, first) in Self.sectionsWithRuns(list, rendered, bad.count) where range.contains(at) {
                        if writer.checkedAroundCopiedRows(bad, section, range, runs, afterHeading: !first) == nil { caughtInRuns += 1 }
                    }
                }
            }
        }
        // The check around runs was taken, not only the fallback to a whole section.
        // (Lists indented, or with an item a column in, are checked whole: about one in ten.)
        #expect(checkedAround > 30, "\(checkedAround) sections checked around their copied runs")
        #expect(tamperedRuns > 100 && caughtInRuns == tamperedRuns, "\(caughtInRuns) of \(tamperedRuns)")
    }

    /// A long flat list with a few changes: the output reads back as the list, the check passes
    /// around the runs, and a write keeping no splice gives the bytes of one that does.
    @Test func aFewChangesInALongListAreCheckedAroundThem() throws {
        var text = "# Week\n\n"
        for i in 0..<3000 { text += "- [ ] item \(i)\n" }
        text += "\n# Later\n\n- one\n- two\n"
        let bytes = Array(text.utf8)
        let scan = MarkdownScanner.scan(bytes)
        var list = MarkdownList(scan)
        list.sections[0].rows.remove(at: 1500)
        list.sections[0].rows.insert(.new("added", checkbox: false, level: 0), at: 10)
        list.sections[0].rows[2500].checkbox = true
        var writer = MarkdownWriter(file: bytes, scan: scan, name: "w.md")
        writer.keepsScans = false
        let rendered = try writer.render(list)
        let found = Self.sectionsWithRuns(list, rendered, rendered.bytes.count)
        let week = try #require(found.first)
        #expect(week.runs.count >= 3)
        #expect(week.runs.map(\.rows.count).reduce(0, +) > 2900)
        #expect(writer.checkedAroundCopiedRows(rendered.bytes, week.section, week.range, week.runs, afterHeading: false) != nil)
        let alone = try MarkdownWriter.writeKeepingScans(bytes, scan, list, name: "w.md", splice: false)
        #expect(alone.bytes == rendered.bytes)
        #expect(try MarkdownWriter.writeKeepingScans(bytes, scan, list, name: "w.md").bytes == rendered.bytes)
        #expect(Self.wholeCheckPasses(writer, rendered.bytes, list))
    }
}
