import FakeX
import Foundation
import MirrorBot
import MirrorBotPostgres
import Postgres
import TestSupport
import Testing
import XAPI

/// Two X bots of one app (one consumer key, their own tokens) in one `mirror-bot host` against
/// fake-x, which counts X's per-app cap on `POST /2/tweets` over all the app's users (issue 42).
@Suite("mirror-bot host: two X bots of one app share its per-app cap and its spend", .serialized)
struct HostXAppEndToEndTests {
    static let key = Data([UInt8](repeating: 7, count: 32)).base64EncodedString()
    static let friend = "3"

    @Test("the app's day of posts spent by one bot holds the other: it sends no post and meets no 429; their spend is counted together under the app's hash")
    func sharedApp() async throws {
        let server = FakeXServer()
        // One post a day for the app, over all its users.
        server.setAppRateLimit(endpoint: "POST /2/tweets", limit: 1, window: 3_600)
        let database = try await TestDatabase.make()
        let admin = try await database.connect()
        let stem = TestEnvironment.uniqueName("x").lowercased().filter { $0.isLetter || $0.isNumber }.suffix(10)
        let names = ["x\(stem)a", "x\(stem)b"]
        let files = FileManager.default.temporaryDirectory.appendingPathComponent(TestEnvironment.uniqueName("hostxapp"))
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        let daemons = DaemonProcesses()
        defer {
            daemons.killAll()
            server.stop()
            try? FileManager.default.removeItem(at: files)
            Task {
                for name in names { try? await admin.execute(unsafeSQL: "DROP SCHEMA IF EXISTS bot_\(name) CASCADE") }
                try? await database.drop()
            }
        }
        let host = ["DATABASE_URL": database.url, "REDIS_URL": try TestEnvironment.redisURL(), "HOST_SECRET_KEY": Self.key]
        server.addUser(id: Self.friend, username: "friend")
        let firstBot = server.addUser(id: "2", username: "mirror_a")
        // The second bot's tokens were issued by the first's app.
        let own = FakeXServer.makeCredentials(userID: "12")
        let secondBot = server.addUser(id: "12", username: "mirror_b", credentials: OAuthCredentials(
            consumerKey: firstBot.consumerKey, consumerSecret: firstBot.consumerSecret, accessToken: own.accessToken,
            accessTokenSecret: own.accessTokenSecret))
        let humans = [server.addUser(id: "1", username: "human_a"), server.addUser(id: "11", username: "human_b")]
        try server.start()
        let zone = DaemonHarness.zoneAwayFromMidnight()
        for (index, name) in names.enumerated() {
            let (human, bot, humanID) = (humans[index], [firstBot, secondBot][index], ["1", "11"][index])
            let file = files.appendingPathComponent("\(name).env")
            try """
                NETWORK=x
                X_API_BASE_URL=\(server.baseURL.absoluteString)
                HUMAN_CONSUMER_KEY=\(human.consumerKey)
                HUMAN_CONSUMER_SECRET=\(human.consumerSecret)
                HUMAN_ACCESS_TOKEN=\(human.accessToken)
                HUMAN_ACCESS_TOKEN_SECRET=\(human.accessTokenSecret)
                BOT_CONSUMER_KEY=\(bot.consumerKey)
                BOT_CONSUMER_SECRET=\(bot.consumerSecret)
                BOT_ACCESS_TOKEN=\(bot.accessToken)
                BOT_ACCESS_TOKEN_SECRET=\(bot.accessTokenSecret)
                TIME_ZONE=\(zone)
                POLL_INTERVAL_SECONDS=1
                REPLY_PACE=immediate
                POLL_PACE=steady
                \(index == 0 ? "X_DAILY_BUDGET_USD=5" : "")
                """.write(to: file, atomically: false, encoding: .utf8)
            try Self.run(["bot", "add", name, "--env-file", file.path], host)
            // The first human posts every day two minutes before now (its bot posts at once); the
            // second only replied to the friend (its bot only answers).
            let posts = files.appendingPathComponent("\(name).jsonl")
            try Self.history(server, humanID: humanID, originals: index == 0, zone: zone).joined(separator: "\n").write(to: posts, atomically: true, encoding: .utf8)
            try Self.run(["bot", "exec", name, "import", "--jsonl", posts.path], host)
        }

        _ = try daemons.start(host.merging(["HOST_NAME": "h", "HOST_LEASE_SECONDS": "3"]) { $1 }, arguments: ["host"])
        let postsOf = { (id: String) in server.writes.filter { if case .post(_, id, _) = $0 { true } else { false } }.count }
        #expect(await waitFor(60) { postsOf("2") == 1 }, "\(daemons.output)")
        // Now the app's post of the day is spent, and said so in the answer's x-app-limit-24hour-*.
        server.addTweet(authorID: Self.friend, text: "@mirror_b 元気？", createdAt: Date().addingTimeInterval(-5))
        let mentionPolls = { server.requests.filter { $0.endpoint == "GET /2/users/:id/mentions" && $0.userID == "12" }.count }
        let before = mentionPolls()
        #expect(await waitFor(30) { mentionPolls() >= before + 6 }, "\(daemons.output)")
        let posting = server.requests.filter { $0.endpoint == "POST /2/tweets" }
        // The second bot read its mention and held its answer: no post sent, so no 429.
        #expect(posting.map(\.status) == [201], "\(posting.map { ($0.userID ?? "", $0.status) })")
        #expect(!posting.contains { $0.userID == "12" })

        // Both bots recorded as of one app, by its key's SHA-256, never the key itself; their spend counted together.
        let rows = try await admin.query("SELECT name, x_app, x_daily_budget_usd FROM bots ORDER BY name")
        let apps = Set(rows.compactMap { $0["x_app"] })
        #expect(apps.count == 1 && apps.first?.count == 64, "\(rows.map { $0["x_app"] ?? "" })")
        #expect(!apps.contains { $0.contains(firstBot.consumerKey) })
        #expect(rows.map { $0["x_daily_budget_usd"] } == ["5", nil])
        let spend = try await admin.query("SELECT dollars FROM x_app_spend")
        let dollars = try #require(spend.first.flatMap { $0["dollars"] }.flatMap(Double.init))
        #expect(spend.count == 1 && dollars >= 0.015, "\(dollars)")
        #expect(!daemons.output.contains(firstBot.consumerKey))
    }

    static func run(_ arguments: [String], _ environment: [String: String]) throws {
        let result = try BinaryRunner.run(arguments, environment: environment)
        guard result.status == 0 else { throw HarnessError(message: "\(arguments.prefix(2)): \(result.stderr)") }
    }

    /// The human's posts as JSONL, each on the fake under its id too: with `originals`, one a day for
    /// 20 days at two minutes before now; always two replies to the friend.
    static func history(_ server: FakeXServer, humanID: String, originals: Bool, zone: String) throws -> [String] {
        let timeZone = try TimeZone(identifier: zone).orThrow("time zone")
        let now = Date()
        let minute = (MinuteOfDay.of(now, in: timeZone) - 2 + 1440) % 1440
        let today = LocalDate(now, in: timeZone)
        let formatter = ISO8601DateFormatter()
        var lines: [String] = []
        if originals {
            lines = (1...20).map { day in
                let date = today.adding(days: -day).instant(atMinute: minute, in: timeZone)
                let id = server.addTweet(authorID: humanID, text: "いつもの投稿 \(day)", createdAt: date)
                return #"{"id":"\#(id)","text":"いつもの投稿 \#(day)","created_at":"\#(formatter.string(from: date))"}"#
            }
        }
        lines += (1...2).map { index in
            let id = server.addTweet(
                authorID: humanID, text: "@friend 元気だよ", createdAt: formatter.date(from: "2025-01-0\(index)T10:00:00Z"),
                inReplyToUserID: friend)
            return #"{"id":"\#(id)","text":"@friend 元気だよ","created_at":"2025-01-0\#(index)T10:00:00Z","in_reply_to_user_id":"\#(friend)","in_reply_to_screen_name":"friend"}"#
        }
        return lines
    }
}
