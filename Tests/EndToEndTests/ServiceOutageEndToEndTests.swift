import Foundation
import TestSupport
import Testing

/// A private redis-server this test can stop and start again; its data
/// survives the restart (saved on shutdown), as a real deployment's would.
final class RestartableRedis: @unchecked Sendable {
    let port: Int
    let folder: URL
    private var process: Process?

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(TestEnvironment.uniqueName("redis"))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        port = try SparePort.loopback()
    }

    var url: String { "redis://127.0.0.1:\(port)/0" }

    func start() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/redis-server")
        process.arguments = ["--port", "\(port)", "--bind", "127.0.0.1", "--dir", folder.path, "--save", "", "--appendonly", "no"]
        // Never the test's own pipes: swift test waits until every holder closes them.
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        for _ in 0..<100 where !ping() { usleep(50_000) }
    }

    /// Saves and stops the server (SIGTERM if SHUTDOWN did not do it within 5 s).
    func stop() {
        guard let process else { return }
        _ = try? cli(["SHUTDOWN", "SAVE"])
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning, Date() < deadline { usleep(50_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        self.process = nil
    }

    func ping() -> Bool { (try? cli(["PING"]))?.contains("PONG") ?? false }

    @discardableResult
    func cli(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/redis-cli")
        process.arguments = ["-p", "\(port)"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    deinit {
        if let process, process.isRunning { process.terminate() }
        try? FileManager.default.removeItem(at: folder)
    }
}

@Suite("mirror-bot start when Redis or PostgreSQL goes away")
struct ServiceOutageEndToEndTests {
    @Test("Redis stopped for a while and restarted: the daemon keeps answering, then likes again")
    func redisOutage() async throws {
        let redis = try RestartableRedis()
        try redis.start()
        #expect(redis.ping())
        try await DaemonHarness.with { harness in
            try await harness.setUp(redisURL: redis.url)
            _ = harness.addActivity()
            let daemon = try harness.startDaemon()
            #expect(await harness.waitFor(30) { harness.likes.count == 1 && harness.replies.count == 1 }, "\(harness.output)")

            redis.stop()
            #expect(!redis.ping())
            let ramen = harness.server.addTweet(authorID: DaemonHarness.foodie, text: "ラーメン屋の新作つけ麺をもう一杯")
            let mention = harness.server.addTweet(authorID: DaemonHarness.friend, text: "@mirror Redis が止まっても返事できる？")
            // Replies do not need Redis: answered during the outage.
            #expect(await harness.waitFor(20) { harness.replies.contains { $0.target == mention } }, "\(harness.output)")
            #expect(await harness.waitFor(20) { harness.output.contains("loop=likes") && harness.output.contains("event=round_failed") })
            #expect(!harness.likes.contains(ramen))
            #expect(daemon.isRunning)

            try redis.start()
            #expect(await harness.waitFor(60) { harness.likes.contains(ramen) }, "\(harness.output)")
            // Logged after the round that liked it returns: wait for it rather than race it.
            #expect(await harness.waitFor(20) { harness.output.contains("event=recovered") }, "\(harness.output)")
            #expect(harness.stop(daemon) == 0)
        }
        redis.stop()
    }

    @Test("Redis emptied under the running daemon (FLUSHALL, then a restart without its data) and before a start: noticed, nothing liked, rebuilt without reading the likes again, liking again")
    func redisEmptied() async throws {
        let redis = try RestartableRedis()
        try redis.start()
        try await DaemonHarness.with { harness in
            try await harness.setUp(redisURL: redis.url)
            _ = harness.addActivity()
            // 150 likes of the human's (two pages of liked_tweets), of the same words as the posts the bot
            // should like below, each by its own account the bot does not follow (all by one author, the
            // classifier would learn that the human likes that author alone: it also learns from what a
            // liked post lacks).
            for fan in 0..<150 {
                let author = String(7_000 + fan)
                harness.server.addUser(id: author, username: "fan\(fan)")
                let old = harness.server.addTweet(
                    authorID: author, text: "ラーメン屋の新作つけ麺をもう一杯", createdAt: Date().addingTimeInterval(-86_400))
                harness.server.addLike(userID: DaemonHarness.human, tweetID: old)
            }
            let daemon = try harness.startDaemon()
            #expect(await harness.waitFor(30) { harness.likes.count == 1 }, "\(harness.output)")
            #expect(await harness.waitFor(30) { harness.output.split(separator: "\n").contains { $0.contains("event=learned_likes") && $0.contains(" favorite=150") } }, "\(harness.output)")
            // Trained before the daemon first ran (as an older version would have): kept as the baseline at start.
            #expect(harness.output.contains("event=classifier_baseline_saved"), "\(harness.output)")
            let learnedBefore = harness.output.components(separatedBy: "event=learned_likes").count
            let verdicts = try await classify(harness)
            let lostAt = Date()

            for (round, empty) in [(1, { _ = try? redis.cli(["FLUSHALL"]) }), (2, { redis.stop(); try? FileManager.default.removeItem(at: redis.folder.appendingPathComponent("dump.rdb")); try? redis.start() })] {
                empty()
                let ramen = harness.server.addTweet(authorID: DaemonHarness.foodie, text: "ラーメン屋の新作つけ麺をもう一杯 \(round)")
                #expect(await harness.waitFor(60) { harness.output.components(separatedBy: "event=classifier_rebuilt").count == round + 1 }, "\(harness.output)")
                #expect(await harness.waitFor(60) { harness.likes.contains(ramen) }, "\(harness.output)")
                // Between the loss and the rebuild the like loop decided nothing (its rounds failed on the missing counts).
                let lines = harness.output.split(separator: "\n")
                let lost = lines.indices.filter { lines[$0].contains("event=classifier_lost") }
                let rebuilt = lines.indices.filter { lines[$0].contains("event=classifier_rebuilt") }
                #expect(lost.count == round && rebuilt.count == round, "\(harness.output)")
                // The same classifier as before the loss: the same verdicts, ratios and threshold.
                #expect(try await classify(harness) == verdicts)
                if let from = lost.last, let to = rebuilt.last, from < to {
                    #expect(!lines[from...to].contains { $0.contains(" ratio=") }, "\(harness.output)")
                }
            }
            // Rebuilt from PostgreSQL alone: the human's likes were not read again (each round read the
            // newest page of liked_tweets, found it learned, and stopped) and nothing was learned twice.
            let likeReads = harness.server.requests.filter { $0.endpoint == "GET /2/users/:id/liked_tweets" && $0.date > lostAt }
            #expect(!likeReads.isEmpty)
            #expect(!likeReads.contains { $0.query.contains("pagination_token") }, "\(likeReads.map(\.query))")
            #expect(harness.output.components(separatedBy: "event=learned_likes").count == learnedBefore, "\(harness.output)")
            #expect(daemon.isRunning)
            #expect(harness.stop(daemon) == 0)

            // A daemon started on an empty Redis rebuilds the counts before it decides anything.
            _ = try redis.cli(["FLUSHALL"])
            let started = harness.output.count
            let next = try harness.startDaemon()
            let ramen = harness.server.addTweet(authorID: DaemonHarness.foodie, text: "ラーメン屋の新作つけ麺をもう一杯 3")
            #expect(await harness.waitFor(60) { harness.likes.contains(ramen) }, "\(harness.output)")
            let after = String(harness.output.dropFirst(started))
            let rebuilt = try #require(after.range(of: "event=classifier_rebuilt"), "\(after)")
            #expect(after.range(of: "event=classifier_lost").map { $0.lowerBound < rebuilt.lowerBound } == true, "\(after)")
            #expect(!after[..<rebuilt.lowerBound].contains(" ratio="), "\(after)")
            #expect(harness.stop(next) == 0)
        }
        redis.stop()
    }

    /// `mirror-bot classify --jsonl` over a fixed set, with the daemon's environment: its output lines.
    func classify(_ harness: DaemonHarness) async throws -> [String] {
        let input = [
            ("ラーメン屋の新作つけ麺をもう一杯", "foodie"), ("ラーメンが食べたい", "friend"), ("今日もいい天気だ", "retweeter"),
            ("会議が長引いた", "stranger"), ("新作のつけ麺", "fan1"),
        ].map { #"{"text":"\#($0.0)","author":"\#($0.1)"}"# }.joined(separator: "\n") + "\n"
        let environment = harness.environment
        let result = try await onOwnThread { try BinaryRunner.run(["classify", "--jsonl", "-"], environment: environment, stdin: input) }
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 5, "\(result.stdout)")
        return lines
    }

    @Test("PostgreSQL cutting the daemon's connections mid-run: it reconnects and goes on answering")
    func databaseConnectionsCut() async throws {
        try await DaemonHarness.with { harness in
            try await harness.setUp()
            _ = harness.addActivity()
            let daemon = try harness.startDaemon()
            #expect(await harness.waitFor(30) { harness.replies.count == 1 }, "\(harness.output)")

            // What a database restart or a failover does to the daemon's sessions.
            let cut = try await harness.connection.query("""
                SELECT count(pg_terminate_backend(pid)) AS n FROM pg_stat_activity
                WHERE application_name = \(harness.database.schema)
                """).first?.decode("n", as: Int.self)
            #expect((cut ?? 0) >= 1)

            let mention = harness.server.addTweet(authorID: DaemonHarness.friend, text: "@mirror データベースが切れても大丈夫？")
            #expect(await harness.waitFor(30) { harness.replies.contains { $0.target == mention } }, "\(harness.output)")
            #expect(harness.replies.count == 2)
            #expect(daemon.isRunning)
            #expect(harness.stop(daemon) == 0)
        }
    }
}
