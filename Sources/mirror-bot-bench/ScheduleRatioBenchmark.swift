import Foundation
import JSONLines
import MirrorBot
import MirrorBotPostgres
import Postgres

/// `mirror-bot-bench schedule-ratio [POSTS] [--import] [--rounds N] [--mirror-bot PATH]`: fills a
/// fresh schema of DATABASE_URL as `scheduler` does (default 200,000 posts; with `--import`,
/// through `mirror-bot import --jsonl`), then, in
/// alternating rounds, times the seed's two methods (in this process) and the whole
/// `mirror-bot schedule --days 1` and `--days 60` processes over the same posts.
/// Prints the medians and their ratio, which the shared machine's load moves far less
/// than either time; `scripts/bench-guard.sh` reads the `ratio` line.
enum ScheduleRatioBenchmark {
    static let usage = "mirror-bot-bench schedule-ratio [POSTS] [--import] [--rounds N] [--mirror-bot PATH]"

    static func run(arguments: [String]) async throws {
        var posts = 200_000
        var throughImport = false
        let options = RatioOptions(arguments) { argument, _ in
            if argument == "--import" { throughImport = true } else { posts = Int(argument) ?? 0 }
        }
        let (rounds, binary) = (options.rounds, options.binary)
        guard posts > 1, options.isUsable else {
            throw InputError(file: "arguments", message: "expected \(usage) (mirror-bot at '\(binary)')")
        }
        guard let url = ProcessInfo.processInfo.environment["DATABASE_URL"] else {
            throw InputError(file: "DATABASE_URL", message: "is not set")
        }
        let database = try await BenchDatabase.make(url: url)
        do {
            if throughImport {
                try await fillThroughImport(database, posts: posts, binary: binary)
            } else {
                try await SchedulerBenchmark.fill(database.connection, posts: posts)
            }
            try await measure(database, posts: posts, rounds: rounds, binary: binary)
        } catch {
            try? await database.drop()
            throw error
        }
        try await database.drop()
    }

    /// The posts through the product's own writer: `mirror-bot import --jsonl` of `posts`
    /// made-up posts (ImportRatioBenchmark's), then the bot's texts as `fill` makes them.
    static func fillThroughImport(_ database: BenchDatabase, posts: Int, binary: String) async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("mirror-bot-schedule-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        try ImportRatioBenchmark.writeJSONL(count: posts, prefix: "", offset: 0, to: file)  // numeric ids, as fillBotTexts reads them
        let took = try runProcess(binary, ["import", "--jsonl", file.path], environment: environment(database, postLimit: posts))
        try await SchedulerBenchmark.fillBotTexts(database.connection)
        print("schedule-ratio posts=\(posts): imported by mirror-bot import --jsonl in \(SchedulerBenchmark.format(took))")
    }

    /// DATABASE_URL and DATABASE_SCHEMA naming the benchmark's schema, TIME_ZONE UTC.
    static func environment(_ database: BenchDatabase, postLimit: Int? = nil) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["DATABASE_URL"] = database.baseURL
        environment["DATABASE_SCHEMA"] = database.schema
        environment["TIME_ZONE"] = "UTC"
        if let postLimit { environment["POST_LIMIT"] = String(postLimit) }
        return environment
    }

    static func measure(_ database: BenchDatabase, posts: Int, rounds: Int, binary: String) async throws {
        let environment = Self.environment(database)
        // Once untimed: the first run records the time zone of the stored minutes.
        _ = try runProcess(binary, ["schedule", "--days", "1", "--seed", "1"], environment: environment)
        _ = try await seedMethods(database.connection)
        var seed: [Duration] = []
        var oneDay: [Duration] = []
        var sixtyDays: [Duration] = []
        for round in 0..<rounds {
            seed.append(try await time { _ = try await seedMethods(database.connection) })
            oneDay.append(try runProcess(binary, ["schedule", "--days", "1", "--seed", "\(round)"], environment: environment))
            sixtyDays.append(try runProcess(binary, ["schedule", "--days", "60", "--seed", "\(round)"], environment: environment))
        }
        let seedMedian = median(seed)
        let oneDayMedian = median(oneDay)
        print("schedule-ratio posts=\(posts) rounds=\(rounds): the seed's two methods \(SchedulerBenchmark.format(seedMedian)), "
            + "schedule --days 1 (whole process) \(SchedulerBenchmark.format(oneDayMedian)), "
            + "schedule --days 60 \(SchedulerBenchmark.format(median(sixtyDays))) (medians)")
        print("ratio schedule=\(String(format: "%.1f", seedMedian / oneDayMedian)) (the seed's two methods / schedule --days 1)")
    }

    /// The seed's `calculate_accumulated_probabilities` and `tweet_count_per_day` as the
    /// seed ran them: every post read (`Tweet.all`, once for each), grouped in the
    /// process by minute of the day and by local date; returns what they return (the
    /// cumulative probabilities and a day's count drawn from the days).
    static func seedMethods(_ connection: PostgresConnection) async throws -> ([Double], Int) {
        let columns = "SELECT id, text, minute_of_day, in_reply_to_user_id, created_at FROM posts"
        let all = try await connection.query(PostgresQuery(unsafeSQL: columns, binds: []))
        var byMinute = [Int: Int]()
        for row in all {
            byMinute[try row.decode("minute_of_day", as: Int.self), default: 0] += 1
        }
        var accumulated: [Double] = []
        var probability = 0.0
        for minute in 0..<1439 {
            probability += Double(byMinute[minute] ?? 0) / Double(all.count)
            accumulated.append(probability)
        }
        let again = try await connection.query(PostgresQuery(unsafeSQL: columns, binds: []))
        var byDate = [Int: Int]()
        for row in again {
            let created = try row.decode("created_at", as: Date.self)
            byDate[Int((created.timeIntervalSince1970 / 86_400).rounded(.down)), default: 0] += 1
        }
        return (accumulated, byDate.values.randomElement() ?? 0)
    }

    /// The wall time of `binary arguments` (standard input from `input`, output discarded); throws unless it exits 0.
    static func runProcess(_ binary: String, _ arguments: [String], environment: [String: String], input: URL? = nil) throws -> Duration {
        let process = Process()
        if let input { process.standardInput = try FileHandle(forReadingFrom: input) }
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        let started = ContinuousClock.now
        try process.run()
        process.waitUntilExit()
        let elapsed = ContinuousClock.now - started
        guard process.terminationStatus == 0 else {
            throw InputError(file: binary, message: "\(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
        }
        return elapsed
    }

    static func time(_ body: () async throws -> Void) async throws -> Duration {
        let started = ContinuousClock.now
        try await body()
        return ContinuousClock.now - started
    }

    static func median(_ times: [Duration]) -> Duration {
        times.sorted()[times.count / 2]
    }
}
