import Testing
import TestSupport

/// Minimal failing sessions found by `EditorSessionTests` (shrunk and printed by it), kept so each
/// bug stays fixed: each one must now run through every check of `EditorSession`.
@MainActor
@Suite struct EditorSessionRegressionTests {
    func expectSession(_ name: String, _ steps: [SessionStep], sourceLocation: SourceLocation = #_sourceLocation) {
        guard let file = SessionCorpus.files.first(where: { $0.name == name }) else {
            Issue.record("no corpus file \(name)", sourceLocation: sourceLocation)
            return
        }
        if let failure = EditorSession(name: name, original: file.text).run(steps) {
            Issue.record("\(failure)", sourceLocation: sourceLocation)
        }
    }
}
