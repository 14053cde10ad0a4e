import APIClientTestSupport
import CoreTestSupport
import Foundation
import MirrorBot
import MirrorBotPostgres
import MirrorBotX
import Postgres
import TestSupport
import Testing

@Suite("Held likes in PostgreSQL (REPLY_PACE=human): across a restart, and with two daemons, sent once")
struct HeldLikeTests {
    /// 2027-01-15T08:00:00Z.
    let clock = ManualClock()
    let classifier = InMemoryClassifier()

    /// The human's originals at 08:00-22:59 UTC for ten days (quiet hours 23-07), and a classifier that likes cats.
    func seed(_ store: PostgresPostStore) async throws {
        let day = Date(timeIntervalSince1970: 1_799_971_200)
        var history: [Post] = []
        for past in 1...10 {
            for hour in 8...22 {
                let at = day.addingTimeInterval(Double(-past * 86_400 + hour * 3600))
                history.append(Post(id: "\(past * 100 + hour)", text: "今日 \(past) \(hour)", createdAt: at))
            }
        }
        _ = try await store.store(history)
        for _ in 0..<10 {
            try await classifier.train(text: "猫 かわいい", author: nil, as: .favorite)
            try await classifier.train(text: "会議 資料", author: nil, as: .normal)
        }
    }

    func loop(_ connection: PostgresConnection, network: ScriptedNetwork, log: LogRecorder) async throws -> LikeLoop {
        let posts = try await PostgresPostStore.open(connection: connection, timeZone: .gmt, limit: 100_000)
        let actions = PostgresActionStore(connection: connection)
        let pace = PaceKeeper(
            replies: .human, polls: .human, rhythm: PostgresScheduleStore(connection: connection), timings: posts, idClock: XPostIDClock(),
            timeZone: .gmt, clock: clock, log: log.logger, seed: 6)
        return LikeLoop(
            bot: network, botAccount: network.account, classifier: classifier, cursors: actions, claims: actions, clock: clock,
            settings: .testing(likeLimitPerDay: 200), log: log.logger, pace: pace)
    }

    @Test("held until a time before the next poll; a restart neither loses nor repeats them; two daemons send each once")
    func restartAndTwoDaemons() async throws {
        let db = try await MigratedDatabase.make()
        let log = LogRecorder()
        let network = ScriptedNetwork(clock: clock)
        try await seed(try await PostgresPostStore.open(connection: db.connection, timeZone: .gmt, limit: 100_000))
        let start = clock.now()
        network.addHome((1...5).map {
            NetworkPost(id: "900\($0)", text: "猫 \($0)", createdAt: start.addingTimeInterval(-60), authorID: "7", authorUsername: "user7")
        }, of: network.account.id)

        let first = try await loop(db.connection, network: network, log: log)
        _ = try await first.runOnce()
        #expect(network.writes.isEmpty)
        #expect(log.events("like_held").count == 5)
        let due = try await db.connection.query("SELECT due_at FROM likes WHERE state = 'due' ORDER BY due_at")
            .map { try $0.decode("due_at", as: Date.self) }
        #expect(due.count == 5)
        #expect(due.allSatisfy { $0 >= start && $0 < start.addingTimeInterval(300) })

        // A restart: new connections, new loops (two daemons), the timeline read again from the stored position.
        let second = try await loop(try await db.database.connect(), network: network, log: log)
        let third = try await loop(try await db.database.connect(), network: network, log: log)
        await cursorsForget(db.connection)
        _ = try await second.runOnce()
        _ = try await third.runOnce()
        #expect(network.writes.count == due.filter { $0 <= start }.count)
        clock.advance(300)
        async let a = second.runOnce()
        async let b = third.runOnce()
        _ = try await (a, b)
        _ = try await third.runOnce()
        _ = try await second.runOnce()
        let liked = network.writes.compactMap { if case .like(let id) = $0.kind { id } else { nil } }
        #expect(liked.sorted() == ["9001", "9002", "9003", "9004", "9005"])
        let states = try await db.connection.query("SELECT state FROM likes ORDER BY post_id").map { $0["state"] }
        #expect(states == Array(repeating: "liked", count: 5))
        try await db.database.drop()
    }

    /// The bot's timeline position forgotten: the restarted daemons read the same posts again.
    func cursorsForget(_ connection: PostgresConnection) async {
        _ = try? await connection.query("DELETE FROM cursors")
    }
}
