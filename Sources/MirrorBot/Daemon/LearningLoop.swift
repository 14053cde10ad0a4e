import Foundation

/// Keeps learning the human: new posts are stored, new likes train
/// `favorite`, posts on the human's home timeline train `normal`.
public struct LearningLoop: DaemonLoop {
    public let name = "learning"
    public let learner: Learner
    public let settings: DaemonSettings
    /// Rechecks stored posts after learning (`DeletionSweep`); nil: no sweep.
    public let sweep: DeletionSweep?
    /// Reports the take-backs' totals after each round; nil: none.
    public let tally: TakeBackTally?

    public init(learner: Learner, settings: DaemonSettings, sweep: DeletionSweep? = nil, tally: TakeBackTally? = nil) {
        self.learner = learner
        self.settings = settings
        self.sweep = sweep
        self.tally = tally
    }

    public func runOnce() async throws -> Duration {
        try await learner.learnPosts(limit: 800)
        try await learner.learnLikes(limit: 800)
        try await learner.learnHomeTimeline(limit: 800)
        try await sweep?.run()
        try await tally?.report()
        return settings.learnInterval
    }
}

/// Reads the human's streams and learns from them, each post once. Shared by
/// the daemon's learning loop and the `train` commands.
public struct Learner: Sendable {
    public let human: any SocialNetwork
    public let humanAccount: Account
    public let posts: any PostStore
    public let classifier: any FavoriteClassifier
    public let cursors: any CursorStore
    public let marks: any TrainingMarks
    public let log: Logger
    /// Whose posts are not learned: people whose profile says no (`#nobot`); nil: everyone's are.
    public var profiles: ProfileConsent?

    public init(
        human: any SocialNetwork, humanAccount: Account, posts: any PostStore, classifier: any FavoriteClassifier,
        cursors: any CursorStore, marks: any TrainingMarks, log: Logger
    ) {
        self.human = human
        self.humanAccount = humanAccount
        self.posts = posts
        self.classifier = classifier
        self.cursors = cursors
        self.marks = marks
        self.log = log
    }

    /// The human's own posts newer than the cursor (retweets left out); returns (stored, retweets).
    @discardableResult
    public func learnPosts(limit: Int, ignoreCursor: Bool = false) async throws -> (stored: Int, retweets: Int) {
        try await PostLearner(human: human, humanAccount: humanAccount, posts: posts, cursors: cursors, log: log)
            .learnPosts(limit: limit, ignoreCursor: ignoreCursor)
    }

    /// The human's likes, most recent first, until one already learned; returns how many were learned.
    @discardableResult
    public func learnLikes(limit: Int) async throws -> Int {
        var learned = 0
        for try await page in human.likes(of: humanAccount.id, limit: limit) {
            let known = try await marks.trained(page.map(\.id), as: .favorite)
            let fresh = Array(page.prefix { !known.contains($0.id) })
            learned += try await train(try await withoutRefusers(fresh), as: .favorite)
            if fresh.count < page.count { break }
        }
        if learned > 0 { log.report(.learnedLikes(learned)) }
        return learned
    }

    /// The human's home timeline newer than the cursor, as `normal` (their own
    /// posts, retweets and posts they liked left out); returns how many were learned.
    @discardableResult
    public func learnHomeTimeline(limit: Int, ignoreCursor: Bool = false) async throws -> Int {
        let stream = PositionedStream(stream: "human_home", cursors: cursors, log: log)
        var learned = 0
        let read = try await stream.read(fromStart: ignoreCursor) { position in
            human.homeTimeline(of: humanAccount.id, after: position, limit: limit)
        } each: { page in
            let liked = try await marks.trained(page.map(\.id), as: .favorite)
            let others = page.filter { $0.isOwnText && $0.authorID != humanAccount.id && !liked.contains($0.id) }
            learned += try await train(try await withoutRefusers(others), as: .normal)
        }
        try await stream.save(read)
        if learned > 0 { log.report(.learnedTimeline(learned)) }
        return learned
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
        var learner = Learner(
            human: human, humanAccount: humanAccount, posts: posts, classifier: classifier, cursors: cursors, marks: marks, log: log)
        learner.profiles = profiles
        return learner
    }
}
