import Foundation
import TestSupport

/// `make soak`'s loop, shared by the editor's and the apply sessions: fresh seeds (from
/// `LISTEDIT_SOAK_SEED`, else the clock) for half of `LISTEDIT_SOAK_MINUTES` (the two take half
/// each), every seed printed before its session runs so a failure can be replayed, and the rate
/// at the end.
enum Soak {
    /// Whether `make soak` runs (`LISTEDIT_SOAK_MINUTES` is set).
    static var isOn: Bool { ProcessInfo.processInfo.environment["LISTEDIT_SOAK_MINUTES"] != nil }

    /// Runs `session` on a file of `SessionCorpus` picked by each seed until the time is up;
    /// `session` returns how many units (steps, batches) it ran. Returns the units run.
    @MainActor
    static func run(_ label: String, units: String, session: ((name: String, text: String), UInt64) -> Int) -> Int {
        let environment = ProcessInfo.processInfo.environment
        let minutes = (Double(environment["LISTEDIT_SOAK_MINUTES"] ?? "") ?? 10) / 2
        let soakSeed = UInt64(environment["LISTEDIT_SOAK_SEED"] ?? "") ?? UInt64(Date().timeIntervalSince1970 * 1000)
        print("\(label): \(minutes) minutes from seed \(soakSeed) (LISTEDIT_SOAK_SEED=\(soakSeed) runs the same sessions again)")
        let start = Date()
        var count = 0, sessions = 0
        var seeds = SplitMix64(seed: soakSeed)
        while Date().timeIntervalSince(start) < minutes * 60 {
            let seed = seeds.next()
            let file = SessionCorpus.files[Int(seed % UInt64(SessionCorpus.files.count))]
            print("\(label): session \(sessions + 1), \(file.name), seed \(seed)")
            count += session(file, seed)
            sessions += 1
        }
        let seconds = Date().timeIntervalSince(start)
        print("\(label): \(count) \(units) in \(sessions) sessions, \(Int(seconds)) s: \(Int(Double(count) / seconds)) \(units) per second")
        return count
    }
}
