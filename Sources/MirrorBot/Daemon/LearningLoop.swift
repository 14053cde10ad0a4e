import Clocks
import Foundation
import Synchronization

/// Keeps learning the human: new posts are stored, new likes train
/// `favorite`, posts on the human's home timeline train `normal`.
///
/// On a network that charges for reads (X: `settings.spending`), the human's home timeline (the
/// only read here that is not the human's own data, five times the price) is read only while
/// likes are wanted, one page at a time, and only as often as it changes a decision: a sample
/// in which the classifier would have liked none of the posts the human passed over changed
/// nothing, and the wait before the next doubles (up to a day); one that corrected a decision
/// brings the wait back to the learning interval. The budget stops this loop's reads first.
public struct LearningLoop: DaemonLoop {
    public static let name = "learning"
    public var name: String { Self.name }
    public let learner: Learner
    public let settings: DaemonSettings
    public let clock: any BotClock
    let pace = SamplePace()
    /// Rechecks stored posts after learning (`DeletionSweep`); nil: no sweep.
    public let sweep: DeletionSweep?
    /// Reports the take-backs' totals after each round; nil: none.
    public let tally: TakeBackTally?
    /// Run first in each round: makes the classifier's counts whole (rebuilt from PostgreSQL when
    /// Redis lost them), throwing while they are missing; nil: nothing to check.
    public var keepCounts: (@Sendable () async throws -> Void)?
    /// Reached when a round has learned (or had nothing it may read): the like loop judges nothing
    /// before it, so a fresh bot's first timeline is not judged by a classifier still empty.
    public var learned: Milestone?
    /// Reached when a round has read the human's streams (not only been let through by the budget):
    /// the bot has learned its human (a host records it, `bots.learned_at`).
    public var historyRead: Milestone?

    /// Posts a paced read of the human's home timeline asks for: one page.
    public static let sampleSize = 100
    /// The longest wait between two paced reads.
    public static let longestSampleWait: TimeInterval = 86_400

    public init(
        learner: Learner, settings: DaemonSettings, clock: any BotClock = SystemClock(), sweep: DeletionSweep? = nil, tally: TakeBackTally? = nil
    ) {
        self.learner = learner
        self.settings = settings
        self.clock = clock
        self.sweep = sweep
        self.tally = tally
    }

    public func runOnce() async throws -> Duration {
        try await keepCounts?()
        if settings.allows(.optionalRead) {
            try await learn()
            historyRead?.reach()
        }
        learned?.reach()
        // The sweep's lookups are reads too (X: a post read each): they stop with the others when the
        // budget is tight. Its retries of copy deletions go on (they protect the human), and so does
        // the lookup before each post and reply (`SourceCheck` in the posting and reply loops).
        try await sweep?.run(lookups: settings.allows(.optionalRead))
        try await tally?.report()
        return settings.learnInterval
    }

    private func learn() async throws {
        try await learner.learnPosts(limit: 800)
        try await learner.learnLikes(limit: 800)
        guard settings.spending != nil else {
            try await learner.learnHomeTimeline(limit: 800)
            return
        }
        let now = clock.now()
        if settings.likesWanted, pace.isDue(at: now) {
            let sample = try await learner.learnHomeTimelineSample(limit: Self.sampleSize)
            pace.read(at: now, corrected: sample.corrected, base: settings.learnInterval.seconds, longest: Self.longestSampleWait)
        }
    }
}

/// When the next paced read of the human's home timeline is due (kept for the process's life).
final class SamplePace: Sendable {
    private let state = Mutex((due: Date.distantPast, wait: TimeInterval(0)))

    func isDue(at now: Date) -> Bool { state.withLock { now >= $0.due } }

    /// A read at `now` that corrected `corrected` decisions: the wait doubles while none, else starts over.
    func read(at now: Date, corrected: Int, base: TimeInterval, longest: TimeInterval) {
        state.withLock { state in
            state.wait = corrected > 0 || state.wait == 0 ? base : min(longest, state.wait * 2)
            state.due = now.addingTimeInterval(state.wait)
        }
    }

    var wait: TimeInterval { state.withLock { $0.wait } }
}

/// Reads the human's streams and learns from them, each post once. Shared by
/// the daemon's learning loop and the `train` commands.
public struct Learner: Sendable {
    /// Stores the human's posts; its network, account, cursors and log serve the other reads too.
    public private(set) var postLearner: PostLearner
    public let classifier: any FavoriteClassifier
    public let marks: any TrainingMarks
    /// Whose posts are not learned: people whose profile says no (`#nobot`); nil: everyone's are.
    public var profiles: ProfileConsent?

    public init(
        human: any SocialNetwork, humanAccount: Account, posts: any PostStore, classifier: any FavoriteClassifier,
        cursors: any CursorStore, marks: any TrainingMarks, log: Logger
    ) {
        postLearner = PostLearner(human: human, humanAccount: humanAccount, posts: posts, cursors: cursors, log: log)
        self.classifier = classifier
        self.marks = marks
    }

    /// The human's own posts newer than the cursor (retweets left out); returns (stored, retweets).
    @discardableResult
    public func learnPosts(limit: Int, ignoreCursor: Bool = false) async throws -> (stored: Int, retweets: Int) {
        try await postLearner.learnPosts(limit: limit, ignoreCursor: ignoreCursor)
    }

    /// The human's likes, most recent first, until one already learned; returns how many were learned.
    @discardableResult
    public func learnLikes(limit: Int) async throws -> Int {
        var learned = 0
        for try await page in postLearner.human.likes(of: postLearner.humanAccount.id, limit: limit) {
            let known = try await marks.trained(page.map(\.id), as: .favorite)
            let fresh = Array(page.prefix { !known.contains($0.id) })
            learned += try await train(try await withoutRefusers(fresh), as: .favorite)
            if fresh.count < page.count { break }
        }
        if learned > 0 { postLearner.log.report(.learnedLikes(learned)) }
        return learned
    }

    /// The human's home timeline newer than the cursor, as `normal` (their own
    /// posts, retweets and posts they liked left out); returns how many were learned.
    @discardableResult
    public func learnHomeTimeline(limit: Int, ignoreCursor: Bool = false) async throws -> Int {
        try await learnHomeTimeline(limit: limit, ignoreCursor: ignoreCursor, measuring: false).learned
    }

    /// The same read, counting the decisions it corrected: the posts the classifier would have
    /// liked before learning them as the human's passes.
    public func learnHomeTimelineSample(limit: Int) async throws -> (learned: Int, corrected: Int) {
        try await learnHomeTimeline(limit: limit, ignoreCursor: false, measuring: true)
    }

    private func learnHomeTimeline(limit: Int, ignoreCursor: Bool, measuring: Bool) async throws -> (learned: Int, corrected: Int) {
        let stream = PositionedStream(stream: "human_home", cursors: postLearner.cursors, log: postLearner.log)
        var learned = 0
        var corrected = 0
        let read = try await stream.read(fromStart: ignoreCursor) { position in
            postLearner.human.homeTimeline(of: postLearner.humanAccount.id, after: position, limit: limit)
        } each: { page in
            let liked = try await marks.trained(page.map(\.id), as: .favorite)
            let others = page.filter { $0.isOwnText && $0.authorID != postLearner.humanAccount.id && !liked.contains($0.id) }
            let kept = try await withoutRefusers(others)
            if measuring, !kept.isEmpty {
                let verdicts = try await classifier.classify(batch: kept.map { ClassifierInput(text: $0.text, author: $0.authorUsername) })
                corrected += verdicts.filter(\.isFavorite).count
            }
            learned += try await train(kept, as: .normal)
        }
        try await stream.save(read)
        if learned > 0 { postLearner.log.report(.learnedTimeline(learned)) }
        return (learned, corrected)
    }

    /// `posts` without those whose author's profile says no (read in the network's batches).
    func withoutRefusers(_ posts: [NetworkPost]) async throws -> [NetworkPost] {
        guard let profiles, !posts.isEmpty else { return posts }
        let refusing = try await profiles.sayNo(among: posts.map(\.authorID))
        return refusing.isEmpty ? posts : posts.filter { !refusing.contains($0.authorID) }
    }

    /// Trains the posts not learned before as `category`, each once.
    func train(_ batch: [NetworkPost], as category: ClassifierCategory) async throws -> Int {
        try await OnceTrainer(classifier: classifier, marks: marks)
            .train(batch.map { ($0.id, $0.text, $0.authorUsername) }, as: category)
    }
}

extension Learner {
    /// The same learner logging through `log`.
    public func with(log: Logger) -> Learner {
        var learner = self
        learner.postLearner.log = log
        return learner
    }
}
