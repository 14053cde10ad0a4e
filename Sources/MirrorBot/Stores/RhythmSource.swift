import Foundation

/// The human's rhythm, computed over the stored original posts (not replies).
public protocol RhythmSource: Sendable {
    /// Original posts per minute of the day.
    func minuteDistribution() async throws -> MinuteDistribution
    /// Original posts per local day over the stored history, empty days as 0.
    func dailyCounts() async throws -> DailyCounts
    /// The shortest time between two consecutive original posts; nil with fewer than two.
    func closestPostGap() async throws -> TimeInterval?
}
