import Clocks
import Foundation
import Synchronization

/// Behaviour 4: classify each post on the bot's home timeline and like the
/// ones the human would like. When the network refuses likes for this
/// account's access level, say so once and keep deciding and logging.
/// With REPLY_PACE=human a like is held until a time drawn before the next poll.
public final class LikeLoop: DaemonLoop {
    public static let name = "likes"
    public var name: String { Self.name }
    public let bot: any SocialNetwork
    public let botAccount: Account
    public let classifier: any FavoriteClassifier
    public let cursors: any CursorStore
    public let claims: any LikeClaims
    public let clock: any BotClock
    public let settings: DaemonSettings
    public let log: Logger
    /// Who said no (`Consent`): never liked. nil: nobody.
    public let consent: Consent?
    /// POLL_PACE=human: the timeline is read less often in the human's quiet hours; REPLY_PACE=human:
    /// each poll's likes are held for times spread until the next poll. nil: steady, likes at the poll.
    public let pace: PaceKeeper?
    /// The learning loop's first round that learned: nothing is judged before it (nil: no wait).
    public let learned: Milestone?
    /// With held likes, when the next poll is due (the loop wakes for held likes between polls).
    let nextPoll = Mutex<Date?>(nil)

    static let stream = "bot_home"
    /// Held likes sent in one round at most; the rest in the next.
    static let duePerRound = 50

    public init(
        bot: any SocialNetwork, botAccount: Account, classifier: any FavoriteClassifier, cursors: any CursorStore, claims: any LikeClaims,
        clock: any BotClock, settings: DaemonSettings, log: Logger, consent: Consent? = nil, pace: PaceKeeper? = nil,
        learned: Milestone? = nil
    ) {
        self.learned = learned
        self.pace = pace
        self.consent = consent
        self.bot = bot
        self.botAccount = botAccount
        self.classifier = classifier
        self.cursors = cursors
        self.claims = claims
        self.clock = clock
        self.settings = settings
        self.log = log.with(["loop": "likes"])
    }

    public func runOnce() async throws -> Duration {
        let now = clock.now()
        // Held likes whose time has come first (`LikeLoop+Held.swift`); between polls, only them.
        try await sendDueLikes(now: now)
        if holdsLikes, let next = nextPoll.withLock({ $0 }), now < next {
            return try await cut(.seconds(next.timeIntervalSince(now)), now: now)
        }
        let untilPoll = await pollWait()
        // On a network that charges for reads, a timeline read for likes that cannot be sent buys nothing.
        if (settings.spending != nil && !settings.likesWanted) || !settings.allows(.optionalRead) {
            return try await polled(now: now, untilPoll: untilPoll)
        }
        // A timeline judged before the human's likes and timeline are learned would be judged by a
        // classifier still empty (a fresh bot's) and passed by for good: the cursor moves past it.
        try await learned?.waitForLearning(logging: "likes_waiting", to: log)
        let stream = PositionedStream(stream: Self.stream, cursors: cursors, log: log)
        let (fetched, read) = try await stream.collect { position in
            bot.homeTimeline(of: botAccount.id, after: position, limit: position == nil ? 100 : 800)
        }
        // Oldest first (streams serve the newest first): at the daily limit, the older posts were liked.
        let posts = fetched.reversed().filter { $0.isOwnText && $0.authorID != botAccount.id }
        if !posts.isEmpty {
            let verdicts = try await classifier.classify(batch: posts.map { ClassifierInput(text: $0.text, author: $0.authorUsername) })
            for (post, verdict) in zip(posts, verdicts) {
                try Task.checkCancellation()
                try await decide(post, verdict, now: now, untilPoll: untilPoll)
            }
        }
        try await stream.save(read)
        return try await polled(now: now, untilPoll: untilPoll)
    }

    /// POLL_INTERVAL_SECONDS, or the human's pace's wait until the next poll.
    func pollWait() async -> Duration {
        guard let pace else { return settings.pollInterval }
        return await pace.pollWait(interval: settings.pollInterval, nextDue: nil)
    }

    /// A poll is done at `now`: the next is `untilPoll` later.
    func polled(now: Date, untilPoll: Duration) async throws -> Duration {
        nextPoll.withLock { $0 = now.addingTimeInterval(untilPoll.seconds) }
        return try await cut(untilPoll, now: now)
    }

    /// `wait`, cut at the next held like's time (never below a second).
    func cut(_ wait: Duration, now: Date) async throws -> Duration {
        guard let due = try await claims.nextDueLike(), due < now.addingTimeInterval(wait.seconds) else { return wait }
        return max(.seconds(due.timeIntervalSince(now)), .seconds(1))
    }

    func decide(_ post: NetworkPost, _ verdict: Classification, now: Date, untilPoll: Duration) async throws {
        let author = post.authorUsername.map { "@\($0)" } ?? post.authorID
        func decided(_ outcome: BotEvent.LikeDecision.Verdict, features: [String] = []) {
            log.report(.likeDecided(BotEvent.LikeDecision(
                post: post.id, author: author, ratio: verdict.ratio, threshold: verdict.threshold, features: features, verdict: outcome)))
        }
        guard verdict.isFavorite else {
            decided(.passed)
            return
        }
        if let consent, try await consent.leavesAlone(post, skipping: .like) { return }
        let refused = settings.likeAccess.isRefused
        // REPLY_PACE=human: sent at a time drawn before the next poll (a like only logged is logged now).
        var due = now
        if let pace, holdsLikes, !settings.dryRun, !refused {
            due = try await pace.likeDueTime(decidedAt: now, untilNextPoll: untilPoll)
        }
        guard let likedToday = try await claims.claimLike(
            post.id, authorID: post.authorID, authorUsername: post.authorUsername, ratio: verdict.ratio, day: LocalDate(due, in: settings.timeZone)
        ) else {
            return  // liked (or decided) before
        }
        let features = verdict.strongest(toward: .favorite, limit: 3).map(\.feature)
        if likedToday >= settings.likeLimitPerDay {
            try await claims.releaseLike(post.id)
            decided(.skippedAtLimit(limit: settings.likeLimitPerDay))
            return
        }
        if settings.dryRun || refused {
            let why: BotEvent.LikeDecision.WouldLike = settings.dryRun ? .dryRun : .accessLevel
            try await claims.finishLike(post.id, state: .wouldLike, reason: why.rawValue)
            decided(.wouldLike(why), features: features)
            return
        }
        let like = HeldLike(post: post, ratio: verdict.ratio, threshold: verdict.threshold, features: features, dueAt: due)
        if due > now {
            try await claims.holdLike(like)
            log.report(.likeHeld(post: post.id, author: author, dueAt: due))
            return
        }
        try await send(like)
    }

    /// Likes a claimed post and records how it ended. A failure that may pass (rate limit, the
    /// network down) releases the claim (a held like is due again) and rethrows: nothing was liked.
    /// Stopped meanwhile, the like may have gone out (the answer not yet read, or not yet
    /// recorded), and on Bluesky a second like is a second record: the claim stays, never liked twice.
    func send(_ like: HeldLike) async throws {
        let post = like.post
        let author = post.authorUsername.map { "@\($0)" } ?? post.authorID
        func decided(_ outcome: BotEvent.LikeDecision.Verdict) {
            log.report(.likeDecided(BotEvent.LikeDecision(
                post: post.id, author: author, ratio: like.ratio, threshold: like.threshold, features: like.features, verdict: outcome)))
        }
        do {
            try await bot.like(postID: post.id, as: botAccount.id)
            try await claims.finishLike(post.id, state: .liked, reason: nil)
            decided(.liked)
        } catch NetworkError.likesNotPermitted(let detail) {
            if settings.likeAccess.refuse() { log.report(.likesUnavailable(detail: detail)) }
            try await claims.finishLike(post.id, state: .wouldLike, reason: BotEvent.LikeDecision.WouldLike.accessLevel.rawValue)
            decided(.wouldLike(.refusedNow))
        } catch NetworkError.failed(_, let status, let detail) where (400..<500).contains(status) {
            // This one post cannot be liked (deleted, protected, blocked): skip it and go on.
            try await claims.finishLike(post.id, state: .skipped, reason: "refused: HTTP \(status): \(detail)")
            log.report(.likeRefused(post: post.id, author: author, status: status, detail: detail))
        } catch {
            if !Task.isCancelled { try? await claims.releaseLike(post.id) }
            throw error
        }
    }
}
