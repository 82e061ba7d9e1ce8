/// Shrinking a failing session to a minimal one (`Shrinking.minimal`), and printing it as a
/// regression test.
extension EditorSession {
    /// The smallest sequence found that still fails with the same kind of failure.
    ///
    /// - Complexity: O(n²) runs in the worst case, O(n log n) typically (n: steps).
    func shrink(_ steps: [SessionStep], failure: Failure) -> [SessionStep] {
        Shrinking.minimal(steps, failingStep: failure.step) { run($0)?.kind == failure.kind }
    }

    /// A regression test to paste into `EditorSessionRegressionTests`.
    func regressionTest(_ steps: [SessionStep], failure: Failure) -> String {
        """
            /// \(failure.kind).
            @Test func \(Shrinking.testName(failure.kind))In\(name.filter(\.isLetter).capitalized)\(steps.count)Steps() {
                expectSession(\(name.debugDescription), \(steps))
            }
        """
    }
}
