import Testing
import TestSupport
import TableKit
import ListStorage
@testable import ListDocument

/// The progressive Markdown load (`ProgressiveLoad`): read in pieces of any size, it hands over
/// exactly the model that reading the whole file makes, as appends only.
@Suite struct ProgressiveLoadTests {
    /// The model that the deliveries of a load in pieces of `sizes` (cycled) build.
    static func load(_ bytes: [UInt8], pieces sizes: [Int], generation: UInt64 = 1) throws -> (ListModel, ProgressiveLoad, deliveries: Int) {
        var load = ProgressiveLoad(size: bytes.count, name: "t.md", generation: generation)
        var model = ListModel()
        var available = 0, k = 0, deliveries = 0
        repeat {
            let next = min(bytes.count, available + sizes[k % sizes.count])
            k += 1
            load.fill(bytes[available..<next], at: available)
            available = next
            let delivery = try load.advance(available: available, final: available == bytes.count)
            // Nothing is handed over that is not checked and scanned.
            #expect(delivery.bytesLoaded <= available)
            apply(delivery, to: &model)
            deliveries += 1
        } while available < bytes.count
        #expect(load.isComplete)
        return (model, load, deliveries)
    }

    /// What the editor does with a delivery: rows to the last section, sections after it.
    static func apply(_ delivery: ProgressiveLoad.Delivery, to model: inout ListModel) {
        if let rows = delivery.rows {
            model.sections[model.sections.count - 1].rows.append(contentsOf: rows)
        }
        model.sections += delivery.sections
    }

    static func corpus() throws -> [[UInt8]] {
        var files = try Corpus.files().map(\.bytes)
        for seed in UInt64(1)...60 {
            var generator = MarkdownGenerator(seed: seed)
            files.append(generator.document())
        }
        return files
    }

    /// Every piece size from one byte to larger than the file, and random ones: the same model,
    /// the same scan, the same link definitions as one read of the whole file.
    @Test func everyPieceSizeGivesTheWholeFilesModel() throws {
        var g = SplitMix64(seed: 17)
        for bytes in try Self.corpus() {
            let whole = try MarkdownFormat.read(bytes, name: "t.md", generation: 1)
            var plans: [[Int]] = [[1], [2], [3], [7], [64], [4096], [bytes.count + 1]]
            plans.append((0..<50).map { _ in Int.random(in: 1...200, using: &g) })
            for sizes in plans {
                let (model, load, _) = try Self.load(bytes, pieces: sizes)
                #expect(model == whole.model, "pieces \(sizes.prefix(3))")
                #expect(load.file.scan.blocks == whole.file.scan.blocks)
                #expect(load.file.scan.linkReferences == whole.file.scan.linkReferences)
                #expect(load.file.bytes == bytes)
            }
        }
    }

    /// A file written over the progressive load's scan saves byte for byte, and an edit saves as
    /// it does over a whole read.
    @Test func savesOverTheLoadedFileAsOverAWholeRead() throws {
        for bytes in try Self.corpus().prefix(30) {
            let whole = try MarkdownFormat.read(bytes, name: "t.md", generation: 1)
            let (model, load, _) = try Self.load(bytes, pieces: [5, 33])
            #expect(try MarkdownFormat.write(model, over: load.file, name: "t.md") == bytes)
            guard var edited = Optional(model), let s = edited.sections.indices.first(where: { !edited.sections[$0].rows.isEmpty }) else { continue }
            edited.sections[s].rows[0].text = "changed"
            var expected = whole.model
            expected.sections[s].rows[0].text = "changed"
            #expect(try MarkdownFormat.write(edited, over: load.file, name: "t.md")
                    == MarkdownFormat.write(expected, over: whole.file, name: "t.md"))
        }
    }

    /// Rows arrive only as appends: each delivery's model is a prefix of the whole one (its
    /// sections but the last equal, the last a prefix of its rows).
    @Test func whatIsShownNeverChangesMeaning() throws {
        let bytes = Array("# A\n\n- one\n- two\n  continued\n\nPara\n# B\n\nSetext\n---\n\n- [ ] x\n".utf8)
        let whole = try MarkdownFormat.read(bytes, name: "t.md", generation: 1).model
        var load = ProgressiveLoad(size: bytes.count, name: "t.md", generation: 1)
        var model = ListModel()
        for end in 1...bytes.count {
            load.fill(bytes[(end - 1)..<end], at: end - 1)
            Self.apply(try load.advance(available: end, final: end == bytes.count), to: &model)
            #expect(model.sections.count <= whole.sections.count)
            for (s, section) in model.sections.enumerated() {
                let full = whole.sections[s]
                #expect(section.title == full.title && section.level == full.level && section.source == full.source)
                #expect(Array(section.rows) == Array(full.rows.prefix(section.rows.count)))
                if s < model.sections.count - 1 { #expect(section.rows.count == full.rows.count) }
            }
        }
        #expect(model == whole)
    }

    /// A piece that is not UTF-8 names its line; nothing from that line on is handed over, and
    /// what was handed over is a file of its own that saves byte for byte.
    @Test func invalidUTF8LateNamesTheLine() throws {
        var bytes = Array("# A\n\n- one\n- two\n".utf8)
        bytes += Array(repeating: Array("- filler\n".utf8), count: 20).joined()
        bytes += [0x2D, 0x20, 0xFF, 0x0A] + Array("- after\n".utf8)
        var load = ProgressiveLoad(size: bytes.count, name: "t.md", generation: 1)
        load.fill(bytes[0..<100], at: 0)
        var model = ListModel()
        Self.apply(try load.advance(available: 100, final: false), to: &model)
        load.fill(bytes[100...], at: 100)
        #expect {
            try load.advance(available: bytes.count, final: true)
        } throws: { ($0 as? DocumentError)?.kind == .invalidUTF8 && ($0 as? DocumentError)?.line == 25 }
        let file = load.deliveredFile
        #expect(file.bytes == Array(bytes[0..<file.bytes.count]))
        #expect(try MarkdownFormat.write(model, over: file, name: "t.md") == file.bytes)
    }

    /// Front matter never closed is read again as Markdown when the file ends: nothing is handed
    /// over before that, so nothing handed over changes.
    @Test func unclosedFrontMatterWaitsForTheEnd() throws {
        let bytes = Array("---\n- a\n- b\n# H\n- c\n".utf8)
        let whole = try MarkdownFormat.read(bytes, name: "t.md", generation: 1).model
        let (model, _, _) = try Self.load(bytes, pieces: [4])
        #expect(model == whole)
        var load = ProgressiveLoad(size: bytes.count, name: "t.md", generation: 1)
        load.fill(bytes[0..<15], at: 0)
        #expect(try load.advance(available: 15, final: false).rowCount == 0)
    }
}
