import Foundation

/// Shrinking a failing session to a minimal one (delta debugging over the step list), and
/// printing it as a regression test.
extension EditorSession {
    /// The smallest sequence found that still fails with the same kind of failure: the steps
    /// after the failing one dropped, then chunks of halving size (ddmin), then single steps.
    ///
    /// - Complexity: O(n²) runs in the worst case, O(n log n) typically (n: steps).
    func shrink(_ steps: [SessionStep], failure: Failure) -> [SessionStep] {
        func fails(_ candidate: [SessionStep]) -> Bool { run(candidate)?.kind == failure.kind }
        var steps = failure.step < steps.count ? Array(steps[...failure.step]) : steps
        var n = 2
        while steps.count >= 2 {
            let chunk = (steps.count + n - 1) / n
            var reduced = false
            for start in stride(from: 0, to: steps.count, by: chunk) {
                let complement = Array(steps[..<start] + steps[min(start + chunk, steps.count)...])
                if fails(complement) {
                    steps = complement
                    n = max(n - 1, 2)
                    reduced = true
                    break
                }
            }
            if !reduced {
                if n >= steps.count { break }
                n = min(n * 2, steps.count)
            }
        }
        // One step at a time, until no single step can go.
        var i = 0
        while i < steps.count {
            var candidate = steps
            candidate.remove(at: i)
            if fails(candidate) { steps = candidate } else { i += 1 }
        }
        return steps
    }

    /// `"file differs from screen"` → `fileDiffersFromScreen`.
    func testName(_ kind: String) -> String {
        let words = kind.split { !$0.isLetter && !$0.isNumber }
        return words.enumerated().map { $0.offset == 0 ? $0.element.lowercased() : $0.element.capitalized }.joined()
    }

    /// A regression test to paste into `EditorSessionRegressionTests`.
    func regressionTest(_ steps: [SessionStep], failure: Failure) -> String {
        """
            /// \(failure.kind).
            @Test func \(testName(failure.kind))In\(name.filter(\.isLetter).capitalized)\(steps.count)Steps() {
                expectSession(\(name.debugDescription), \(steps))
            }
        """
    }
}
