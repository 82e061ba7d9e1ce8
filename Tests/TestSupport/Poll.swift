import Foundation

/// Polls `condition` until it holds or `timeout` seconds pass (for what another process does:
/// a file it writes, a screen it draws); whether it held.
public func poll(timeout: Double = 30, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        if Date() >= deadline { return false }
        RunLoop.current.run(until: Date().addingTimeInterval(0.02))   // poll interval until the deadline
    }
    return true
}
