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

/// `poll` for async tests: sleeps between polls instead of blocking its thread (Swift Testing
/// runs tests on the cooperative pool, as many threads as cores).
public func poll(timeout: Double = 30, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        if Date() >= deadline { return false }
        try? await Task.sleep(for: .milliseconds(20))   // poll interval until the deadline
    }
    return true
}
