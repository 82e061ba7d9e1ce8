import ListDocument
import TableKit
import ListStorage
import TestSupport

/// Runs a sequence of `listedit apply` batches (JSON, as the command decodes them) on a real file,
/// each over the file the last one saved, and checks each valid one: the table it produced keeps
/// the level rule, and once saved, (a) reading the file gives that table; (b) cmark-gfm reads it
/// as listedit does; (c) every part and every row no batch touched keeps its bytes; its ordered
/// lists are numbered as their items' lists were; (d) every item keeps, by identity, the other
/// lines the document held for it; every item that stayed in its list keeps its marker
/// (`EditorSession`'s checks, docs/reliability.md).
/// A batch the command refuses when decoding or applying changes nothing and is skipped (counted);
/// the only refusals a save may give are the front matter or the untitled first section moved
/// from the top, each named exactly (`isRefusal`): any other save error is a failure. A random
/// session goes on after its first failure (applying, saving and counting, checking no more), so
/// its skipped batches are always counted to the end.
///
/// Every third batch (index 2, 5, 8…) runs as `listedit apply` does (Sources/listedit/Apply.swift):
/// the file opened afresh, the batch applied and saved once, the file not read back; the batch
/// after it opens the file again. The others run on one document kept open, as a program using
/// the library does, which keeps the file's earlier versions across its saves.
@MainActor
struct ApplySession {
    let name: String
    let original: String
    /// A fault planted in the saved bytes the checks read (not in the file), for the tests of the
    /// harness itself: called with each saved batch's index and bytes.
    var plant: ((_ batch: Int, _ bytes: inout [UInt8]) -> Void)? = nil

    /// What a run found: the first failure (`step`: the batch's index) or nil, how many batches
    /// were refused when decoding, when applying and when saving, and the batches run.
    struct Outcome {
        var failure: EditorSession.Failure?
        var refusedOnDecode = 0, refusedOnApply = 0, refusedOnSave = 0
        var batches: [String] = []
        /// Batches applied and saved, every check run on them.
        var saved: Int { batches.count - skipped }
        /// Batches refused (and skipped).
        var skipped: Int { refusedOnDecode + refusedOnApply + refusedOnSave }
    }

    /// Runs `batches`, up to the first failure (`goingOn`: to the end, checking no more after it).
    func run(_ batches: [String], goingOn: Bool = false) -> Outcome {
        run(batches.count, goingOn: goingOn) { i, _ in batches[i] }
    }

    /// Runs `count` batches, each made by `batch` from its index and the row counts of the
    /// document as the batches before it left it (random batches then mostly hold valid indexes).
    /// After the first failure it stops, or with `goingOn` goes on without checking (applying,
    /// saving and counting the refusals), so `Outcome` counts every batch.
    func run(_ count: Int, goingOn: Bool, batch: (Int, [Int]) -> String) -> Outcome {
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
        var reopens = false   // the batch before ran as the command: its document is not read back
        for i in 0..<count {
            if outcome.failure != nil && !goingOn { break }
            let asCommand = Self.runsAsCommand(i)
            if asCommand || reopens {
                do { document = try ListDocument.open(path, createIfMissing: false) } catch {
                    if outcome.failure == nil { outcome.failure = Failure(kind: "reopen", step: i, detail: "\(error)") }
                    break
                }
                document.rereadsAfterSave = !asCommand
                // The rows of the file saved last are the ones just read.
                saved.model = document.model
            }
            reopens = asCommand
            let ops = batch(i, document.model.rowCounts)
            outcome.batches.append(ops)
            let checking = outcome.failure == nil
            func fail(_ kind: String, _ detail: String, file bytes: [UInt8]? = nil) {
                guard checking else { return }
                let file = bytes.map { "\nfile:\n" + String(decoding: $0, as: UTF8.self) } ?? ""
                outcome.failure = Failure(kind: kind, step: i, detail: "batch \(ops): \(detail)\(file)")
            }
            // Two operations of one kind on one place are refused when decoding, as by the command.
            guard let script = try? BatchScript.decode(Array(ops.utf8), name: "ops") else {
                outcome.refusedOnDecode += 1
                continue
            }
            var next = document
            // Refused (an index out of range, conflicting operations), as the command would.
            do { try next.apply(script) } catch {
                outcome.refusedOnApply += 1
                continue
            }
            let produced = next.model
            if checking, let broken = EditorSession.levelRuleViolation(produced) {
                fail("level rule", broken)
                continue
            }
            let held = Self.held(next)
            do { try next.save() } catch {
                // Front matter or the untitled first section moved from the top is refused when
                // saving, as the command does: nothing is written. Any other refusal is a failure.
                if Self.isRefusal(error, produced: produced, saved: saved) {
                    outcome.refusedOnSave += 1
                } else {
                    fail("save refused", "\(error)")
                }
                continue
            }
            let written = folder.bytes(name)
            var bytes = written
            plant?(i, &bytes)
            if checking, let problem = check(bytes, produced: produced, held: held, saved: saved) {
                fail(problem.kind, problem.detail, file: problem.showFile ? bytes : nil)
            }
            saved = EditorSession.SavedState(bytes: written, model: next.model)
            document = next
        }
        return outcome
    }

    /// Whether batch `i` runs as `listedit apply` does (see `ApplySession`): every third.
    static func runsAsCommand(_ i: Int) -> Bool { i % 3 == 2 }

    /// What `document` holds for each row besides its text, for `EditorSession.heldDifference`:
    /// its other lines by identity (no marks: no screen shows them).
    ///
    /// - Complexity: O(rows × blocks of the file).
    static func held(_ document: ListDocument) -> EditorSession.Held {
        var held = EditorSession.Held()
        for section in document.model.sections {
            for row in section.rows {
                held.texts.append(row.text)
                held.lines.append(document.otherLines(of: row.id, text: row.text)?.markdown.bytes)
                held.marks.append(nil)
            }
        }
        return held
    }

    /// What is wrong with `bytes`, saved from `produced` over the file saved before (`saved`),
    /// the document holding `held` before the save: the kind of failure, what, and whether to
    /// show the file; nil when every check passes.
    func check(_ bytes: [UInt8], produced: ListModel, held: EditorSession.Held, saved: EditorSession.SavedState) -> (kind: String, detail: String, showFile: Bool)? {
        let read: ListModel
        do { read = try MarkdownFormat.read(bytes, name: name).model } catch { return ("unreadable save", "\(error)", false) }
        if let difference = EditorSession.tableDifference(shown: produced, read: read) {
            return ("file differs from table", difference, true)
        }
        do {
            let problems = try ScanComparison.differences(bytes)
            if !problems.isEmpty { return ("cmark-gfm reads otherwise", problems.prefix(3).joined(separator: "; "), true) }
        } catch {
            return ("cmark-gfm", "\(error)", false)
        }
        if let difference = EditorSession.heldDifference(held, new: bytes) {
            return ("file differs from what the document held", difference, true)
        }
        if let bad = EditorSession.markerChange(old: saved, shown: produced, new: bytes) {
            return ("marker changed", bad, true)
        }
        if let bad = EditorSession.numberingViolation(old: saved, shown: produced, new: bytes) {
            return ("numbering", bad, true)
        }
        if let changed = EditorSession.untouchedChange(old: saved, shown: produced, new: bytes) {
            return ("untouched bytes changed", changed, false)
        }
        if let changed = EditorSession.untouchedRowChange(old: saved, shown: produced, new: bytes) {
            return ("untouched row changed", changed, true)
        }
        return nil
    }

    /// Whether `error` is one of the save's two refusals of what the file cannot hold, exactly:
    /// its message, and the row or section it names in `produced` (final index space) is what
    /// the message says, by identity:
    /// - `the front matter must stay first in the file (it is row R of section S)`: row R of
    ///   section S is the front matter of the file saved last, elsewhere than first;
    /// - `the untitled first section (the rows before the first heading) must stay first in the
    ///   file (it would be section S)`: section S (not 0) is the file's untitled first section.
    /// docs/file-formats.md ("With `listedit apply`") says both are errors naming the place.
    static func isRefusal(_ error: any Error, produced: ListModel, saved: EditorSession.SavedState) -> Bool {
        guard let error = error as? DocumentError, error.kind == .cannotRepresent else { return false }
        let scan = MarkdownScanner.scan(saved.bytes)
        let rows = EditorSession.flat(saved.model), blocks = EditorSession.rowBlocks(scan)
        guard rows.count == blocks.count else { return false }
        /// The numbers in `message` where it is `prefix` number (`middle` number) `)`.
        func numbers(_ prefix: String, _ middle: String?) -> [Int]? {
            guard error.message.hasPrefix(prefix), error.message.hasSuffix(")") else { return nil }
            let rest = error.message.dropFirst(prefix.count).dropLast()
            let parts = middle.map { rest.split(separator: $0, omittingEmptySubsequences: false) } ?? [rest]
            let values = parts.compactMap { Int($0) }
            return values.count == parts.count && parts.count == (middle == nil ? 1 : 2) ? values : nil
        }
        if let place = numbers("the front matter must stay first in the file (it is row ", " of section "),
           case let (r, s) = (place[0], place[1]), r != 0 || s != 0,
           produced.sections.indices.contains(s), produced.sections[s].rows.indices.contains(r) {
            // The front matter: the first row of the file saved last, a passage the scanner reads so.
            guard let first = blocks.first, scan.blocks[first].kind == .passage, scan.blocks[first].passageKind == .frontMatter else { return false }
            return produced.sections[s].rows[r].id == rows[0].row.id
        }
        if let place = numbers("the untitled first section (the rows before the first heading) must stay first in the file (it would be section ", nil),
           case let s = place[0], s > 0, produced.sections.indices.contains(s) {
            // The file saved last opens with rows before its first heading: its untitled section.
            let headings = scan.blocks.count(where: { $0.kind == .heading })
            guard headings == saved.model.sections.count - 1, let untitled = saved.model.sections.first else { return false }
            return produced.sections[s].source == untitled.source && produced.sections[s].title.isEmpty
        }
        return false
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

    /// One random batch as JSON, over a model with `rows` rows per section: every operation a
    /// batch may hold (docs/batch-updates.md, docs/file-formats.md "With `listedit apply`"): row
    /// deletes, inserts with and without `level` and `checked`, moves, reloads with and without
    /// `text`, `level`, `checked`; section inserts with and without `title` and `rows` (strings
    /// and row objects), moves, deletes among any number of sections, reloads (title only, rows
    /// only, both, neither). One batch in ten is an array of two batches, applied all or nothing.
    static func randomBatch(_ rows: [Int], using g: inout SplitMix64) -> String {
        if Int.random(in: 0...9, using: &g) == 0 {
            return "[\(randomObject(rows, using: &g)), \(randomObject(rows, using: &g))]"
        }
        return randomObject(rows, using: &g)
    }

    /// One batch object (see `randomBatch`).
    static func randomObject(_ rows: [Int], using g: inout SplitMix64) -> String {
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
        func sectionRows() -> String {
            let given = (0..<int(0...3)).map { k in
                int(0...1) == 0 ? "\"r\(k)\"" : "{\"text\": \"s\(k)\"\(extras())}"
            }
            return "\"rows\": [\(given.joined(separator: ", "))]"
        }
        var ops: [String: [String]] = [:]
        for _ in 0..<int(1...3) {
            switch int(0...12) {
            case 0, 1: if let at = row() { ops["deleteRows", default: []].append(at) }
            case 2, 3: if let at = row(final: 1) { ops["insertRows", default: []].append("{\"at\": \(at), \"text\": \"New \(int(1...99))\"\(extras())}") }
            case 4, 5:
                if let from = row(), let to = row() { ops["moveRows", default: []].append("{\"from\": \(from), \"to\": \(to)}") }
            case 6: if let at = row() { ops["reloadRows", default: []].append("{\"at\": \(at), \"text\": \"Renamed \(int(1...99))\"\(extras())}") }
            case 7: if let at = row() { ops["reloadRows", default: []].append("{\"at\": \(at)\(extras())}") }
            case 8:
                var fields = ["\"at\": \(int(0...sections))"]
                if int(0...3) > 0 { fields.append("\"title\": \"Part \(int(1...9))\"") }
                if int(0...3) > 0 { fields.append(sectionRows()) }
                ops["insertSections", default: []].append("{\(fields.joined(separator: ", "))}")
            case 9:
                if sections > 1 { ops["moveSections", default: []].append("{\"from\": \(int(0...sections - 1)), \"to\": \(int(0...sections - 1))}") }
            case 10:
                if sections > 0 { ops["deleteSections", default: []].append("\(int(0...sections - 1))") }
            default:
                guard sections > 0 else { break }
                var fields = ["\"at\": \(int(0...sections - 1))"]
                switch int(0...3) {
                case 0: fields.append("\"title\": \"Retitled \(int(1...9))\"")
                case 1: fields.append(sectionRows())
                case 2: fields += ["\"title\": \"Replaced \(int(1...9))\"", sectionRows()]
                default: break   // neither: the section as it is
                }
                ops["reloadSections", default: []].append("{\(fields.joined(separator: ", "))}")
            }
        }
        return "{" + ops.sorted { $0.key < $1.key }.map { "\"\($0.key)\": [\($0.value.joined(separator: ", "))]" }.joined(separator: ", ") + "}"
    }
}
