import Testing
import ListDocument
import TableKit
import TestSupport

/// Random `listedit apply` batches (`ApplySession`) on the files of `SessionCorpus`, saved after
/// each one and checked as the editor's sessions are. A failure is shrunk to a minimal sequence
/// of batches and printed as a regression test for this suite (`expectBatches`); `make soak`
/// runs fresh seeds (`soak`).
@MainActor
@Suite struct ApplySessionTests {
    static let batchesPerFile = 150
    /// At most this share of a session's random batches may be refused (skipped): more, and the
    /// checks run on too few (the session fails, naming the counts).
    static let mostSkipped = 0.3

    /// Runs `count` random batches from `seed` on `file`; records the shrunk failure, and a
    /// failure when more than `mostSkipped` of them were refused (counted to the end, also
    /// after a failure: the session goes on). Returns the outcome.
    @discardableResult
    static func session(file: (name: String, text: String), seed: UInt64, batches count: Int) -> ApplySession.Outcome {
        var g = SplitMix64(seed: seed)
        let session = ApplySession(name: file.name, original: file.text)
        let outcome = session.run(count, goingOn: true) { _, rows in ApplySession.randomBatch(rows, using: &g) }
        if let tooMany = tooManySkips(outcome) { Issue.record("\(file.name), seed \(seed): \(tooMany)") }
        guard let failure = outcome.failure else { return outcome }
        let minimal = session.shrink(outcome.batches, failure: failure)
        let again = session.run(minimal).failure ?? failure
        let report = """
            \(file.name), seed \(seed): \(again)
            shrunk from \(outcome.batches.count) to \(minimal.count) batches; as a regression test:
            \(session.regressionTest(minimal, failure: again))
            """
        Issue.record(Comment(rawValue: report))
        return outcome
    }

    /// The counts, when more than `mostSkipped` of the batches run were refused.
    static func tooManySkips(_ o: ApplySession.Outcome) -> String? {
        Double(o.skipped) > mostSkipped * Double(o.batches.count) ? "\(skips(o)): more than \(Int(mostSkipped * 100)) % skipped" : nil
    }

    /// How many batches were saved and checked, and how many skipped, by why.
    static func skips(_ o: ApplySession.Outcome) -> String {
        "\(o.saved) of \(o.batches.count) batches saved and checked; skipped: \(o.refusedOnDecode) refused when decoding, \(o.refusedOnApply) when applying, \(o.refusedOnSave) when saving (front matter or the untitled section moved)"
    }

    /// A kept failing sequence (printed by `session`): it must now pass every check.
    func expectBatches(_ name: String, _ batches: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        guard let file = SessionCorpus.files.first(where: { $0.name == name }) else {
            Issue.record("no corpus file \(name)", sourceLocation: sourceLocation)
            return
        }
        if let failure = ApplySession(name: name, original: file.text).run(batches).failure {
            Issue.record("\(failure)", sourceLocation: sourceLocation)
        }
    }

    /// Shrinking finds the batch that breaks a check among many that do not, and the printed
    /// regression test names it: a check that fails on the third `Part 7` section inserted.
    @Test func shrinkingKeepsTheBatchThatFails() {
        let session = ApplySession(name: "todo.md", original: SessionCorpus.tasks)
        let part7 = #"{"insertSections": [{"at": 0, "title": "Part 7", "rows": ["a"]}]}"#
        let other = #"{"deleteRows": [[0, 0]]}"#
        let batches = [other, part7, other, other, part7, other, part7, other]
        func fails(_ b: [String]) -> Bool { b.count(where: { $0 == part7 }) >= 3 }
        let failure = EditorSession.Failure(kind: "too many parts", step: 6, detail: "")
        let minimal = Shrinking.minimal(batches, failingStep: failure.step, fails: fails)
        #expect(minimal == [part7, part7, part7])
        #expect(session.regressionTest(minimal, failure: failure).contains("tooManyPartsInTodomd3Batches"))
        #expect(session.run(minimal).failure == nil)
    }

    /// Found by `make soak SOAK_MINUTES=5` (soak seed 1795844297938, session seed
    /// 16957395196569912018): after `deleteRows [[3, 1]]` (`# Part 7\n- b\n- a\n` losing `a`),
    /// the heading `# Part 7`, which no batch touched, was written `# Part 7\n\n` (a blank line
    /// added after it): the section left equal to a `# Part 7` of an earlier saved version, and
    /// was written whole as that version had it, heading and all. A section under one of the
    /// file's own headings now keeps its heading and takes only the earlier version's rows
    /// (`MarkdownFormat.restoringEarlierSections`).
    @Test func aSectionEditedBelowItsFirstRowAcrossBatches() {
        expectBatches("neighbours.md", [
            "{\"deleteRows\": [[0, 0]], \"insertSections\": [{\"at\": 2, \"title\": \"Part 1\", \"rows\": [\"a\", {\"text\": \"b\", \"level\": 2}]}], \"reloadRows\": [{\"at\": [0, 2], \"text\": \"Renamed 6\"}]}",
            "{\"insertSections\": [{\"at\": 1, \"title\": \"Part 8\", \"rows\": [\"a\", {\"text\": \"b\", \"level\": 1}]}], \"reloadRows\": [{\"at\": [0, 1], \"checked\": false}]}",
            "{\"insertSections\": [{\"at\": 1, \"title\": \"Part 7\", \"rows\": [\"a\", {\"text\": \"b\", \"level\": 0}]}], \"reloadRows\": [{\"at\": [1, 1]}]}",
            "{\"moveRows\": [{\"from\": [1, 0], \"to\": [2, 0]}], \"reloadRows\": [{\"at\": [3, 0], \"text\": \"Renamed 47\"}]}",
            "{\"insertSections\": [{\"at\": 3, \"title\": \"Part 6\", \"rows\": [\"a\", {\"text\": \"b\", \"level\": 0}]}], \"moveRows\": [{\"from\": [0, 0], \"to\": [0, 0]}], \"reloadRows\": [{\"at\": [1, 0], \"text\": \"Renamed 1\", \"level\": 0}]}",
            "{\"deleteRows\": [[2, 0]], \"moveSections\": [{\"from\": 4, \"to\": 1}], \"reloadRows\": [{\"at\": [3, 1], \"level\": 0}]}",
            "{\"insertRows\": [{\"at\": [3, 1], \"text\": \"New 67\", \"level\": 2}], \"insertSections\": [{\"at\": 4, \"title\": \"Part 1\", \"rows\": [\"a\", {\"text\": \"b\", \"level\": 0}]}], \"reloadRows\": [{\"at\": [0, 0]}]}",
            "{\"insertRows\": [{\"at\": [6, 1], \"text\": \"New 36\", \"level\": 0}], \"moveRows\": [{\"from\": [0, 0], \"to\": [6, 0]}, {\"from\": [0, 2], \"to\": [3, 0]}]}",
            "{\"insertRows\": [{\"at\": [6, 0], \"text\": \"New 89\"}], \"insertSections\": [{\"at\": 4, \"title\": \"Part 8\", \"rows\": [\"a\", {\"text\": \"b\", \"level\": 0}]}], \"moveRows\": [{\"from\": [1, 0], \"to\": [1, 0]}]}",
            "{\"insertSections\": [{\"at\": 8, \"title\": \"Part 4\", \"rows\": [\"a\", {\"text\": \"b\", \"level\": 0}]}]}",
            "{\"deleteRows\": [[4, 1], [8, 0]], \"moveSections\": [{\"from\": 0, \"to\": 6}]}",
            "{\"insertRows\": [{\"at\": [3, 0], \"text\": \"New 44\"}], \"insertSections\": [{\"at\": 8, \"title\": \"Part 7\", \"rows\": [\"a\", {\"text\": \"b\", \"level\": 1}]}], \"moveRows\": [{\"from\": [7, 3], \"to\": [1, 1]}]}",
            "{\"moveSections\": [{\"from\": 2, \"to\": 9}]}",
            "{\"insertSections\": [{\"at\": 2, \"title\": \"Part 7\", \"rows\": [\"a\", {\"text\": \"b\", \"level\": 2}]}]}",
            "{\"insertRows\": [{\"at\": [10, 0], \"text\": \"New 25\", \"level\": 0, \"checked\": true}], \"moveSections\": [{\"from\": 3, \"to\": 0}]}",
            "{\"insertRows\": [{\"at\": [10, 5], \"text\": \"New 69\"}], \"moveRows\": [{\"from\": [3, 1], \"to\": [3, 0]}]}",
            "{\"deleteRows\": [[3, 1]]}"
        ])
    }

    /// The rule behind `aSectionEditedBelowItsFirstRowAcrossBatches`, small: a section edited below
    /// its first row until it equals a section of an earlier saved version (`# P` holding `b`,
    /// with a blank line after its heading there) takes that version's rows but keeps its own
    /// heading's bytes: no blank line is added after `# P`.
    @Test func aSectionEditedBelowItsFirstRowKeepsItsHeadingsBytes() throws {
        let folder = TempFolder()
        defer { folder.remove() }
        var document = try ListDocument.open(folder.file("p.md", "# P\n\n- b\n\n# P\n- z\n- a\n"))
        try document.apply(BatchScript.decode(Array(#"{"reloadRows": [{"at": [0, 0], "text": "w"}, {"at": [1, 0], "text": "b"}]}"#.utf8), name: "ops"))
        try document.save()
        #expect(folder.text("p.md") == "# P\n\n- w\n\n# P\n- b\n- a\n")
        try document.apply(BatchScript.decode(Array(#"{"deleteRows": [[1, 1]]}"#.utf8), name: "ops"))
        try document.save()
        #expect(folder.text("p.md") == "# P\n\n- w\n\n# P\n- b\n")
    }

    /// Found by the random batches once they inserted sections without a title (seed 25000): an
    /// untitled section inserted after a `##` section is shown at level 2, but after these
    /// batches the file held it as an empty `#` heading (it read back at level 1). The section
    /// (`s0`, no title, no heading yet) counted as equal to the untitled first section of an
    /// earlier saved version (`s0` before the first heading, after the first batch), so the save
    /// put that section back in its place, written `#`. Only a first section is the untitled
    /// first section the file reads as (`MarkdownFormat.SectionContent`); past it a section with
    /// no title is an empty heading at its level.
    @Test func untitledSectionKeepsItsLevel() {
        expectBatches("awesome.md", [
            "{\"deleteRows\": [[2, 0]], \"insertSections\": [{\"at\": 0, \"rows\": [{\"text\": \"s0\", \"level\": 0}]}], \"reloadRows\": [{\"at\": [1, 2]}]}",
            "{\"reloadSections\": [{\"at\": 0, \"title\": \"Retitled 1\"}, {\"at\": 3, \"rows\": []}]}",
            "{\"insertSections\": [{\"at\": 1, \"title\": \"Part 3\", \"rows\": [{\"text\": \"s0\"}, {\"text\": \"s1\", \"level\": 2}, \"r2\"]}]}",
            "[{\"insertRows\": [{\"at\": [1, 0], \"text\": \"New 91\", \"level\": 0, \"checked\": false}], \"insertSections\": [{\"at\": 3, \"rows\": []}]}, {\"insertSections\": [{\"at\": 4, \"rows\": []}], \"moveRows\": [{\"from\": [2, 0], \"to\": [1, 1]}]}]",
            "{\"insertRows\": [{\"at\": [3, 0], \"text\": \"New 85\"}], \"insertSections\": [{\"at\": 6, \"title\": \"Part 8\"}], \"moveRows\": [{\"from\": [2, 0], \"to\": [4, 0]}]}",
            "{\"insertRows\": [{\"at\": [8, 0], \"text\": \"New 89\", \"level\": 1}], \"insertSections\": [{\"at\": 9, \"rows\": [{\"text\": \"s0\"}]}]}",
        ])
    }

    /// The rule behind `untitledSectionKeepsItsLevel`, small: `s0` before the first heading is
    /// saved, given a title, then a section with no title holding `s0` is inserted after the
    /// `##` one: it is written `##` (an empty heading at its level), not put back as the untitled
    /// first section it equals.
    @Test func anUntitledSectionPastTheFirstIsNotTheUntitledFirstSection() throws {
        let folder = TempFolder()
        defer { folder.remove() }
        var document = try ListDocument.open(folder.file("u.md", "## A\n- a\n"))
        func apply(_ ops: String) throws {
            try document.apply(BatchScript.decode(Array(ops.utf8), name: "ops"))
            try document.save()
        }
        try apply(#"{"insertSections": [{"at": 0, "rows": ["s0"]}]}"#)
        #expect(folder.text("u.md") == "- s0\n\n## A\n- a\n")
        try apply(#"{"reloadSections": [{"at": 0, "title": "T"}]}"#)
        try apply(#"{"insertSections": [{"at": 2, "rows": ["s0"]}]}"#)
        #expect(document.model.sections[2].title.isEmpty && document.model.sections[2].level == 2)
        let read = try MarkdownFormat.read(folder.bytes("u.md"), name: "u.md").model
        #expect(EditorSession.tableDifference(shown: document.model, read: read) == nil)
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

    /// The last row of a list's only, untitled section deleted (a file with no heading): the
    /// table kept an empty untitled section, the file written (empty) reads back as none. The
    /// batch now drops it, as the editor's delete does, so the table is what the file reads as.
    @Test func deletingTheLastRowOfTheOnlyUntitledSectionLeavesNoSection() {
        expectBatches("todo.md", [
            #"{"deleteSections": [0, 1]}"#,
            #"{"insertSections": [{"at": 0, "rows": ["a"]}]}"#,
            #"{"deleteRows": [[0, 0]]}"#,
        ])
    }

    /// Found by `make soak SOAK_MINUTES=15` (soak seed 1795876565502): a title given to the
    /// untitled first section that holds the front matter (notes.md). The editor refuses such a
    /// rename; `apply` took it and the save refused it as "it would read back as 4 sections,
    /// not 3", naming neither the section nor the front matter (with the section also moved
    /// down, the save named the untitled section moved). `apply` now refuses the batch with the
    /// editor's words (`ListDocument.titleRefused`), naming the operation and the section, and
    /// writes nothing.
    @Test func aTitleForTheUntitledSectionHoldingTheFrontMatter() throws {
        let batches = [#"{"reloadSections": [{"at": 0, "title": "Retitled 9"}]}"#,
                       #"{"insertRows": [{"at": [1, 0], "text": "New 64"}], "moveSections": [{"from": 0, "to": 1}], "reloadSections": [{"at": 0, "title": "Retitled 7"}]}"#]
        for ops in batches {
            expectBatches("notes.md", [ops])
            let outcome = ApplySession(name: "notes.md", original: try #require(SessionCorpus.files.first { $0.name == "notes.md" }).text).run([ops])
            #expect(outcome.refusedOnApply == 1 && outcome.refusedOnSave == 0)
        }
    }

    @Test(arguments: SessionCorpus.files.indices)
    func randomBatchesReadBackAsTheTableTheyProduced(file: Int) {
        let outcome = Self.session(file: SessionCorpus.files[file], seed: UInt64(25_000 + file), batches: Self.batchesPerFile)
        print("ApplySessionTests \(SessionCorpus.files[file].name): \(Self.skips(outcome))")
    }

    /// `make soak`: random seeds for half of `LISTEDIT_SOAK_MINUTES` (the editor's sessions take
    /// the other half; `Soak`); batches per second at the end, and how many were valid and saved.
    @Test(.enabled(if: Soak.isOn))
    func soak() {
        var saved = 0
        let batches = Soak.run("soak apply", units: "batches") { file, seed in
            let outcome = Self.session(file: file, seed: seed, batches: 100)
            saved += outcome.saved
            return outcome.batches.count
        }
        print("soak apply: \(saved) of the \(batches) batches valid and saved")
        #expect(batches > 0)
    }
}
