import ListDocument
import TableKit
import ListStorage
import TestSupport

/// Runs a sequence of `listedit apply` batches (JSON, as the command decodes them) on a real file,
/// each over the file the last one saved, and checks each valid one: the table it produced keeps
/// the level rule, and once saved, (a) reading the file gives that table; (b) cmark-gfm reads it
/// as listedit does; (c) every part no batch touched keeps its bytes; its ordered lists are
/// numbered as their items' lists were (`EditorSession`'s checks, docs/reliability.md). A batch
/// the command would refuse (when decoding, applying or saving) changes nothing and is skipped.
@MainActor
struct ApplySession {
    let name: String
    let original: String

    /// What a run found: the first failure (`step`: the batch's index) or nil, how many batches
    /// were valid and how many of those the save refused, and the batches run.
    struct Outcome {
        var failure: EditorSession.Failure?
        var valid = 0, refusedOnSave = 0
        var batches: [String] = []
    }

    /// Runs `batches`.
    func run(_ batches: [String]) -> Outcome { run(batches.count) { i, _ in batches[i] } }

    /// Runs `count` batches, each made by `batch` from its index and the row counts of the
    /// document as the batches before it left it (random batches then mostly hold valid indexes).
    func run(_ count: Int, batch: (Int, [Int]) -> String) -> Outcome {
        typealias Failure = EditorSession.Failure
        var outcome = Outcome()
        let folder = TempFolder()
        defer { folder.remove() }
        let path = folder.file(name, original)
        var document: ListDocument
        do { document = try ListDocument.open(path) } catch {
            outcome.failure = Failure(kind: "open", step: 0, detail: "\(error)")
            return outcome
        }
        var saved = EditorSession.SavedState(bytes: Array(original.utf8), model: document.model)
        for i in 0..<count {
            let ops = batch(i, document.model.rowCounts)
            outcome.batches.append(ops)
            // Two operations of one kind on one place are refused when decoding, as by the command.
            guard let script = try? BatchScript.decode(Array(ops.utf8), name: "ops") else { continue }
            var next = document
            do { try next.apply(script) } catch { continue }   // refused, as the command would
            outcome.valid += 1
            let produced = next.model
            func failure(_ kind: String, _ detail: String, file bytes: [UInt8]? = nil) -> Outcome {
                let file = bytes.map { "\nfile:\n" + String(decoding: $0, as: UTF8.self) } ?? ""
                outcome.failure = Failure(kind: kind, step: i, detail: "batch \(ops): \(detail)\(file)")
                return outcome
            }
            if let broken = EditorSession.levelRuleViolation(produced) { return failure("level rule", broken) }
            do { try next.save() } catch {
                // A result the file cannot hold is refused when saving, as the command does
                // (front matter moved from the top): nothing is written.
                outcome.refusedOnSave += 1
                continue
            }
            let bytes = folder.bytes(name)
            let read: ListModel
            do { read = try MarkdownFormat.read(bytes, name: name).model } catch { return failure("unreadable save", "\(error)") }
            if let difference = EditorSession.tableDifference(shown: produced, read: read) {
                return failure("file differs from table", difference, file: bytes)
            }
            do {
                let problems = try ScanComparison.differences(bytes)
                if !problems.isEmpty { return failure("cmark-gfm reads otherwise", problems.prefix(3).joined(separator: "; "), file: bytes) }
            } catch {
                return failure("cmark-gfm", "\(error)")
            }
            if let bad = EditorSession.numberingViolation(old: saved, shown: produced, new: bytes) {
                return failure("numbering", bad, file: bytes)
            }
            if let changed = EditorSession.untouchedChange(old: saved, shown: produced, new: bytes) {
                return failure("untouched bytes changed", changed)
            }
            saved = EditorSession.SavedState(bytes: bytes, model: next.model)
            document = next
        }
        return outcome
    }

    /// The smallest sequence found that still fails with the same kind of failure.
    func shrink(_ batches: [String], failure: EditorSession.Failure) -> [String] {
        Shrinking.minimal(batches, failingStep: failure.step) { run($0).failure?.kind == failure.kind }
    }

    /// A regression test to paste into `ApplySessionTests`.
    func regressionTest(_ batches: [String], failure: EditorSession.Failure) -> String {
        """
            /// \(failure.kind).
            @Test func \(Shrinking.testName(failure.kind))In\(name.filter(\.isLetter).capitalized)\(batches.count)Batches() {
                expectBatches(\(name.debugDescription), [
                    \(batches.map(\.debugDescription).joined(separator: ",\n            "))
                ])
            }
        """
    }

    /// One random batch as JSON, over a model with `rows` rows per section: deletes, inserts
    /// with and without `level` and `checked`, moves, reloads, section inserts, moves, deletes.
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
}
