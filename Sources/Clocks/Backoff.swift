/// Capped exponential backoff, the one retry policy of the loops, the start-up waits and
/// the network clients: retry number `n` (1-based) waits `base` * 2^(n-1), at most `cap`.
///
/// A jitter in [0, 1] scales the doubling by 0.5 + jitter, so a spread policy waits between
/// half and one and a half of it; the middle, 0.5, is the doubling itself (what callers
/// without randomness pass). A pure value: tested as data, no clock.
public struct Backoff: Sendable, Equatable {
    /// The first retry's wait.
    public let base: Duration
    /// No retry waits longer than this, whatever the doubling says.
    public let cap: Duration

    public init(base: Duration, cap: Duration) {
        self.base = max(.zero, base)
        self.cap = max(.zero, cap)
    }

    /// The wait before retry number `retry` (1-based; below 1 counts as 1).
    public func delay(retry: Int, jitter: Double = 0.5) -> Duration {
        let doubling = Double(1 << min(max(retry - 1, 0), 30))
        return min(cap, base * (doubling * (0.5 + min(max(jitter, 0), 1))))
    }
}
