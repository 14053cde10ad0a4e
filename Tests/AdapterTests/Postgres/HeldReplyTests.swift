import APIClientTestSupport
import CoreTestSupport
import Foundation
import MirrorBot
import MirrorBotPostgres
import MirrorBotX
import Postgres
import TestSupport
import Testing

@Suite("Held replies in PostgreSQL (REPLY_PACE=human): across a restart, and with two daemons, sent once")
struct HeldReplyTests {
    /// 2027-01-15T08:00:00Z.
    let clock = ManualClock()

    /// An X snowflake id made at `date`.
    static func snowflake(_ date: Date) -> String {
        String((UInt64(date.timeIntervalSince1970 * 1000) - 1_288_834_974_657) << 22)
    }

    /// The human's history: originals at 08:00-22:59 UTC for ten days and 25 replies to user 7, each
    /// sent 40 minutes after the post it answered (X ids: the delay is read from the answered id).
    func seed(_ store: PostgresPostStore) async throws {
        let day = HumanHistory.midnight
        var history = HumanHistory.originals { at, past, hour in Post(id: Self.snowflake(at), text: "今日 \(past) \(hour)", createdAt: at) }
        for n in 0..<25 {
            let sent = day.addingTimeInterval(Double(-(n + 1) * 86_400 + 12 * 3600 + 60))
            history.append(Post(
                id: Self.snowflake(sent), text: "@user7 そうだね \(n)", createdAt: sent, inReplyToUserID: "7", inReplyToScreenName: "user7",
                inReplyToPostID: Self.snowflake(sent.addingTimeInterval(-2400))))
        }
        _ = try await store.store(history)
    }

    func loop(_ connection: PostgresConnection, network: ScriptedNetwork, log: LogRecorder) async throws -> ReplyLoop {
        let posts = try await PostgresPostStore.open(connection: connection, timeZone: .gmt, limit: 100_000)
        let actions = PostgresActionStore(connection: connection)
        let schedule = PostgresScheduleStore(connection: connection)
        let pace = PaceKeeper(
            replies: .human, polls: .human, rhythm: schedule, timings: posts, idClock: XPostIDClock(), timeZone: .gmt, clock: clock,
            log: log.logger, seed: 4)
        let settings = DaemonSettings(
            dryRun: false, pollInterval: .seconds(300), learnInterval: .seconds(1200), replyLimitPerHour: 3, likeLimitPerDay: 10,
            timeZone: .gmt, owner: "test")
        return ReplyLoop(
            bot: network, botAccount: network.account, replies: posts, texts: schedule, cursors: actions, claims: actions, clock: clock,
            settings: settings, log: log.logger, pace: pace)
    }

    @Test("held for the human's 40 minutes; a restart neither loses nor repeats it; two daemons send it once")
    func restartAndTwoDaemons() async throws {
        let db = try await MigratedDatabase.make()
        let log = LogRecorder()
        let network = ScriptedNetwork(clock: clock)
        try await seed(try await PostgresPostStore.open(connection: db.connection, timeZone: .gmt, limit: 100_000))
        network.addMentions([
            NetworkPost(id: "9001", text: "@mirror やあ", createdAt: clock.now().addingTimeInterval(-60), authorID: "7", authorUsername: "user7"),
            NetworkPost(id: "9002", text: "@mirror また", createdAt: clock.now().addingTimeInterval(-30), authorID: "7", authorUsername: "user7"),
        ], of: network.account.id)

        let first = try await loop(db.connection, network: network, log: log)
        #expect(try await first.runOnce() == .seconds(300))
        #expect(network.writes.isEmpty)
        #expect(log.events("reply_held").count == 2)
        #expect(log.events("reply_pace_fallback").isEmpty)
        let due = try await db.connection.query("SELECT mention_id, due_at FROM replies WHERE state = 'due' ORDER BY mention_id")
            .map { try $0.decode("due_at", as: Date.self) }
        #expect(due == [clock.now().addingTimeInterval(2340), clock.now().addingTimeInterval(2370)])

        // A restart: new connections, new loops (two daemons), the mentions read again from the stored position.
        let second = try await loop(try await db.database.connect(), network: network, log: log)
        let third = try await loop(try await db.database.connect(), network: network, log: log)
        _ = try await second.runOnce()
        #expect(network.writes.isEmpty)
        clock.advance(2339)
        _ = try await second.runOnce()
        #expect(network.writes.isEmpty)
        clock.advance(60)
        async let a = second.runOnce()
        async let b = third.runOnce()
        _ = try await (a, b)
        _ = try await third.runOnce()
        #expect(network.writes.map(\.kind).sorted { "\($0)" < "\($1)" } == [.reply(to: "9001"), .reply(to: "9002")])
        let states = try await db.connection.query("SELECT state FROM replies ORDER BY mention_id").map { $0["state"] }
        #expect(states == ["replied", "replied"])
        try await db.database.drop()
    }
}
