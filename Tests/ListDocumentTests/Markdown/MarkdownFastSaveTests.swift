import Testing
import TestSupport
@testable import ListDocument
import TableKit
import ListStorage

/// The save in proportion to the change (`ListDocument.savesInProportion`: sections the model
/// did not touch written without looking at their rows, the written file's scan and rows made
/// from the file's and from the pieces the check scanned) against the whole-file path (every
/// row listed, the written file read again), on the same random edits of the model: the same
/// bytes, the same document after (rows and their identities, sections, the scan), so the later
/// saves are the same too.
@Suite struct MarkdownFastSaveTests {
    /// Small real-shaped files (the shape `bench.py --scale` generates) beside the save check's
    /// many-section documents (setext and indented headings, fences left open, HTML blocks).
    static func documents() throws -> [[UInt8]] {
        var documents: [[UInt8]] = []
        for (seed, sections) in [(1, 1), (2, 3), (3, 6)] {
            var g = SplitMix64(seed: UInt64(seed))
            var out = "---\ntitle: Bench\n---\n\n"
            for s in 0..<sections {
                out += "\(s % 2 == 0 ? "#" : "##") Section \(s)\n\nNotes for section \(s), with *emphasis*.\n\n"
                for i in 0..<Int.random(in: 3...12, using: &g) {
                    let level = i % 5 == 0 ? 0 : i % 5 == 2 ? 2 : 1
                    let box = i % 2 == 0 ? (i % 3 == 0 ? "[x] " : "[ ] ") : ""
                    out += String(repeating: "  ", count: level) + "- \(box)item \(s).\(i)\n"
                    if i % 7 == 6 { out += "\n  A paragraph inside.\n\n  ```\n  code()\n  ```\n\n" }
                }
                out += "\n"
            }
            documents.append(Array(out.utf8))
        }
        // (Every other one: the save check's own tests take them all.)
        return documents + (try MarkdownSaveCheckTests.documents()).enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
    }

    /// One random change of `model`, as any caller of the model makes them: a row edited,
    /// toggled, re-levelled, deleted, inserted or moved (within or across sections), a section
    /// inserted, deleted or moved, or the model put back as it was before an earlier step (undo:
    /// the old sections' rows come back, sharing storage with the list as read).
    static func step(_ model: inout ListModel, _ history: inout [ListModel], _ g: inout SplitMix64) {
        func int(_ r: ClosedRange<Int>) -> Int { Int.random(in: r, using: &g) }
        let rowsAt = model.sections.indices.filter { !model.sections[$0].rows.isEmpty }
        let kind = int(0...11)
        if kind == 11, let last = history.popLast() {
            model = last
            return
        }
        history.append(model)
        switch kind {
        case 0, 1, 2, 3, 4, 5:
            guard let s = rowsAt.randomElement(using: &g) else { return }
            let r = int(0...(model.sections[s].rows.count - 1))
            let path = IndexPath(row: r, section: s)
            var row = model[path]
            switch kind {
            case 0: row.text = ["Milk", "edited *x*", "", "# h", "1. y", "日本"][int(0...5)]
            case 1: row.checkbox = row.checkbox.map { !$0 } ?? true
            case 2: row.level = int(0...2)
            default: break
            }
            switch kind {
            case 0, 1, 2:
                model[path] = row
            case 3:
                model.removeRow(at: path)
            case 4:
                model.insertRow("new \(int(0...99))", at: IndexPath(row: int(0...model.sections[s].rows.count), section: s))
            default:
                let d = int(0...(model.sections.count - 1))
                let count = model.sections[d].rows.count - (d == s ? 1 : 0)
                model.moveRow(from: path, to: IndexPath(row: int(0...max(0, count)), section: d))
            }
            model.clampLevels()   // as every entry point keeps the level rule (RowList+Levels)
        case 6, 7:
            let at = int(min(1, model.sections.count)...model.sections.count)
            var section = model.makeSection("Part \(int(0...99))")
            section.level = int(1...3)
            model.insertSection(section, at: at)
            if kind == 7 { model.insertRow("in part", at: IndexPath(row: 0, section: at)) }
        case 8:
            guard model.sections.count > 1 else { return }
            model.removeSection(at: int(1...(model.sections.count - 1)))
        case 9:
            guard model.sections.count > 2 else { return }
            let section = model.removeSection(at: int(1...(model.sections.count - 1)))
            model.insertSection(section, at: int(1...model.sections.count))
        default:
            guard let s = rowsAt.randomElement(using: &g) else { return }
            model.sections[s].title = "Renamed \(int(0...9))"
        }
    }

    static func sameScan(_ a: MarkdownScan, _ b: MarkdownScan) -> Bool {
        a.blocks == b.blocks && a.length == b.length && a.stableCount == b.stableCount
            && a.linkReferences == b.linkReferences && a.unclosedFences == b.unclosedFences
    }

    @Test func fastSaveWritesAndLeavesWhatTheWholeFilePathDoes() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        var spliced = 0, untouchedSeen = 0, saves = 0
        for (d, bytes) in try Self.documents().enumerated() {
            let text = String(decoding: bytes, as: UTF8.self)
            var fast = try ListDocument.open(dir.file("fast-\(d).md", text))
            var slow = try ListDocument.open(dir.file("slow-\(d).md", text))
            slow.savesInProportion = false
            var g = SplitMix64(seed: UInt64(d) &* 7919 &+ 1)
            var fastHistory: [ListModel] = [], slowHistory: [ListModel] = []
            for round in 0..<6 {
                let steps = Int.random(in: 1...3, using: &g)
                var h = g
                for _ in 0..<steps {
                    Self.step(&fast.model, &fastHistory, &g)
                    Self.step(&slow.model, &slowHistory, &h)
                }
                #expect(fast.model == slow.model)
                let where_ = "document \(d) round \(round)"
                untouchedSeen += MarkdownFormat.untouchedSections(of: fast.model, saved: fast.savedModel, file: fast.markdown!)
                    .filter { $0 != nil }.count
                let fastRequest: ListDocument.SaveRequest, slowRequest: ListDocument.SaveRequest
                do {
                    slowRequest = try slow.prepareSave()
                } catch {
                    #expect(throws: DocumentError.self, "\(where_): the whole-file path refused (\(error)), so must this") { _ = try fast.prepareSave() }
                    fast.model = fast.savedModel
                    slow.model = slow.savedModel
                    continue
                }
                fastRequest = try fast.prepareSave()
                #expect(fastRequest.bytes == slowRequest.bytes, "\(where_)")
                if let reread = fastRequest.reread,
                   MarkdownFormat.reread(fastRequest.bytes, splice: reread.splice, list: reread.list, model: fastRequest.model,
                                         over: reread.over, generation: fast.generation + 1) != nil {
                    spliced += 1
                }
                fast.finishSave(fastRequest, stamp: try FileAccess.writeAtomically(fastRequest.bytes, to: fastRequest.path), undoable: { [] })
                slow.finishSave(slowRequest, stamp: try FileAccess.writeAtomically(slowRequest.bytes, to: slowRequest.path), undoable: { [] })
                saves += 1
                #expect(fast.model == slow.model, "\(where_)")
                #expect(fast.savedBytes == slow.savedBytes, "\(where_)")
                #expect(fast.markdown!.bytes == slow.markdown!.bytes, "\(where_)")
                #expect(fast.markdown!.buffer.idBase == slow.markdown!.buffer.idBase, "\(where_)")
                #expect(Self.sameScan(fast.markdown!.scan, slow.markdown!.scan), "\(where_)")
                #expect(!fast.isModified, "\(where_)")
            }
        }
        // The fast path was taken, often: sections known untouched, scans spliced.
        #expect(saves > 80)
        #expect(spliced > saves / 3, "spliced \(spliced) of \(saves)")
        #expect(untouchedSeen > saves)
    }

    /// A toggle in one section of many: the others are known untouched, written as they are,
    /// and their rows after the save are the same rows moved into the new file (no read).
    @Test func oneToggleLeavesTheOtherSectionsUntouched() throws {
        let dir = TempFolder()
        defer { dir.remove() }
        let text = (0..<5).map { "# S\($0)\n\n- [ ] a\($0)\n  - b\($0)\n" }.joined(separator: "\n")
        var doc = try ListDocument.open(dir.file("t.md", text))
        doc.model.sections[2].rows[0].checkbox = true
        let untouched = MarkdownFormat.untouchedSections(of: doc.model, saved: doc.savedModel, file: doc.markdown!)
        #expect(untouched.map { $0 != nil } == [true, true, false, true, true])
        let request = try doc.prepareSave()
        #expect(request.reread != nil)
        try doc.save()
        #expect(dir.text("t.md") == text.replacingOccurrences(of: "- [ ] a2", with: "- [x] a2"))
        #expect(doc.model == (try MarkdownFormat.read(doc.savedBytes!, name: "t.md", generation: doc.generation)).model)
        // Untouched again after the save: the next save of a toggle is in proportion too.
        doc.model.sections[4].rows[1].text = "c4"
        #expect(MarkdownFormat.untouchedSections(of: doc.model, saved: doc.savedModel, file: doc.markdown!).map { $0 != nil }
                == [true, true, true, true, false])
    }
}
