import Foundation

/// The learning loop's recheck of stored posts, within `DELETION_CHECK_READS_PER_DAY`:
/// each round looks up at most `readsPerRound` posts (one read a post; X and Bluesky take
/// them in batches of 100 and 25 a request, Mastodon one a request), the ones the bot is
/// most likely to use next first (sources of its live copies, originals near the coming
/// slots' minutes), then the longest-unchecked. A post found gone is withdrawn and, with
/// `FOLLOW_DELETIONS`, the bot's copies of it are deleted (`SourceCheck`).
public struct DeletionSweep: Sendable {
    public let check: SourceCheck
    public let store: any WithdrawalStore
    public let plans: any PlanStore
    public let readsPerRound: Int
    public let timeZone: TimeZone

    public init(check: SourceCheck, store: any WithdrawalStore, plans: any PlanStore, readsPerRound: Int, timeZone: TimeZone) {
        self.check = check
        self.store = store
        self.plans = plans
        self.readsPerRound = readsPerRound
        self.timeZone = timeZone
    }

    /// Reads a round may spend: `readsPerDay` spread over the day's learning rounds (at least one
    /// a round when the budget is not 0; 0 turns the sweep off).
    public static func readsPerRound(readsPerDay: Int, learnInterval: Duration) -> Int {
        guard readsPerDay > 0 else { return 0 }
        let rounds = max(1, 86_400 / max(1, learnInterval.components.seconds))
        return max(1, readsPerDay / Int(rounds))
    }

    /// One sweep; returns how many posts it found gone. Without `lookups` (the day's budget
    /// stopped the reads: `X_DAILY_BUDGET_USD`) it only retries the copy deletions that failed
    /// before: they protect the human, and cost no read.
    @discardableResult
    public func run(lookups: Bool = true) async throws -> Int {
        guard readsPerRound > 0 else { return 0 }
        let now = check.clock.now()
        if let copies = check.copies { try await copies.followEarlier(limit: 20) }
        guard lookups else { return 0 }
        let today = LocalDate(now, in: timeZone)
        let minuteNow = MinuteOfDay.of(now, in: timeZone)
        let coming = (try await plans.plan(for: today) ?? []).filter { $0.state == .planned && $0.minute >= minuteNow }.map(\.minute)
        let ids = try await store.sweepCandidates(limit: readsPerRound, nearMinutes: coming, now: now)
        guard !ids.isEmpty else { return 0 }
        let found = try await check.lookUp(ids, use: .sweep)
        check.log.report(.deletionSweep(checked: ids.count - found.elsewhere, gone: found.gone.count, elsewhere: found.elsewhere))
        return found.gone.count
    }
}
