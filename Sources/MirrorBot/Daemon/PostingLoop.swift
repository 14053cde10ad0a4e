import Foundation

/// Behaviours 1 and 2 on the clock: at each planned slot of today's plan, post
/// a text the human wrote near that time of day.
public struct PostingLoop: DaemonLoop {
    public let name = "posting"
    public let scheduler: Scheduler
    public let bot: any SocialNetwork
    public let botAccount: Account
    public let clock: any BotClock
    public let settings: DaemonSettings
    public let log: Logger

    /// How often the loop looks at the plan when no slot is due sooner (also notices a new day).
    static let idleWait: TimeInterval = 60
    /// Texts refused as duplicates before a slot is given up.
    static let maximumRefusals = 5

    public init(
        scheduler: Scheduler, bot: any SocialNetwork, botAccount: Account, clock: any BotClock, settings: DaemonSettings, log: Logger
    ) {
        self.scheduler = scheduler
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
        let interrupted = try await scheduler.store.skipInterrupted(claimedBefore: now.addingTimeInterval(-600))
        if interrupted > 0 { log.warning("slots_interrupted", ["count": interrupted]) }
        let past = try await scheduler.store.skipPastSlots(before: today)
        if past > 0 { log.info("slot_skipped", ["count": past, "reason": "missed: the day ended before the slot was posted"]) }

        var generator = SystemRandomNumberGenerator()
        let plan = try await scheduler.plan(for: today, using: &generator)
        for slot in plan where slot.state == .planned && slot.minute <= minuteNow {
            try Task.checkCancellation()
            try await post(slot, now: now, minuteNow: minuteNow)
        }

        // Wake at the next planned slot, or within a minute to notice a new day or plan.
        let next = plan.first { $0.state == .planned && $0.minute > minuteNow }
        let untilNext = next.map { today.instant(atMinute: $0.minute, in: zone).timeIntervalSince(now) } ?? Self.idleWait
        return .milliseconds(Int(max(0.5, min(untilNext, Self.idleWait)) * 1000))
    }

    func post(_ slot: PlanSlot, now: Date, minuteNow: Int) async throws {
        let store = scheduler.store
        if Double(minuteNow - slot.minute) * 60 > settings.lateGrace {
            try await store.markSkipped(slot.date, minute: slot.minute, reason: "missed: the bot was not running at \(slot.time)")
            log.info("slot_skipped", ["slot": slot.time, "reason": "missed"])
            return
        }
        guard try await store.claim(slot.date, minute: slot.minute, owner: settings.owner, now: now) else {
            return
        }
        for _ in 0..<Self.maximumRefusals {
            guard let (source, window) = try await scheduler.pick(for: slot.minute, now: now) else {
                try await store.markSkipped(slot.date, minute: slot.minute, reason: "no stored post fits")
                log.info("slot_skipped", ["slot": slot.time, "reason": "no stored post fits"])
                return
            }
            if settings.dryRun {
                try await store.markSkipped(slot.date, minute: slot.minute, reason: "dry run")
                log.info("would_post", ["slot": slot.time, "source": source.id, "window_min": window, "text": source.text])
                return
            }
            let outcome: PostOutcome
            do {
                let postedBefore = try await store.usedTexts([source.text]).contains(source.text)
                outcome = try await PostSender(bot: bot, botAccount: botAccount)
                    .send(source.text, postedBefore: postedBefore, startedAt: clock.now())
            } catch {
                // Nothing was posted (rate limit, credentials, X down): the slot is tried again.
                try? await store.releaseClaim(slot.date, minute: slot.minute)
                throw error
            }
            switch outcome {
            case .posted(let id):
                try await store.recordPosted(text: source.text, at: now)
                try await store.markPosted(slot.date, minute: slot.minute, sourcePostID: source.id, postedID: id, text: source.text)
                log.info("posted", [
                    "slot": slot.time, "id": id, "source": source.id, "window_min": window,
                    "reason": "planned slot; the human posted this near \(slot.time)", "text": source.text,
                ])
                return
            case .unconfirmed(let detail):
                // At most once: the post may exist; the slot is never posted again.
                try await store.recordPosted(text: source.text, at: now)
                try await store.markPosted(slot.date, minute: slot.minute, sourcePostID: source.id, postedID: "unconfirmed", text: source.text)
                log.warning("posted_unconfirmed", ["slot": slot.time, "source": source.id, "detail": detail, "text": source.text])
                return
            case .refusedDuplicate:
                try await store.markRefused(text: source.text, at: now)
                log.info("post_refused_duplicate", ["slot": slot.time, "source": source.id, "action": "picking another text"])
            case .refused(let detail), .notPermitted(let detail):
                try await store.markRefused(text: source.text, at: now)
                log.warning("post_refused", ["slot": slot.time, "source": source.id, "detail": detail, "action": "picking another text"])
            }
        }
        try await store.markSkipped(slot.date, minute: slot.minute, reason: "every picked text was refused")
        log.warning("slot_skipped", ["slot": slot.time, "reason": "duplicates refused"])
    }
}
