import FakeX
import Foundation
import JSONLines
import MirrorBot
import MirrorBotMeCab
import MirrorBotPostgres

/// `mirror-bot-bench train-ratio [--stored N] [--rounds N] [--mirror-bot PATH] [--mecab PATH]`:
/// the learning round's steps as `mirror-bot train` runs them, on a store of N posts (default
/// 10,000, imported untimed through `mirror-bot import --jsonl` into a fresh schema of
/// DATABASE_URL), against an in-process fake X whose human has 3,200 posts, 800 likes and a
/// home timeline of 800 other posts. In alternating rounds it times the whole
/// `mirror-bot train scheduler --force` process (the round's `learnPosts`: 3,200 new posts
/// stored) beside plain 500-row INSERTs of as many rows, and the whole
/// `mirror-bot train classifier --force` process (the round's `learnLikes` and
/// `learnHomeTimeline`: 800 likes and 800 home-timeline posts read, half of them liked) beside MeCab's command line over their texts.
/// Between rounds the human's posts, the cursors and the training marks are deleted
/// (untimed), so every round does the same work. Prints `ratio train-scheduler-N=`,
/// `ratio train-classifier-N=` and `time …` lines for `scripts/bench-guard.sh`, and the time
/// of the round's last query on the store, the deletion sweep's choice of the 20 posts to
/// look up (`PostgresWithdrawalStore.sweepCandidates`, in this process, on the store aged as
/// months of sweeping leave it; `time sweep-N=`, whose growth the guard checks; with
/// EXPLAIN_SWEEP=1 its plans, from auto_explain, in the server log).
enum TrainRatioBenchmark {
    static let usage = "mirror-bot-bench train-ratio [--stored N] [--rounds N] [--mirror-bot PATH] [--mecab PATH]"
    static let ownPosts = 3_200
    static let sample = 800

    static func run(arguments: [String]) async throws {
        var stored = 10_000
        var mecab = "/usr/bin/mecab"
        let options = RatioOptions(arguments) { argument, rest in
            switch argument {
            case "--stored": stored = Int(rest.popFirst() ?? "") ?? -1
            case "--mecab": mecab = rest.popFirst() ?? ""
            default: stored = -1
            }
        }
        guard stored >= 0, options.isUsable, FileManager.default.isExecutableFile(atPath: mecab) else {
            throw InputError(file: "arguments", message: "expected \(usage) (mirror-bot at '\(options.binary)', mecab at '\(mecab)')")
        }
        guard let url = ProcessInfo.processInfo.environment["DATABASE_URL"] else {
            throw InputError(file: "DATABASE_URL", message: "is not set")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mirror-bot-train-ratio-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let world = try TrainWorld.make()
        let texts = folder.appendingPathComponent("texts.txt")
        try Data(world.sampleTexts.map { $0 + "\n" }.joined().utf8).write(to: texts)

        let database = try await BenchDatabase.make(url: url)
        do {
            var environment = ScheduleRatioBenchmark.environment(database, postLimit: stored + ownPosts + 1)
            environment.merge(world.environment) { _, fake in fake }
            if stored > 0 {
                let file = folder.appendingPathComponent("stored.jsonl")
                try ImportRatioBenchmark.writeJSONL(count: stored, prefix: "s", offset: 600, to: file)
                _ = try ScheduleRatioBenchmark.runProcess(options.binary, ["import", "--jsonl", file.path], environment: environment)
            }
            defer { ClassifyRatioBenchmark.deleteKeys(prefix: world.environment["REDIS_KEY_PREFIX"] ?? "", environment: environment) }
            try await measure(database, stored: stored, rounds: options.rounds, binary: options.binary, mecab: mecab,
                              texts: texts, environment: environment)
        } catch {
            try? await database.drop()
            throw error
        }
        try await database.drop()
    }

    static func measure(
        _ database: BenchDatabase, stored: Int, rounds: Int, binary: String, mecab: String, texts: URL, environment: [String: String]
    ) async throws {
        let dictionary = try MeCabFeatureTokenizer(dictionaryPath: ProcessInfo.processInfo.environment["MECAB_DICDIR"]).mecab.dictionaryPath
        var (bare, scheduler, mecabTimes, classifier): ([Duration], [Duration], [Duration], [Duration]) = ([], [], [], [])
        for _ in 0..<rounds {
            try await database.connection.execute(unsafeSQL: "DROP TABLE IF EXISTS bare_posts")
            bare.append(try await ImportRatioBenchmark.bareInserts(ownPosts, database.connection))
            scheduler.append(try ScheduleRatioBenchmark.runProcess(binary, ["train", "scheduler", "--force"], environment: environment))
            mecabTimes.append(try ScheduleRatioBenchmark.runProcess(
                mecab, ["-d", dictionary, "-r", "/dev/null"], environment: environment, input: texts))
            classifier.append(try ScheduleRatioBenchmark.runProcess(binary, ["train", "classifier", "--force"], environment: environment))
            // The same work next round: the human's posts new again, nothing marked as learned.
            try await database.connection.execute(unsafeSQL: "DELETE FROM posts WHERE id NOT LIKE 's%'")
            try await database.connection.execute(unsafeSQL: "DELETE FROM trained_posts")
            try await database.connection.execute(unsafeSQL: "DELETE FROM cursors")
        }
        let (bareMedian, schedulerMedian) = (ScheduleRatioBenchmark.median(bare), ScheduleRatioBenchmark.median(scheduler))
        let (mecabMedian, classifierMedian) = (ScheduleRatioBenchmark.median(mecabTimes), ScheduleRatioBenchmark.median(classifier))
        print("train-ratio stored=\(stored) rounds=\(rounds): bare INSERTs of \(ownPosts) rows \(SchedulerBenchmark.format(bareMedian)), "
            + "train scheduler --force (whole process, \(ownPosts) posts stored) \(SchedulerBenchmark.format(schedulerMedian)), "
            + "MeCab's command line over \(2 * sample) texts \(SchedulerBenchmark.format(mecabMedian)), "
            + "train classifier --force (whole process, \(sample) likes and \(sample) home-timeline posts read) \(SchedulerBenchmark.format(classifierMedian)) (medians)")
        print("time train-scheduler-\(stored)=\(String(format: "%.3f", schedulerMedian.seconds)) (seconds, the median train scheduler)")
        print("time train-classifier-\(stored)=\(String(format: "%.3f", classifierMedian.seconds)) (seconds, the median train classifier)")
        var sweeps: [Duration] = []
        let withdrawals = PostgresWithdrawalStore(connection: database.connection)
        if ProcessInfo.processInfo.environment["EXPLAIN_SWEEP"] == "1" {
            // auto_explain writes the plans into the server log.
            try await database.connection.execute(unsafeSQL: """
                LOAD 'auto_explain'; SET auto_explain.log_min_duration = 0; SET auto_explain.log_analyze = on;
                SET auto_explain.log_buffers = on
                """)
        }
        // A store the sweep has worked on for months: half its posts checked over the last 60 days,
        // 1 in 50 within the last day, and 40 live copies of the bot's (posted slots).
        try await database.connection.execute(unsafeSQL: """
            UPDATE posts SET checked_at = now() - random() * interval '60 days' WHERE random() < 0.5;
            UPDATE posts SET checked_at = now() - random() * interval '1 day' WHERE random() < 0.02;
            INSERT INTO plans (local_date, time_zone) VALUES ('2026-01-01', 'UTC') ON CONFLICT DO NOTHING;
            INSERT INTO plan_slots (local_date, minute_of_day, state, source_post_id, posted_id, text, posted_at)
            SELECT '2026-01-01', row_number() OVER (), 'posted', id, 'copy-' || id, 'x', now()
            FROM (SELECT id FROM posts ORDER BY md5(id) LIMIT 40) p;
            ANALYZE posts
            """)
        for _ in 0..<max(rounds, 21) {
            sweeps.append(try await ScheduleRatioBenchmark.time {
                _ = try await withdrawals.sweepCandidates(limit: 20, nearMinutes: [420, 720, 1_260], now: Date())
            })
        }
        print("sweep candidates (the learning round's deletion sweep, 20 of \(stored) posts): "
            + "\(SchedulerBenchmark.format(ScheduleRatioBenchmark.median(sweeps))) (median)")
        print("time sweep-\(stored)=\(String(format: "%.4f", ScheduleRatioBenchmark.median(sweeps).seconds)) (seconds, the median deletion sweep's query)")
        print("ratio train-scheduler-\(stored)=\(String(format: "%.3f", bareMedian / schedulerMedian)) (bare INSERTs / train scheduler)")
        print("ratio train-classifier-\(stored)=\(String(format: "%.3f", mecabMedian / classifierMedian)) (MeCab's command line / train classifier)")
    }
}

/// The fake X `train-ratio` reads: the human (id 1) with 3,200 posts, 800 liked posts of a
/// friend and 800 more of the friend's on the home timeline; the bot (id 2) for the configuration.
struct TrainWorld {
    let server: FakeXServer
    let environment: [String: String]
    let sampleTexts: [String]

    static func make() throws -> TrainWorld {
        let server = FakeXServer()
        let human = server.addUser(id: "1", username: "human")
        let bot = server.addUser(id: "2", username: "mirror")
        server.addUser(id: "3", username: "friend")
        server.configure { $0.rateLimits = [:] }
        _ = try server.start()
        server.follow("1", "3")
        let now = Date()
        let examples = BenchmarkPosts.synthetic(count: TrainRatioBenchmark.ownPosts + 2 * TrainRatioBenchmark.sample, seed: 1)
        for index in 0..<TrainRatioBenchmark.ownPosts {
            server.addTweet(authorID: "1", text: examples[index].text, createdAt: now.addingTimeInterval(-Double(index + 1) * 3_600))
        }
        var sampleTexts: [String] = []
        for index in 0..<(2 * TrainRatioBenchmark.sample) {
            let text = examples[TrainRatioBenchmark.ownPosts + index].text
            sampleTexts.append(text.replacingOccurrences(of: "\n", with: " "))
            let id = server.addTweet(authorID: "3", text: text, createdAt: now.addingTimeInterval(-Double(index + 1) * 600))
            if index % 2 == 0 { server.addLike(userID: "1", tweetID: id) }
        }
        let environment = [
            "REDIS_KEY_PREFIX": "bench-\(UInt32.random(in: 0...UInt32.max)):", "X_API_BASE_URL": server.baseURL.absoluteString,
            "HUMAN_CONSUMER_KEY": human.consumerKey, "HUMAN_CONSUMER_SECRET": human.consumerSecret,
            "HUMAN_ACCESS_TOKEN": human.accessToken, "HUMAN_ACCESS_TOKEN_SECRET": human.accessTokenSecret,
            "BOT_CONSUMER_KEY": bot.consumerKey, "BOT_CONSUMER_SECRET": bot.consumerSecret,
            "BOT_ACCESS_TOKEN": bot.accessToken, "BOT_ACCESS_TOKEN_SECRET": bot.accessTokenSecret,
        ]
        return TrainWorld(server: server, environment: environment, sampleTexts: sampleTexts)
    }
}
