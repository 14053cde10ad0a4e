import Foundation
import MirrorBot
import MirrorBotPostgres
import MirrorBotRedis
import Redis

/// `mirror-bot-bench rebuild`: what a year of learning costs to keep in PostgreSQL and to
/// rebuild in Redis after Redis lost it (`RedisClassifierStore.keepCounts`).
///
/// Records `--days` days of the daemon's learning in a fresh schema of `DATABASE_URL`: each
/// day `--rounds` learning rounds, each a sample batch of the home timeline (`--seen` posts a
/// day, `--liked` of them liked, taking one back from `normal`), plus an archive's likes once
/// (counts only). Posts are synthetic: 4-12 words drawn from a 30,000-word vocabulary
/// (frequent words far more often), and one of 400 authors. Then deletes the prefix's keys in
/// `REDIS_URL` and times the rebuild; prints the rows, the tables' size and the time.
enum RebuildBenchmark {
    static let usage = "mirror-bot-bench rebuild [--days N] [--rounds N] [--seen N] [--liked N] [--seed S]"

    static func run(arguments: [String]) async throws {
        func option(_ name: String, _ fallback: Int) throws -> Int {
            guard let index = arguments.firstIndex(of: "--" + name) else { return fallback }
            guard index + 1 < arguments.count, let value = Int(arguments[index + 1]), value >= 0 else {
                throw InputErrorText("--\(name) expects a whole number")
            }
            return value
        }
        let days = try option("days", 365), rounds = try option("rounds", 24), seen = try option("seen", 300)
        let liked = try option("liked", 15), seed = try option("seed", 39)
        let environment = ProcessInfo.processInfo.environment
        let database = try await BenchDatabase.make(url: environment["DATABASE_URL"] ?? "postgres://localhost/mirror_bot")
        let redis = try await RedisConnection(url: environment["REDIS_URL"] ?? "redis://localhost:6379")
        let keys = ClassifierKeys(prefix: "bench-rebuild-\(database.schema):")
        let journal = PostgresClassifierJournal(connection: database.connection)
        let store = RedisClassifierStore(redis: redis, keys: keys, journal: journal)
        var random = SeededGenerator(seed: UInt64(seed))
        var recorded = 0
        let archive = (0..<800).map { _ in LearnedPost(features: post(&random), category: .favorite, takesBack: true) }
        _ = try await journal.record(JournaledPost.batch(archive, sample: false), source: .archive)
        recorded += archive.count
        for _ in 0..<days {
            for round in 0..<rounds {
                let count = seen / rounds + (round < seen % rounds ? 1 : 0)
                let likes = liked / rounds + (round < liked % rounds ? 1 : 0)
                let posts = (0..<count).map { index in
                    LearnedPost(features: post(&random), category: index < likes ? .favorite : .normal, takesBack: index < likes)
                }
                _ = try await journal.record(JournaledPost.batch(posts, sample: true), source: .learning)
                recorded += posts.count
            }
        }
        let size = try await database.connection.query("""
            SELECT pg_total_relation_size('classifier_examples') AS bytes, count(*) AS n FROM classifier_examples
            """).first
        try await redis.send(["DEL", keys.kept] + keys.all).throwingOnError()
        let kept = try await store.keepCounts(pooled: PooledBayes(), log: nil)
        let features = try await redis.send(["HLEN", keys.features(.normal)]).integer ?? 0
        print("recorded \(recorded) posts over \(days) days (\(rounds) rounds a day, \(seen) seen and \(liked) liked a day)")
        print("classifier_examples: \(size?["n"] ?? "?") rows, \(size?["bytes"] ?? "?") bytes on disk (indexes and TOAST included)")
        print(String(format: "rebuilt from the records alone: %@; %d normal features", describe(kept), features))
        // The steady state: the records folded into the baseline (as the daemon does past
        // `examplesKept`), this year's records appended to them.
        let folding = ContinuousClock.now
        try await store.fold(pooled: PooledBayes())
        let folded = ContinuousClock.now - folding
        let baseline = try await database.connection.query("""
            SELECT pg_total_relation_size('classifier_baseline') AS bytes, length(dump) AS characters FROM classifier_baseline
            """).first
        print("folded into the baseline in \(folded): \(baseline?["characters"] ?? "?") characters of JSON, \(baseline?["bytes"] ?? "?") bytes on disk")
        let tail = (0..<RedisClassifierStore.examplesKept).map { index in
            LearnedPost(features: post(&random), category: index % 20 == 0 ? .favorite : .normal, takesBack: index % 20 == 0)
        }
        for start in stride(from: 0, to: tail.count, by: 12) {
            _ = try await journal.record(JournaledPost.batch(Array(tail[start..<min(start + 12, tail.count)]), sample: true), source: .learning)
        }
        try await redis.send(["DEL", keys.kept] + keys.all).throwingOnError()
        print("rebuilt from the baseline and \(tail.count) records: \(describe(try await store.keepCounts(pooled: PooledBayes(), log: nil)))")
        try await redis.send(["DEL", keys.kept] + keys.all).throwingOnError()
        try await database.drop()
    }

    static func describe(_ kept: RedisClassifierStore.Kept) -> String {
        guard case .rebuilt(let examples, let seconds) = kept else { return "not rebuilt: \(kept)" }
        return String(format: "%d examples in %.2f s (%.0f examples/s)", examples, seconds, Double(examples) / seconds)
    }

    /// A post's distinct features: words with a skewed frequency, and its author.
    static func post(_ random: inout SeededGenerator) -> [String] {
        let words = 4 + Int(random.next() % 9)
        var features: [String] = []
        for _ in 0..<words {
            // The square of a uniform draw: low word numbers (frequent words) far more often.
            let uniform = Double(random.next() % 1_000_000) / 1_000_000
            let word = "w\(Int(uniform * uniform * 30_000))"
            if !features.contains(word) { features.append(word) }
        }
        return features + ["@author:a\(random.next() % 400)"]
    }

    struct InputErrorText: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
