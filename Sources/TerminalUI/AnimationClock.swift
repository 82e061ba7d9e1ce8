/// Where animations read the time, so tests can step frames deterministically.
@MainActor
public protocol AnimationClock: AnyObject {
    /// Seconds on a monotonic clock.
    var now: Double { get }
}

/// The real monotonic clock (`ContinuousClock`), in seconds since this clock was made.
@MainActor
public final class SystemClock: AnimationClock {
    let start = ContinuousClock.now

    /// A clock whose `now` is 0 at this moment.
    public init() {}

    public var now: Double {
        let elapsed = start.duration(to: .now).components
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
    }
}

/// A clock that moves only when told: `clock.now += 0.05`.
@MainActor
public final class ManualClock: AnimationClock {
    /// The time, in seconds: set it to move the clock.
    public var now: Double
    /// A clock standing at `now` seconds.
    public init(_ now: Double = 0) { self.now = now }
}
