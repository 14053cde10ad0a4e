import Clocks
import Foundation
import PublishingContext

/// Behaviours 1 and 2 on the clock: at each planned slot of today's plan, post
/// a text the human wrote near the time of day the post goes out.
///
/// One post at a time: of several slots due at once (the daemon was down,
/// busy, or the plan is dense), only the latest is posted and the others are
/// skipped as missed, each logged. A post is never closer to the previous one
/// than the human's own closest pair of posts, nor than a minute.
public struct PostingLoop: DaemonLoop {
    public let name = "posting"
    public let scheduler: Scheduler
    public let slots: any SlotClaims
    public let texts: any BotTextStore
    public let bot: any SocialNetwork
    public let botAccount: Account
    public let clock: any BotClock
    public let settings: DaemonSettings
    public let log: Logger
    /// Shown today's plan each round and the rhythm once a day (the status page).
    public let status: (any StatusSink)?
    /// Looks each picked source up before it goes out (`PostingLoop+Sources.swift`); nil: no lookups.
    public var sources: SourceCheck?
    /// The learning loop's first round that learned: with no plan (no history yet), the loop waits
    /// for it rather than for its longest sleep (nil: no wait).
    public var learned: Milestone?

    /// The least of the loop's longest sleep (`longestWait`).
    static let shortestIdleWait: TimeInterval = 60
    /// Texts refused as duplicates before a slot is given up.
    static let maximumRefusals = 5
    /// Picks passed over for their URL (`X_SKIP_LINK_POSTS`) before the slot waits or is given up.
    static let maximumLinkSkips = 5
    /// A slot claimed this long ago and still `posting` was interrupted (a daemon died mid-post).
    static let interruptedAfter: TimeInterval = 600

    public init(
        scheduler: Scheduler, slots: any SlotClaims, texts: any BotTextStore, bot: any SocialNetwork, botAccount: Account,
        clock: any BotClock, settings: DaemonSettings, log: Logger, status: (any StatusSink)? = nil
    ) {
        self.status = status
        self.scheduler = scheduler
        self.slots = slots
        self.texts = texts
        self.bot = bot
        self.botAccount = botAccount
        self.clock = clock
        self.settings = settings
        self.log = log.with(["loop": "posting"])
    }

    public func runOnce() async throws -> Duration {
        let now = clock.now()
        let zone = settings.timeZone
        let today = LocalDate(now, in: zone)
        let minuteNow = MinuteOfDay.of(now, in: zone)
        let interrupted = try await slots.skipInterrupted(claimedBefore: now.addingTimeInterval(-Self.interruptedAfter))
        if interrupted > 0 { log.report(.slotsInterrupted(count: interrupted)) }
        let past = try await slots.skipPastSlots(before: today)
        if past > 0 { log.report(.pastSlotsSkipped(count: past)) }

        var generator = SystemRandomNumberGenerator()
        let plan = try await scheduler.plan(for: today, using: &generator)
        if let status { await publish(plan, for: today, to: status) }
        if plan.isEmpty, let learned, !learned.isReached {
            // A fresh bot: the day is drawn once the first learning round has stored the history.
            await learned.wait()
            try Task.checkCancellation()
            return .zero
        }
        let due = plan.filter { $0.state == .planned && $0.minute <= minuteNow }
        if let latest = due.last {
            for missed in due.dropLast() {
                try Task.checkCancellation()
                try await skip(missed, .crowdedOut(latest: latest.time))
            }
            try Task.checkCancellation()
            if let wait = try await post(latest, after: plan, now: now, minuteNow: minuteNow) {
                return wait
            }
        }

        // Wake at the next planned slot, else at the start of the next day (its plan), and at
        // least once a `longestWait`.
        let next = plan.first { $0.state == .planned && $0.minute > minuteNow }
        let wake = next.map { today.instant(atMinute: $0.minute, in: zone) } ?? Self.nextDay(after: today, now: now, in: zone)
        return duration(wake.timeIntervalSince(now))
    }

    /// When the day after `today` starts; where its midnight is skipped (a clock set forward at
    /// midnight, as Chile's is), a minute from `now` until that day has begun.
    static func nextDay(after today: LocalDate, now: Date, in zone: TimeZone) -> Date {
        let start = today.adding(days: 1).instant(atMinute: 0, in: zone)
        return start > now ? start : now.addingTimeInterval(shortestIdleWait)
    }

    /// The longest the loop sleeps, whatever its plan: a poll interval, never under a minute. So it
    /// looks at its plan again that often, to see a plan drawn anew (`train scheduler`), a slot
    /// another daemon of the bot posted or gave back, or a clock set; between slots it costs a bot
    /// a round a poll, not a round a minute (a host of thousands of bots makes them all).
    var longestWait: TimeInterval { max(Self.shortestIdleWait, settings.pollInterval.seconds) }

    /// Posts `slot` unless it is too late or too close to the previous post; returns a
    /// shorter wait when the slot must wait for the spacing, else nil.
    func post(_ slot: PlanSlot, after plan: [PlanSlot], now: Date, minuteNow: Int) async throws -> Duration? {
        let lateness = Double(minuteNow - slot.minute) * 60
        if lateness > settings.lateGrace {
            try await skip(slot, .late(slot: slot.time, minutes: Int(lateness / 60)))
            return nil
        }
        if let previous = plan.compactMap(\.postedAt).max() {
            let spacing = max(60, try await scheduler.rhythm.closestPostGap() ?? 0)
            let ready = previous.addingTimeInterval(spacing)
            if ready > now {
                // Still this slot's turn once the spacing has passed, unless it is too late by then.
                return duration(ready.timeIntervalSince(now))
            }
        }
        guard try await slots.claim(slot.date, minute: slot.minute, owner: settings.owner, now: now) else {
            return nil
        }
        // From the look-up of its source to the check that it went out, its requests go first.
        try await Publishing.run { try await send(slot, minuteNow: minuteNow, now: now) }
        return nil
    }

    /// Picks a text written near the minute the post goes out and sends it, trying
    /// another text when the network refuses one.
    func send(_ slot: PlanSlot, minuteNow: Int, now: Date) async throws {
        let at = MinuteOfDay.format(minuteNow)
        var refusals = 0
        // Picks whose pictures could not go (POST_MEDIA=carry), bounded with the refusals.
        var uncarried = 0
        var withdrawn = 0
        // Picks passed over for their URL (X_SKIP_LINK_POSTS), bounded on their own: the picker may
        // offer link posts only, and a pass-over is neither a refusal nor a withdrawal.
        var linkSkips = 0
        var linkOverBudget = false
        while refusals + uncarried < Self.maximumRefusals {
            if linkSkips >= Self.maximumLinkSkips {
                // Every pick had a URL. Over the budget (tight) the slot waits like any post that does
                // not fit (tried again next round, skipped as missed when too late); `always`: none fits.
                if linkOverBudget {
                    try await slots.releaseClaim(slot.date, minute: slot.minute)
                    return
                }
                break
            }
            guard withdrawn < Self.maximumWithdrawn, let (source, window) = try await scheduler.pick(for: minuteNow, now: now) else {
                try await skip(slot, try await scheduler.onlyWarnedFit(for: minuteNow, now: now) ? .onlyWarnedFit : .noPostFits)
                return
            }
            // The budget before the source's lookup: a post that cannot go out is not worth a read.
            if !settings.dryRun, let spending = settings.spending {
                let hasURL = spending.isLinkPost(source.text)
                if hasURL, settings.linkPosts == .always {
                    linkSkips += 1
                    continue
                }
                if !spending.allows(.posting(source, whole: scheduler.media == .whole)) {
                    // A URL-free post may still fit (X_SKIP_LINK_POSTS=tight); past that the slot waits
                    // (tried again next round, skipped as missed when it is too late).
                    if hasURL, settings.linkPosts == .tight {
                        linkSkips += 1
                        linkOverBudget = true
                        continue
                    }
                    try await slots.releaseClaim(slot.date, minute: slot.minute)
                    return
                }
            }
            if try await isWithdrawn(source, slot: slot) {
                withdrawn += 1
                continue  // marked withdrawn: the picker never picks it again
            }
            // The log says how far the window had to widen beyond +/-30 minutes of `at`.
            let post = BotEvent.SlotPost(
                slot: slot.time, at: at, source: source.id, window: window, widenedBy: window - Scheduler.windows[0], text: source.text,
                pictures: scheduler.media == .whole ? source.media.map(\.altText) : [])
            if settings.dryRun {
                try await slots.markSkipped(slot.date, minute: slot.minute, SlotSkip.dryRun)
                log.report(.wouldPost(post))
                return
            }
            let outcome: PostOutcome
            do {
                let postedBefore = try await texts.usedTexts([source.textKey]).contains(source.textKey)
                // Pictures go along only under POST_MEDIA=carry (the scheduler picks whole posts then).
                let whole = scheduler.media == .whole ? source : nil
                outcome = try await PostSender(bot: bot, botAccount: botAccount)
                    .send(source.text, whole: whole, postedBefore: postedBefore, startedAt: clock.now())
            } catch {
                // Nothing was posted (rate limit, credentials, X down): the slot is tried again.
                // Cancelled mid-send (SIGTERM) the post may have reached the network, so the slot
                // stays claimed and the next start counts it interrupted (at most once).
                if !Task.isCancelled { try? await slots.releaseClaim(slot.date, minute: slot.minute) }
                throw error
            }
            switch outcome {
            case .posted(let id):
                try await texts.recordPosted(text: source.textKey, at: now)
                try await slots.markPosted(slot.date, minute: slot.minute, sourcePostID: source.id, postedID: id, text: source.text, at: clock.now())
                log.report(.posted(post, id: id))
                return
            case .unconfirmed(let detail):
                // At most once: the post may exist; the slot is never posted again.
                try await texts.recordPosted(text: source.textKey, at: now)
                try await slots.markPosted(
                    slot.date, minute: slot.minute, sourcePostID: source.id, postedID: "unconfirmed", text: source.text, at: clock.now())
                log.report(.postedUnconfirmed(post, detail: detail))
                return
            case .refused(let refusal):
                refusals += 1
                try await texts.markRefused(text: source.textKey, at: now)
                log.report(.postRefused(slot: slot.time, source: source.id, refusal))
            case .notCarried(let reason, let lasting):
                // Whole or not at all: not posted as bare text; another pick may go instead. A post
                // that cannot go later either (a file gone, too many pictures) is kept from the picks
                // like a refused text, so it spends no slot, upload or dollar again.
                uncarried += 1
                if lasting { try await texts.markRefused(text: source.textKey, at: now) }
                log.report(.mediaNotCarried(slot: slot.time, source: source.id, reason: reason))
            }
        }
        // Every pick refused, or (X_SKIP_LINK_POSTS) every pick a post with a URL.
        try await skip(slot, refusals > 0 ? .everyTextRefused : .noPostFits)
    }

    /// Marks `slot` skipped for `reason` and reports it.
    func skip(_ slot: PlanSlot, _ reason: SlotSkip) async throws {
        try await slots.markSkipped(slot.date, minute: slot.minute, reason)
        log.report(.slotSkipped(slot: slot.time, reason))
    }

    func duration(_ seconds: TimeInterval) -> Duration {
        .milliseconds(Int(max(0.5, min(seconds, longestWait)) * 1000))
    }
}
