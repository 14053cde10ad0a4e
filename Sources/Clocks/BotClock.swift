import Foundation

/// The daemon's time: what time it is, and sleeping. Loops take it as a
/// parameter, never calling `Date()` themselves.
public protocol BotClock: Sendable {
    func now() -> Date
    /// Sleeps for `duration` of this clock's time; throws `CancellationError` when cancelled.
    func sleep(for duration: Duration) async throws
}

/// The real clock.
public struct SystemClock: BotClock {
    public init() {}
    public func now() -> Date { Date() }
    public func sleep(for duration: Duration) async throws { try await Task.sleep(for: duration) }
}

/// Time running `factor` times faster than real time from `start` (the local demo).
public struct AcceleratedClock: BotClock {
    public let factor: Double
    public let origin: Date
    public let start: Date

    public init(factor: Double, start: Date, origin: Date = Date()) {
        self.factor = max(1, factor)
        self.start = start
        self.origin = origin
    }

    public func now() -> Date {
        start.addingTimeInterval(Date().timeIntervalSince(origin) * factor)
    }

    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration / factor)
    }
}

extension Duration {
    /// The duration in seconds, as a floating-point number.
    public var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
