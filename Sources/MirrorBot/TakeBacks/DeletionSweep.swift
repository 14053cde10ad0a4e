import Foundation

/// The learning loop's recheck of stored posts, in two parts:
///
/// - With `FOLLOW_DELETIONS`, every round looks up the sources of the bot's live copies made in
///   the last `recentDays` (the regret that matters: "delete and redraft" minutes after posting,
///   or the human seeing the bot's copy in the next day or two), all of them, in the network's
///   batches (X 100, Bluesky 25 a request; Mastodon and Misskey one): a copy goes within one
///   round of its source's deletion. Outside `DELETION_CHECK_READS_PER_DAY` (on X a post read
///   again within a UTC day is not billed again, so they cost a read a source a day).
/// - Within `DELETION_CHECK_READS_PER_DAY`, each round looks up at most `readsPerRound` other
///   posts, the ones the bot is most likely to use next first (sources of its older live
///   copies, originals near the coming slots' minutes), then the longest-unchecked.
///
/// A post found gone is withdrawn and, with `FOLLOW_DELETIONS`, the bot's copies of it are
/// deleted (`SourceCheck`); a lookup that fails withdraws nothing (the next round asks again).
public struct DeletionSweep: Sendable {
    public let check: SourceCheck
    public let store: any WithdrawalStore
    public let plans: any PlanStore
    public let readsPerRound: Int
    public let timeZone: TimeZone

    /// How far back the bot's copies are followed every round: 3 days (a copy seen over a weekend away).
    public static let recentDays = 3
    /// The most recent sources looked up a round (a bot posting and replying hundreds of times a day).
    public static let recentLimit = 1_000

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
        guard readsPerRound > 0 || check.copies != nil else { return 0 }
        let now = check.clock.now()
        if let copies = check.copies { try await copies.followEarlier(limit: 20) }
        guard lookups else { return 0 }
        let recent = try await followRecentCopies(now: now)
        guard readsPerRound > 0 else { return recent }
        let today = LocalDate(now, in: timeZone)
        let minuteNow = MinuteOfDay.of(now, in: timeZone)
        let coming = (try await plans.plan(for: today) ?? []).filter { $0.state == .planned && $0.minute >= minuteNow }.map(\.minute)
        let ids = try await store.sweepCandidates(limit: readsPerRound, nearMinutes: coming, now: now)
        guard !ids.isEmpty else { return 0 }
        let found = try await check.lookUp(ids, use: .sweep)
        check.log.report(.deletionSweep(checked: ids.count - found.elsewhere, gone: found.gone.count, elsewhere: found.elsewhere))
        return recent + found.gone.count
    }

    /// Looks up the sources of the bot's live copies of the last `recentDays` (`FOLLOW_DELETIONS`),
    /// a request's batch at a time; returns how many were found gone (their copies deleted). A
    /// batch the network does not answer is counted `failed` and left for the next round (it
    /// withdraws nothing); the other batches go on.
    func followRecentCopies(now: Date) async throws -> Int {
        guard let copies = check.copies else { return 0 }
        let since = now.addingTimeInterval(-Double(Self.recentDays) * 86_400)
        let ids = try await copies.copies.recentCopySources(since: since, limit: Self.recentLimit)
        guard !ids.isEmpty else { return 0 }
        let size = max(1, check.network.lookupBatchSize)
        var (checked, gone, failed) = (0, 0, 0)
        for start in stride(from: 0, to: ids.count, by: size) {
            let batch = Array(ids[start..<min(start + size, ids.count)])
            do {
                let found = try await check.lookUp(batch, use: .recentCopy)
                checked += batch.count - found.elsewhere
                gone += found.gone.count
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                failed += batch.count
                check.log.warning("recent_copies_lookup_failed", ["posts": batch.count, "error": "\(error)", "action": "looked up again next round"])
            }
        }
        check.log.report(.recentCopiesChecked(checked: checked, gone: gone, failed: failed))
        return gone
    }
}
