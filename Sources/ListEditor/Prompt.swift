/// A question in the status line: yes/no, or letters with their own actions.
struct Prompt {
    var question: String
    /// Called with `true` (y), `false` (n) or `nil` (Esc).
    var answer: @MainActor (Bool?) -> Void
    /// Letter answers (`r` reload, `k` keep, `m` merge…): when there are any, the prompt takes
    /// only these and Esc, and `y`/`n` leave it showing.
    var choices: [Character: @MainActor () -> Void] = [:]
}
