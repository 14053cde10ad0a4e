import Clocks
import Foundation
import PublishingContext
import Synchronization

/// Behaviour 3: answer a mention with a random past reply the human sent to
/// the same person; stay silent when the human never answered them.
public final class ReplyLoop: DaemonLoop {
    public let name = "replies"
    public let bot: any SocialNetwork
    public let botAccount: Account
    public let replies: any ReplySource
    /// The texts the bot posted before: fresh replies first, and no text refused twice.
    public let texts: any BotTextStore
    public let cursors: any CursorStore
    public let claims: any MentionClaims
    public let clock: any BotClock
    public let settings: DaemonSettings
    public let log: Logger
    /// Looks the past replies up before one is reused, in batches (`ReplyLoop+Sources.swift`); nil: no lookups.
    public let sources: SourceCheck?
    /// Who said no (`Consent`): never answered; a mention asking to stop is not answered either. nil: nobody.
    public let consent: Consent?
    /// The human's pace (REPLY_PACE, POLL_PACE); nil: answer at the next poll, poll steadily.
    public let pace: PaceKeeper?
    /// The learning loop's first round that learned: no mention is answered before it, lest the
    /// human's replies, not yet stored, read as none and the mention get silence for good (nil: no wait).
    public let learned: Milestone?
    /// Until the first round is done and while no cursor exists, old mentions are left alone.
    private let firstRound = Mutex(true)
    /// The reset the last `replies_deferred` line named: one line per spent limit.
    private let deferredUntil = Mutex<Date?>(nil)
    /// Whether held mentions may be due without REPLY_PACE=human: at the first round (a daemon
    /// before may have left some) and once interrupted ones were held again, until a round finds none.
    let heldMayBeDue = Mutex(true)
    /// When interrupted claims were last looked for (`resumeInterrupted`).
    let interruptedCheckedAt = Mutex<Date?>(nil)

    static let stream = "bot_mentions"
    static let candidates = 20
    static let maximumRefusals = 5
    /// Held replies sent in one round at most; the rest in the next.
    static let duePerRound = 50

    public init(
        bot: any SocialNetwork, botAccount: Account, replies: any ReplySource, texts: any BotTextStore, cursors: any CursorStore,
        claims: any MentionClaims, clock: any BotClock, settings: DaemonSettings, log: Logger, sources: SourceCheck? = nil,
        consent: Consent? = nil, pace: PaceKeeper? = nil, learned: Milestone? = nil
    ) {
        self.learned = learned
        self.pace = pace
        self.sources = sources
        self.consent = consent
        self.bot = bot
        self.botAccount = botAccount
        self.replies = replies
        self.texts = texts
        self.cursors = cursors
        self.claims = claims
        self.clock = clock
        self.settings = settings
        self.log = log.with(["loop": "replies"])
    }

    /// One round, its requests `Answering`: before the background reads in their server's line.
    public func runOnce() async throws -> Duration {
        try await Answering.run { try await round() }
    }

    func round() async throws -> Duration {
        // Past the budget no reply goes out: the mentions wait, unread, for the next UTC day.
        guard settings.allows(.essentialRead) else { return settings.pollInterval }
        try await learned?.waitForLearning(logging: "replies_waiting", to: log)
        let now = clock.now()
        if pace != nil || heldMayBeDue.withLock({ $0 }) {
            // Held replies whose time has come first (REPLY_PACE=human's, and interrupted ones): they waited long enough.
            let due = try await claims.dueMentions(at: now, limit: Self.duePerRound)
            for mention in due {
                try Task.checkCancellation()
                guard try await attempt({ try await self.answerHeld(mention, now: now) }, now: now) else { return try await wait() }
            }
            if pace == nil, due.count < Self.duePerRound { heldMayBeDue.withLock { $0 = false } }
        }
        let stream = PositionedStream(stream: Self.stream, cursors: cursors, log: log)
        let (fetched, read) = try await stream.collect { position in
            bot.mentions(of: botAccount.id, after: position, limit: position == nil ? 100 : 800)
        }
        // Oldest first: streams serve the newest first.
        var mentions = Array(fetched.reversed())
        if read.fromStart, firstRound.withLock({ $0 }) {
            // A bot's first run: answer only recent mentions, not the account's whole history.
            mentions = mentions.filter { now.timeIntervalSince($0.createdAt) <= settings.firstRunMentionWindow }
        }
        for mention in mentions {
            try Task.checkCancellation()
            // The position stays when a round stops early, so the next round reads these
            // mentions again (those answered or held are claimed: never twice).
            guard try await attempt({ try await self.answer(mention, now: now) }, now: now) else { return try await wait() }
        }
        try await stream.save(read)
        firstRound.withLock { $0 = false }
        // Last: reading the bot's own posts for them never holds up the new mentions.
        try await resumeInterrupted(now: clock.now())
        return try await wait()
    }

    /// Runs `body` (answering one mention); false when the round must stop: replies are
    /// rate-limited past the next poll (they wait for the reset while mentions go on being
    /// read), the budget is spent (the mentions are read again once it allows), or a mention's
    /// replies drawn this round were all gone with more left (read again at the next poll).
    func attempt(_ body: () async throws -> Void, now: Date) async throws -> Bool {
        do {
            try await body()
            return true
        } catch NetworkError.rateLimited(let endpoint, let resetAt) where resetAt.timeIntervalSince(now) > settings.pollInterval.seconds {
            deferReplies(endpoint: endpoint, until: resetAt)
            return false
        } catch is BudgetSpent {
            return false
        } catch is RepliesLeftToLookUp {
            return false
        }
    }

    /// The wait before the next round: POLL_INTERVAL_SECONDS, or the human's pace's, never past a held reply.
    func wait() async throws -> Duration {
        guard let pace else { return settings.pollInterval }
        return await pace.pollWait(interval: settings.pollInterval, nextDue: try await claims.nextDueMention())
    }

    func deferReplies(endpoint: String, until resetAt: Date) {
        let isNew = deferredUntil.withLock { known in
            defer { known = resetAt }
            return known != resetAt
        }
        if isNew { log.report(.repliesDeferred(endpoint: endpoint, resumeAt: resetAt)) }
    }

    func answer(_ mention: NetworkPost, now: Date) async throws {
        let who = mention.authorUsername.map { "@\($0)" } ?? mention.authorID
        guard mention.authorID != botAccount.id, mention.isOwnText else { return }
        if let consent, try await consent.leavesAlone(mention: mention) { return }
        if let pace, pace.holdsReplies {
            let due = try await pace.dueTime(for: mention)
            if due > now {
                // Answered at the human's pace: held until `due`, at most once across restarts and daemons.
                if try await claims.holdMention(mention, dueAt: due) { log.report(.replyHeld(mention: mention.id, to: who, dueAt: due)) }
                return
            }
        }
        guard let recent = try await claims.claimMention(mention, at: clock.now(), since: now.addingTimeInterval(-3600)) else {
            return  // answered (or being answered) already
        }
        try await respond(to: mention, who: who, recent: recent, now: now)
    }

    /// Answers a held mention whose time has come, unless another daemon took it. Its author
    /// may have said stop (or put #nobot in their profile) meanwhile: then it is skipped.
    func answerHeld(_ mention: NetworkPost, now: Date) async throws {
        let who = mention.authorUsername.map { "@\($0)" } ?? mention.authorID
        guard let recent = try await claims.takeDueMention(mention.id, authorID: mention.authorID, now: clock.now(), since: now.addingTimeInterval(-3600))
        else { return }
        let leftAlone: Bool
        do {
            leftAlone = try await consent?.leavesAlone(mention, skipping: .reply) ?? false
        } catch {
            if !Task.isCancelled { try? await claims.releaseMention(mention.id) }
            throw error
        }
        if leftAlone {
            try await claims.finishMention(mention.id, state: .skipped, reason: "the author said no while the reply was held", replyID: nil, text: nil)
            return
        }
        try await respond(to: mention, who: who, recent: recent, now: now)
    }

    /// Answers a claimed mention (`recent`: replies its author got in the last hour). From the
    /// look-up of its replies' sources to the check that the reply went out, its requests go first.
    func respond(to mention: NetworkPost, who: String, recent: Int, now: Date) async throws {
        try await Publishing.run { try await respondNow(to: mention, who: who, recent: recent, now: now) }
    }

    private func respondNow(to mention: NetworkPost, who: String, recent: Int, now: Date) async throws {
        if recent >= settings.replyLimitPerHour {
            try await skip(mention, to: who, .hourlyLimit(count: recent, to: who))
            return
        }
        let found = try await drawReplies(for: mention)
        let candidates = found.usable
        var bodies: [String] = []
        for candidate in candidates where !bodies.contains(candidate.body) { bodies.append(candidate.body) }
        // Replies the bot never sent come first: the network refuses a text the account posted before.
        let used = found.used
        let texts = bodies.filter { !used.contains($0) } + bodies.filter { used.contains($0) }
        guard !texts.isEmpty else {
            if !found.drawnAll {
                // Every reply drawn was gone (now withdrawn), and more are left: the next poll draws among them.
                try await claims.releaseMention(mention.id)
                log.info("reply_draw_continues", ["mention": mention.id, "to": who, "drawn": Self.maximumDrawn, "action": "drawing again at the next poll"])
                throw RepliesLeftToLookUp()
            }
            if found.namingOthers > 0 {
                try await skip(mention, to: who, .everyReplyNamesOthers(count: found.namingOthers, to: who))
                return
            }
            // Never replied, or every reply withdrawn (each found gone, one by one or now).
            try await claims.finishMention(mention.id, state: .silent, reason: "the human has no reply to \(who) left", replyID: nil, text: nil)
            log.report(.replySilent(mention: mention.id, to: who))
            return
        }
        if settings.dryRun {
            try await claims.finishMention(mention.id, state: .skipped, reason: "dry run", replyID: nil, text: texts[0])
            log.report(.wouldReply(BotEvent.Reply(mention: mention.id, to: who, text: texts[0])))
            return
        }
        var refusals = 0
        for text in texts where refusals < Self.maximumRefusals {
            // The budget first: a reply that cannot go out is not worth the lookup of its source.
            guard settings.allows(.post(text: text, reply: true)) else {
                try await claims.releaseMention(mention.id)
                throw BudgetSpent()
            }
            // Looked up just now (`drawReplies`): the first of the human's replies with this text.
            let source = candidates.first { $0.body == text && !$0.id.isEmpty }?.id
            let outcome: PostOutcome
            do {
                outcome = try await PostSender(bot: bot, botAccount: botAccount).send(
                    text, inReplyTo: mention, postedBefore: used.contains(text), startedAt: clock.now())
            } catch {
                // Nothing was sent (rate limit, credentials, X down): the mention is tried again.
                // Cancelled mid-send (SIGTERM) the reply may have reached the network, so the
                // claim stays: once interrupted, the bot looks for the reply among its posts
                // before answering again (`resumeInterrupted`).
                if !Task.isCancelled { try? await claims.releaseMention(mention.id) }
                throw error
            }
            let reply = BotEvent.Reply(mention: mention.id, to: who, text: text)
            switch outcome {
            case .posted(let id):
                try await claims.finishMention(mention.id, state: .replied, reason: nil, replyID: id, text: text, source: source)
                try await self.texts.recordPosted(text: text, at: now)
                log.report(.replied(reply, id: id))
                return
            case .unconfirmed(let detail):
                // At most once: the reply may exist; this mention is never answered again.
                try await claims.finishMention(mention.id, state: .replied, reason: "unconfirmed: \(detail)", replyID: nil, text: text)
                try await self.texts.recordPosted(text: text, at: now)
                log.report(.repliedUnconfirmed(reply, detail: detail))
                return
            case .refused(.duplicate):
                refusals += 1
                try await self.texts.markRefused(text: text, at: now)
                log.report(.replyRefused(mention: mention.id, to: who, .duplicate))
            case .refused(let refusal):
                // E.g. the mention was deleted: skip it, and go on with the next.
                try await claims.finishMention(mention.id, state: .skipped, reason: "refused: \(refusal.detail ?? "")", replyID: nil, text: nil)
                log.report(.replyRefused(mention: mention.id, to: who, refusal))
                return
            case .notCarried(let reason, _):
                // Replies go as text (never `whole`): unreachable, but never answered half.
                try await claims.finishMention(mention.id, state: .skipped, reason: "media not carried: \(reason)", replyID: nil, text: nil)
                return
            }
        }
        try await skip(mention, to: who, .everyReplyRefused)
    }

    /// Marks `mention` skipped for `reason` and reports it.
    func skip(_ mention: NetworkPost, to who: String, _ reason: ReplySkip) async throws {
        try await claims.finishMention(mention.id, state: .skipped, reason: reason.stored, replyID: nil, text: nil)
        log.report(.replySkipped(mention: mention.id, to: who, reason))
    }
}

/// The day's budget leaves no room for the next post: the round stops, its work stays for later.
struct BudgetSpent: Error {}
