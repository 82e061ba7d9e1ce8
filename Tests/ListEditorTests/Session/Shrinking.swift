/// Shrinking a failing sequence (of editor steps, of `apply` batches) to a minimal one that still
/// fails the same way: delta debugging over the list.
enum Shrinking {
    /// The smallest sequence found for which `fails` holds: the steps after `failingStep`
    /// dropped (when it is one of them), then chunks of halving size (ddmin), then single steps.
    ///
    ///     Shrinking.minimal([1, 2, 3, 4], failingStep: 2) { $0.contains(3) }   // [3]
    ///
    /// - Parameter failingStep: the index of the step the failure was seen after (`steps.count`:
    ///   at the end).
    /// - Complexity: O(n²) runs of `fails` in the worst case, O(n log n) typically (n: steps).
    static func minimal<Step>(_ steps: [Step], failingStep: Int, fails: ([Step]) -> Bool) -> [Step] {
        var steps = failingStep < steps.count ? Array(steps[...failingStep]) : steps
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

    /// `"file differs from screen"` → `fileDiffersFromScreen`: a failure's kind as a test name.
    static func testName(_ kind: String) -> String {
        let words = kind.split { !$0.isLetter && !$0.isNumber }
        return words.enumerated().map { $0.offset == 0 ? $0.element.lowercased() : $0.element.capitalized }.joined()
    }
}
