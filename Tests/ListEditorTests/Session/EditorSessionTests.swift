import Testing
import TestSupport

/// The model-based test of the whole editor: random sessions (`SessionStep`) over the real editor
/// on the files of `SessionCorpus`, every save checked against the screen, cmark-gfm and the
/// bytes no edit touched, undo and redo checked at the end (`EditorSession`). A failure is shrunk
/// to a minimal session and printed as a regression test for `EditorSessionRegressionTests`.
/// `make soak` runs the same sessions with fresh seeds for `SOAK_MINUTES` (docs/reliability.md).
@MainActor
@Suite struct EditorSessionTests {
    /// Sessions per file and steps per session in `make test`: 13 files × 14 × 100 = 18,200 steps.
    static let sessions = 14, steps = 100
    /// At least this many `save` steps of a file's sessions must save and be checked: 6 in 100
    /// random steps are saves, 80 to 100 a file (all of them saved at the last count); one that
    /// did not save (a prompt took the keys, or the save was refused) is reported with its
    /// status message.
    static let fewestCheckedSaves = 60

    /// The kinds of failure (`EditorSession.Failure.kind`) the sessions found with the steps that
    /// write the file from the board, selections, `o` `O`, the mouse and save-as (issue 25,
    /// rev25d defect 3), open bugs in the product: a session failing so is recorded as a known
    /// issue, unshrunk (shrinking each would take minutes), with its seed to replay. Reduced
    /// cases of each are kept in `EditorSessionRegressionTests+Generator.swift`.
    static let openKinds: Set<String> = [
        "redo to the end", "undo to the start", "checkbox changed by a move",
    ]

    /// Runs one session; records its shrunk failure, and counts its `save` steps in `saves`.
    /// Returns the steps run.
    @discardableResult
    static func session(file: (name: String, text: String), seed: UInt64, steps count: Int, saves: inout EditorSession.Saves) -> Int {
        var g = SplitMix64(seed: seed)
        let steps = (0..<count).map { _ in SessionStep.random(using: &g) }
        let session = EditorSession(name: file.name, original: file.text)
        guard let failure = session.run(steps, saves: &saves) else { return count }
        if openKinds.contains(failure.kind) {
            withKnownIssue("\(failure.kind) (open: EditorSessionTests.openKinds)") {
                Issue.record("\(file.name), seed \(seed): \(failure)")
            }
            return count
        }
        let minimal = session.shrink(steps, failure: failure)
        let again = session.run(minimal) ?? failure
        Issue.record("""
            \(file.name), seed \(seed): \(again)
            shrunk from \(steps.count) to \(minimal.count) steps; as a regression test:
            \(session.regressionTest(minimal, failure: again))
            """)
        return count
    }

    @Test(arguments: SessionCorpus.files.indices)
    func randomSessionsKeepTheFileWhatTheScreenShows(file: Int) {
        var saves = EditorSession.Saves()
        for s in 0..<Self.sessions {
            Self.session(file: SessionCorpus.files[file], seed: UInt64(2_500 + 100 * file + s), steps: Self.steps, saves: &saves)
        }
        let name = SessionCorpus.files[file].name
        print("EditorSessionTests \(name): \(saves.checked) saves checked, \(saves.notSaved.count) not saved \(Set(saves.notSaved).sorted())")
        if let few = Self.tooFewSaves(saves) { Issue.record("\(name): \(few)") }
    }

    /// The counts, when fewer than `fewestCheckedSaves` saves were checked.
    static func tooFewSaves(_ saves: EditorSession.Saves) -> String? {
        saves.checked >= fewestCheckedSaves ? nil
            : "\(saves.checked) saves checked (at least \(fewestCheckedSaves) expected), \(saves.notSaved.count) did not save: \(saves.notSaved)"
    }

    /// The saves are counted: each `save` step that saved, and not the one at the end; too few
    /// checked is a failure.
    @Test func savesAreCountedAndTooFewFail() {
        var saves = EditorSession.Saves()
        #expect(EditorSession(name: "todo.md", original: SessionCorpus.tasks).run([.add("x"), .save, .toggle, .save, .down(1)], saves: &saves) == nil)
        #expect(saves.checked == 2 && saves.notSaved.isEmpty)
        #expect(Self.tooFewSaves(saves) != nil)
        #expect(Self.tooFewSaves(.init(checked: Self.fewestCheckedSaves, notSaved: ["Not saved"])) == nil)
    }

    /// `make test` runs at least 10^4 editor steps (files × sessions × steps).
    @Test func tenThousandStepsAtLeast() {
        #expect(SessionCorpus.files.count * Self.sessions * Self.steps >= 10_000)
    }

    /// Every file of the corpus was read (the Kanban fixtures are read from their folder).
    @Test func theCorpusIsWhole() {
        for file in SessionCorpus.files { #expect(!file.text.isEmpty, "\(file.name)") }
        #expect(SessionCorpus.files.count == 13)
    }

    /// `make soak`: random seeds for half of `LISTEDIT_SOAK_MINUTES` (`ApplySessionTests.soak`
    /// takes the other half; `Soak`); steps per second at the end.
    @Test(.enabled(if: Soak.isOn))
    func soak() {
        var saves = EditorSession.Saves()
        let steps = Soak.run("soak", units: "steps") { file, seed in Self.session(file: file, seed: seed, steps: 200, saves: &saves) }
        print("soak: \(saves.checked) saves checked, \(saves.notSaved.count) not saved")
        #expect(steps > 0)
    }
}
