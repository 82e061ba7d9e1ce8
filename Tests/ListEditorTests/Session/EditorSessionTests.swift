import Testing
import TestSupport

/// The model-based test of the whole editor: random sessions (`SessionStep`) over the real editor
/// on the files of `SessionCorpus`, every save checked against the screen, cmark-gfm and the
/// bytes no edit touched, undo and redo checked at the end (`EditorSession`). A failure is shrunk
/// to a minimal session and printed as a regression test for `EditorSessionRegressionTests`.
/// `make soak` runs the same sessions with fresh seeds for `SOAK_MINUTES` (docs/reliability.md).
@MainActor
@Suite struct EditorSessionTests {
    /// Sessions per file and steps per session in `make test`: 8 files × 14 × 100 = 11,200 steps.
    static let sessions = 14, steps = 100

    /// Runs one session; records its shrunk failure. Returns the steps run.
    @discardableResult
    static func session(file: (name: String, text: String), seed: UInt64, steps count: Int) -> Int {
        var g = SplitMix64(seed: seed)
        let steps = (0..<count).map { _ in SessionStep.random(using: &g) }
        let session = EditorSession(name: file.name, original: file.text)
        guard let failure = session.run(steps) else { return count }
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
        for s in 0..<Self.sessions {
            Self.session(file: SessionCorpus.files[file], seed: UInt64(2_500 + 100 * file + s), steps: Self.steps)
        }
    }

    /// `make soak`: random seeds for half of `LISTEDIT_SOAK_MINUTES` (`ApplySessionTests.soak`
    /// takes the other half; `Soak`); steps per second at the end.
    @Test(.enabled(if: Soak.isOn))
    func soak() {
        let steps = Soak.run("soak", units: "steps") { file, seed in Self.session(file: file, seed: seed, steps: 200) }
        #expect(steps > 0)
    }
}
