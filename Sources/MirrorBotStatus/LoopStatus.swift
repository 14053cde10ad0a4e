import Foundation
import MirrorBot

/// One loop's health, as the supervisor reports its rounds (real time, not the bot's clock).
public struct LoopStatus: Sendable, Equatable {
    public var name: String
    /// When the loop was registered (the daemon started): lateness counts from here until a first round.
    public var since: Date
    public var lastSuccess: Date?
    /// The wait the loop asked for after its last good round.
    public var wait: TimeInterval = 0
    /// Set while the last round failed (redacted), with when.
    public var lastError: String?
    public var lastErrorAt: Date?
    public var failing = false
    public var consecutiveFailures = 0

    /// When the next round was due: the last good round plus its wait (or the start).
    public var due: Date { (lastSuccess ?? since).addingTimeInterval(wait) }

    /// What is wrong with the loop at `now`, or nil while it is on time and its last round succeeded.
    public func problem(at now: Date, grace: TimeInterval) -> String? {
        if failing, let lastError { return "\(name): round failed: \(lastError)" }
        let late = now.timeIntervalSince(due)
        if late > grace { return "\(name): late by \(Int(late.rounded())) s" }
        return nil
    }
}
