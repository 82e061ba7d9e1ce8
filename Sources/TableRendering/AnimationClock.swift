#if canImport(Glibc)
import Glibc
#endif

/// Where animations read the time, so tests can step frames deterministically.
@MainActor
public protocol AnimationClock: AnyObject {
    /// Seconds on a monotonic clock.
    var now: Double { get }
}

/// The real monotonic clock.
@MainActor
public final class SystemClock: AnimationClock {
    public init() {}
    public var now: Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// A clock that moves only when told: `clock.now += 0.05`.
@MainActor
public final class ManualClock: AnimationClock {
    public var now: Double
    public init(_ now: Double = 0) { self.now = now }
}
