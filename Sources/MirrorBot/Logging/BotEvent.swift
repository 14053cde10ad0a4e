import Foundation

/// What the daemon did or decided, as a value. The loops report events
/// (`Logger.report`); the logger renders each as one line for people
/// (`BotEvent+Line.swift`: the event names and fields operators grep), and hands
/// the value as it is to its sink (`EventSink`: the status board). Nothing reads a
/// line back.
public enum BotEvent: Sendable, Equatable {
    // The daemon.
    case started(Startup)
    /// Starting up: `what` (a service, an account) could not be reached yet.
    case waitingFor(what: String, error: String, retryInSeconds: Int)
    case stopping(signal: String)
    case stopped
    case stoppedForcibly(afterSeconds: Int)
    /// File pages the idle daemon held from start-up given back (`ResidentMemory`); VmRSS in kB.
    case memoryTrimmed(residentBeforeKB: Int, residentAfterKB: Int)
    /// The trim could not turn the kernel's fault-around off (userfaultfd refused: `reason`), so
    /// a page touched again brings back the cached pages of its 64 KB; logged once.
    case faultAroundKept(reason: String)
    case roundFailed(error: String, retryInSeconds: Int)
    case recovered(afterFailures: Int)
    /// A round refused by a rate limit spent past the next retry: the loop sleeps to `resumeAt`.
    case roundDeferred(endpoint: String, resumeAt: Date)
    case serviceUp(String)
    case serviceDown(String, error: String)

    // The posting loop.
    case posted(SlotPost, id: String)
    /// It may exist: the slot is never posted again (at most once).
    case postedUnconfirmed(SlotPost, detail: String)
    case wouldPost(SlotPost)
    /// A slot of today's plan not posted; `slot` is its time (HH:MM).
    case slotSkipped(slot: String, SlotSkip)
    /// Slots of earlier days still planned when their day ended.
    case pastSlotsSkipped(count: Int)
    /// Slots left `posting` by a daemon that died mid-post.
    case slotsInterrupted(count: Int)
    /// The network refused a picked text; the loop picks another.
    case postRefused(slot: String, source: String, Refusal)
    /// A picked post's pictures could not go with it (`POST_MEDIA=carry`): not posted; the loop picks another.
    case mediaNotCarried(slot: String, source: String, reason: String)

    // The reply loop.
    case replied(Reply, id: String)
    case repliedUnconfirmed(Reply, detail: String)
    case wouldReply(Reply)
    /// The human never replied to the mention's author.
    case replySilent(mention: String, to: String)
    case replySkipped(mention: String, to: String, ReplySkip)
    case replyRefused(mention: String, to: String, Refusal)
    /// Replying is rate-limited until `resumeAt`; mentions are still read, answered after it.
    case repliesDeferred(endpoint: String, resumeAt: Date)
    /// REPLY_PACE=human: the mention is answered at `dueAt` (the human's delay, out of their quiet hours).
    case replyHeld(mention: String, to: String, dueAt: Date)
    /// REPLY_PACE=human with fewer than `needed` known reply delays: the fallback delays are used (said once).
    case replyPaceFallback(delays: Int, needed: Int)
    /// Claims whose answer was interrupted (`ReplyLoop.resumeInterrupted`): `found` answered
    /// among the bot's posts, `resumed` to be answered now, `unknown` older than the posts read.
    case repliesInterrupted(found: Int, resumed: Int, unknown: Int)
    /// The bot's posts could not be read for `count` interrupted claims: they wait for the next look.
    case interruptedRepliesUnchecked(count: Int, detail: String)

    // The like loop.
    case likeDecided(LikeDecision)
    /// The network refused to like this one post (deleted, protected, blocked).
    case likeRefused(post: String, author: String, status: Int, detail: String)
    /// The network refused likes for this account's access level.
    case likesUnavailable(detail: String)
    /// REPLY_PACE=human: the like is sent at `dueAt` (before the next poll, out of the human's quiet hours).
    case likeHeld(post: String, author: String, dueAt: Date)

    // Learning.
    case learnedPosts(stored: Int, retweetsSkipped: Int)
    /// Posts whose kind the network's answer did not show: not stored, read again next walk.
    case postsKindUnknown(count: Int)
    case learnedLikes(Int)
    case learnedTimeline(Int)
    case trainProgress(pages: Int, stored: Int)

    // The budget (X_DAILY_BUDGET_USD).
    /// The day's estimated spend reached the point where `stop` stops; said once a day each.
    case budgetReached(BudgetStop, spent: Double, budget: Double)

    // Take-backs (`BotEvent+TakeBacks.swift`).
    /// One of the human's posts is gone from the network: marked withdrawn, never used again.
    case sourceWithdrawn(post: String, use: SourceUse)
    /// A mention asked the bot to stop: its author is on the do-not-interact list from now on.
    case optedOut(author: String, mention: String)
    /// A reply or like not done because its author said no (`why`).
    case optOutHonoured(post: String, author: String, skipped: Interaction, why: OptOutReason)
    /// The bot deleted its copy of a post the human took back.
    case copyDeleted(copy: String, source: String)
    /// Deleting the copy failed; the next sweep tries again.
    case copyDeleteFailed(copy: String, source: String, error: String)
    /// One round of the deletion sweep: posts looked up, found gone, and passed over as made on
    /// another network (imported; `OwnPosts`: never looked up here).
    case deletionSweep(checked: Int, gone: Int, elsewhere: Int)
    /// One round's recheck of the sources of the bot's recent copies (`DeletionSweep.recentDays`):
    /// posts looked up, found gone, and left for the next round (their lookup failed).
    case recentCopiesChecked(checked: Int, gone: Int, failed: Int)
    /// The take-backs' totals in PostgreSQL (`TakeBackTally`), at start and after each learning round.
    case takeBackCounts(TakeBackCounts)

    // The classifier's counts in Redis.
    /// The counts are missing from Redis (its marker key is gone): nothing is liked until they are rebuilt.
    case classifierLost(examples: Int)
    /// The counts were rebuilt from PostgreSQL: `examples` replayed (on a baseline or not) in `seconds`.
    case classifierRebuilt(examples: Int, baseline: Bool, seconds: Double)
    /// A bot that learned before the journal existed: its counts were saved to PostgreSQL as a baseline.
    case classifierBaselineSaved(documents: Int)
}

extension BotEvent {
    /// Who the bot is, as the daemon starts its loops.
    public struct Startup: Sendable, Equatable {
        public var network: String
        public var bot: String
        public var human: String
        public var timeZone: String
        public var dryRun: Bool
        public var pollSeconds: Int
        public var learnSeconds: Int
        /// `real time`, or the demo's `60.0x`.
        public var timeScale: String

        public init(
            network: String, bot: String, human: String, timeZone: String, dryRun: Bool, pollSeconds: Int, learnSeconds: Int,
            timeScale: String
        ) {
            self.network = network
            self.bot = bot
            self.human = human
            self.timeZone = timeZone
            self.dryRun = dryRun
            self.pollSeconds = pollSeconds
            self.learnSeconds = learnSeconds
            self.timeScale = timeScale
        }
    }

    /// A planned slot's post: the slot, the minute it goes out, the human's post it repeats.
    public struct SlotPost: Sendable, Equatable {
        /// The planned time, HH:MM.
        public var slot: String
        /// The minute it went out, HH:MM.
        public var at: String
        public var source: String
        /// The picker's window (+/- minutes) and how far beyond the first it had to widen.
        public var window: Int
        public var widenedBy: Int
        public var text: String
        /// The alt texts of the pictures going with it, in order (nil: a picture without one); empty
        /// when none go (none attached, or `POST_MEDIA=text`).
        public var pictures: [String?] = []

        /// Why this text now.
        public var reason: String { "planned slot \(slot); the human posted this near \(at) (±\(window) min)" }
    }

    /// A reply to a mention: `to` is `@username` (or the author's id), `text` the reply.
    public struct Reply: Sendable, Equatable {
        public var mention: String
        public var to: String
        public var text: String

        public var reason: String { "the human replied this to \(to) before" }
    }

    /// One like decision on a timeline post: the classifier's ratio against the threshold in force.
    public struct LikeDecision: Sendable, Equatable {
        public enum Verdict: Sendable, Equatable {
            case liked
            /// Favorable, not liked: a dry run, or likes unavailable for this account.
            case wouldLike(WouldLike)
            /// Favorable, but the daily limit was reached.
            case skippedAtLimit(limit: Int)
            /// Below the threshold.
            case passed
        }

        public enum WouldLike: String, Sendable, Equatable {
            case dryRun = "dry run"
            /// Known before this post: the network refused likes earlier.
            case accessLevel = "this account's access level cannot like"
            /// Learned on this post: the network refused it.
            case refusedNow = "likes unavailable"
        }

        public var post: String
        public var author: String
        public var ratio: Double
        /// The threshold the ratio was held against, and why (as the classifier decided it).
        public var threshold: ThresholdInForce
        /// The strongest features toward `favorite` (empty for a pass).
        public var features: [String]
        public var verdict: Verdict

        /// Liked, would like or skipped at the limit: toward liking.
        public var isFavorable: Bool { verdict != .passed }

        public var reason: String {
            switch verdict {
            case .liked: "the human would like it"
            case .wouldLike(let why): why.rawValue
            case .skippedAtLimit(let limit): "daily like limit \(limit) reached"
            case .passed: "below the threshold"
            }
        }

        /// A ratio or threshold as the line shows it: three decimals, or exponent notation from a million.
        public static func format(_ value: Double) -> String {
            value >= 1e6 ? String(format: "%.3e", value) : String(format: "%.3f", value)
        }
    }
}
