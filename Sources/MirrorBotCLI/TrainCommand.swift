import Foundation
import JSONLines
import MirrorBot
import MirrorBotPostgres
import Postgres

/// `mirror-bot train`: teach the scheduler or the classifier, or forget everything.
///
///     train scheduler [--force]               the human's recent posts from the network
///     train classifier [--force]              likes and home timeline from the network
///     train classifier --jsonl FILE           labeled posts from a JSONL file
///     train clear --yes                       forget stored posts, plans and classifier counts
///
/// Parsing is pure: `init(arguments:)` picks the `Subcommand`; `run` calls one
/// function per subcommand.
struct TrainCommand: Command {
    static let name = "train"
    static let abstract = "Train the scheduler (train scheduler) or the classifier (train classifier), or forget everything (train clear --yes)."
    static let usage = "mirror-bot train scheduler [--force] | classifier [--force] [--jsonl FILE] | clear --yes"
    static let help = helpText(
        """
        SUBCOMMANDS:
          scheduler    fetch the human's most recent posts (up to 3,200) and store them; once unless --force
          classifier   fetch the human's latest likes as favorite and home timeline as normal; once unless --force;
                       with --jsonl FILE, learn the lines {"text","author","label":"favorite"|"normal"} of FILE
                       ('-': standard input) instead. The whole file is checked first: a bad line names the
                       file and line, and nothing is learnt. Each line is learnt as exactly its label.
          clear        forget stored posts and classifier counts (asks for --yes)
        """)

    /// Posts per Redis round trip with `--jsonl`.
    static let batchSize = 500

    enum Subcommand: Equatable {
        case scheduler(force: Bool)
        case classifier(force: Bool)
        case classifierJSONL(file: String)
        case clear
    }

    var subcommand: Subcommand

    init(arguments: [String]) throws {
        guard let name = arguments.first else {
            throw UsageError("missing subcommand: scheduler, classifier or clear", usage: Self.usage)
        }
        let parsed: Arguments
        switch name {
        case "scheduler":
            parsed = try Arguments(Array(arguments.dropFirst()), flags: ["force"], usage: Self.usage)
            subcommand = .scheduler(force: parsed.flag("force"))
        case "classifier":
            parsed = try Arguments(Array(arguments.dropFirst()), flags: ["force"], options: ["jsonl"], usage: Self.usage)
            if let file = parsed.option("jsonl") {
                subcommand = .classifierJSONL(file: file)
            } else {
                subcommand = .classifier(force: parsed.flag("force"))
            }
        case "clear":
            parsed = try Arguments(Array(arguments.dropFirst()), flags: ["yes"], usage: Self.usage)
            guard parsed.flag("yes") else {
                throw UsageError("'train clear' forgets every stored post and classifier count: confirm with '--yes'", usage: Self.usage)
            }
            subcommand = .clear
        default:
            throw UsageError("unknown train subcommand '\(name)' (scheduler, classifier or clear)", usage: Self.usage)
        }
        if let extra = parsed.positionals.first {
            throw UsageError("unexpected argument '\(extra)'", usage: Self.usage)
        }
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        switch subcommand {
        case .scheduler(let force): try await trainScheduler(force: force, context)
        case .classifier(let force): try await trainClassifier(force: force, context)
        case .classifierJSONL(let file): try await trainClassifier(jsonl: file, context)
        case .clear: try await clear(context)
        }
    }

    /// The human's most recent posts (up to the API's 3,200), stored once each.
    func trainScheduler(force: Bool, _ context: CommandContext) async throws -> Int32 {
        let job = "train scheduler"
        guard let prepared = try await prepare(job, force: force, context) else { return 0 }
        let (services, connection, actions, human, account) = prepared
        let posts = try await services.postStore(connection)
        let learner = PostLearner(human: human, humanAccount: account, posts: posts, cursors: actions, log: services.log)
        let result = try await learner.learnPosts(limit: Self.timelineCap, ignoreCursor: true)
        let total = try await posts.count()
        let summary = "stored \(result.stored) new posts of @\(account.username) (\(result.retweets) retweets skipped); \(total) stored in all"
        try await actions.finishJob(job, summary: summary)
        services.log.info("train_done", ["job": job, "stored": result.stored, "retweets_skipped": result.retweets, "total": total])
        context.output("Trained the scheduler: \(summary).")
        return 0
    }

    /// The human's latest likes as favorite, then their home timeline as normal (liked posts left out).
    func trainClassifier(force: Bool, _ context: CommandContext) async throws -> Int32 {
        let job = "train classifier"
        guard let prepared = try await prepare(job, force: force, context) else { return 0 }
        let (services, connection, actions, human, account) = prepared
        let learner = Learner(
            human: human, humanAccount: account, posts: try await services.postStore(connection),
            // 800 likes beside 800 timeline posts: balanced by choice, so their sizes say nothing of the like share.
            classifier: try await services.classifier(learning: .countsOnly, source: .api), cursors: actions, marks: actions, log: services.log
        )
        let favorite = try await learner.learnLikes(limit: Self.classifierSample)
        let normal = try await learner.learnHomeTimeline(limit: Self.classifierSample, ignoreCursor: true)
        let summary = "learned \(favorite) liked posts as favorite and \(normal) home-timeline posts as normal"
        try await actions.finishJob(job, summary: summary)
        services.log.info("train_done", ["job": job, "favorite": favorite, "normal": normal])
        context.output("Trained the classifier: \(summary) (posts learned before are not counted twice).")
        return 0
    }

    /// The API's cap on a user's own timeline.
    static let timelineCap = 3_200
    /// Likes and home-timeline posts `train classifier` reads.
    static let classifierSample = 800

    private func prepare(_ context: CommandContext) async throws -> (Services, any PostgresClient, PostgresActionStore) {
        let configuration = try context.configuration()
        let services = Services(configuration: configuration, log: context.logger(configuration))
        let connection = try await services.database()
        return (services, connection, PostgresActionStore(connection: connection))
    }

    /// What `train scheduler` and `train classifier` start from: the services, the database, its
    /// action store, the human's network and account; nil when `job` ran before and `force` is
    /// off (said on the output).
    private func prepare(_ job: String, force: Bool, _ context: CommandContext) async throws
        -> (Services, any PostgresClient, PostgresActionStore, any TakeBackNetwork, Account)?
    {
        let (services, connection, actions) = try await prepare(context)
        if !force, let finished = try await actions.jobFinished(job) {
            context.output("Already trained: '\(job)' ran at \(finished); 'mirror-bot \(job) --force' fetches again.")
            return nil
        }
        let human = try services.network(.human)
        return (services, connection, actions, human, try await human.me())
    }

    /// Checks the whole file, then learns it in batches and prints what it learnt and the threshold now in force.
    func trainClassifier(jsonl path: String, _ context: CommandContext) async throws -> Int32 {
        let configuration = try context.configuration()
        let examples = try TrainingJSONL.examples(in: JSONLinesFile.read(path, currentDirectory: context.currentDirectory))
        let store = try await ClassifyCommand.store(configuration)
        var start = 0
        while start < examples.count {
            try await store.train(labeled: Array(examples[start..<min(start + Self.batchSize, examples.count)]))
            start += Self.batchSize
        }
        let learnt = TrainingJSONL.summary(examples)
        let counts = try await store.counts(for: [])
        let name = path == "-" ? "stdin" : path
        context.output("Trained \(examples.count) posts from \(name): favorite \(learnt.favorite), normal \(learnt.normal)")
        context.output("The classifier now knows favorite \(counts.documents.favorite), normal \(counts.documents.normal)")
        context.output("Threshold in force: \(store.rule.classify(features: [], counts: counts).threshold)")
        return 0
    }

    /// Forgets the stored posts, plans and classifier counts, and what was learned from which post.
    /// The bot's own history (texts it posted, replies, likes) stays, so it never repeats itself.
    func clear(_ context: CommandContext) async throws -> Int32 {
        let (services, connection, actions) = try await prepare(context)
        let posts = try await services.postStore(connection)
        let removed = try await posts.count()
        try await posts.removeAll()
        try await services.scheduler(connection).plans.removePlans()
        try await actions.forgetTraining()
        try await services.classifier(learning: .countsOnly, source: .api).clear()
        services.log.info("train_cleared", ["posts": removed])
        context.output("Forgot \(removed) stored posts, every plan and the classifier's counts.")
        return 0
    }
}
