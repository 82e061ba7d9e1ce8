import Foundation
import Testing
import ListDocument
import TableKit
import TestSupport

/// Random `listedit apply` batches (`BatchScript`, as the command decodes them) on the files of
/// `SessionCorpus`, saved after each one: every valid batch keeps the level rule, and its result
/// read back from the saved file is the table the batch produced; cmark-gfm reads the file as
/// listedit does. Several batches run on one document, each over the file the last one saved.
@MainActor
@Suite struct ApplySessionTests {
    static let batchesPerFile = 150

    /// One random batch as JSON, over a model with `rows` rows per section.
    static func randomBatch(_ rows: [Int], using g: inout SplitMix64) -> String {
        func int(_ r: ClosedRange<Int>) -> Int { Int.random(in: r, using: &g) }
        let sections = rows.count
        func row(final extra: Int = 0) -> String? {
            guard sections > 0 else { return nil }
            let s = int(0...sections - 1)
            guard rows[s] + extra > 0 else { return nil }
            return "[\(s), \(int(0...rows[s] + extra - 1))]"
        }
        func extras() -> String {
            var e = ""
            if int(0...2) == 0 { e += ", \"level\": \(int(0...3))" }
            if int(0...3) == 0 { e += ", \"checked\": \(["true", "false", "null"][int(0...2)])" }
            return e
        }
        var ops: [String: [String]] = [:]
        for _ in 0..<int(1...3) {
            switch int(0...9) {
            case 0, 1: if let at = row() { ops["deleteRows", default: []].append(at) }
            case 2, 3: if let at = row(final: 1) { ops["insertRows", default: []].append("{\"at\": \(at), \"text\": \"New \(int(1...99))\"\(extras())}") }
            case 4, 5:
                if let from = row(), let to = row() { ops["moveRows", default: []].append("{\"from\": \(from), \"to\": \(to)}") }
            case 6: if let at = row() { ops["reloadRows", default: []].append("{\"at\": \(at), \"text\": \"Renamed \(int(1...99))\"\(extras())}") }
            case 7: if let at = row() { ops["reloadRows", default: []].append("{\"at\": \(at)\(extras())}") }
            case 8:
                ops["insertSections", default: []].append("{\"at\": \(int(0...sections)), \"title\": \"Part \(int(1...9))\", \"rows\": [\"a\", {\"text\": \"b\", \"level\": \(int(0...2))}]}")
            default:
                if sections > 1 { ops["moveSections", default: []].append("{\"from\": \(int(0...sections - 1)), \"to\": \(int(0...sections - 1))}") }
                else if sections > 0 { ops["deleteSections", default: []].append("\(int(0...sections - 1))") }
            }
        }
        return "{" + ops.sorted { $0.key < $1.key }.map { "\"\($0.key)\": [\($0.value.joined(separator: ", "))]" }.joined(separator: ", ") + "}"
    }

    /// Deleting the only row before the first heading (notes.md's front matter) drops the
    /// untitled first section: the table is what the saved file reads back as. Moving the front
    /// matter out of it keeps it, and the save refuses, naming where the front matter went.
    @Test func deletingTheFrontMatterDropsTheUntitledSection() throws {
        let folder = TempFolder()
        defer { folder.remove() }
        let path = folder.file("notes.md", SessionCorpus.crlfFrontMatter)
        var document = try ListDocument.open(path)
        let sections = document.model.sections.count
        #expect(document.model.sections[0].title.isEmpty && document.model.sections[0].rows.count == 1)
        var moved = document
        try document.apply(BatchScript.decode(Array(#"{"deleteRows": [[0, 0]]}"#.utf8), name: "ops"))
        #expect(document.model.sections.count == sections - 1)
        try document.save()
        let read = try MarkdownFormat.read(folder.bytes("notes.md"), name: "notes.md").model
        #expect(EditorSession.tableDifference(shown: document.model, read: read) == nil)

        try moved.apply(BatchScript.decode(Array(#"{"moveRows": [{"from": [0, 0], "to": [1, 0]}]}"#.utf8), name: "ops"))
        #expect(moved.model.sections.count == sections)
        #expect(throws: (any Error).self) { try moved.save() }
    }

    @Test(arguments: SessionCorpus.files.indices)
    func randomBatchesReadBackAsTheTableTheyProduced(file: Int) throws {
        let (name, text) = SessionCorpus.files[file]
        let folder = TempFolder()
        defer { folder.remove() }
        let path = folder.file(name, text)
        var document = try ListDocument.open(path)
        var g = SplitMix64(seed: UInt64(25_000 + file))
        var valid = 0, refusedOnSave = 0
        for i in 0..<Self.batchesPerFile {
            let ops = Self.randomBatch(document.model.rowCounts, using: &g)
            // Two operations of one kind on one place are refused when decoding, as by the command.
            guard let script = try? BatchScript.decode(Array(ops.utf8), name: "ops") else { continue }
            var next = document
            do { try next.apply(script) } catch { continue }   // refused, as the command would
            valid += 1
            let produced = next.model
            if let broken = EditorSession.levelRuleViolation(produced) {
                Issue.record("\(name), batch \(i) \(ops): \(broken)")
                return
            }
            do { try next.save() } catch {
                // A result the file cannot hold is refused when saving, as the command does
                // (front matter moved from the top): nothing is written.
                refusedOnSave += 1
                continue
            }
            let bytes = folder.bytes(name)
            let read = try MarkdownFormat.read(bytes, name: name).model
            if let difference = EditorSession.tableDifference(shown: produced, read: read) {
                Issue.record("\(name), batch \(i) \(ops): \(difference)\nfile:\n\(String(decoding: bytes, as: UTF8.self))")
                return
            }
            let problems = try ScanComparison.differences(bytes)
            if !problems.isEmpty {
                Issue.record("\(name), batch \(i) \(ops): cmark-gfm reads otherwise: \(problems.prefix(3))")
                return
            }
            document = next
        }
        // Enough batches were valid to have edited the file many times.
        #expect(valid - refusedOnSave > Self.batchesPerFile / 4)
    }
}
