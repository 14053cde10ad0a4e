import Foundation
import MirrorBot
import MirrorBotPostgres
import Postgres
import TestSupport
import Testing

/// The bot's replies as copies (migration 018): `MentionClaims.finishMention(source:)` records
/// the stored post a reply reused, and `CopyStore` hands the reply back when that post is withdrawn.
@Suite("Reply copies in PostgreSQL")
struct ReplyCopyStoreTests {
    let now = Date(timeIntervalSince1970: 1_750_000_000)

    /// A claimed mention finished as `state`.
    func finish(_ actions: PostgresActionStore, _ mention: String, _ state: ReplyState, replyID: String?, source: String?) async throws {
        let served = NetworkPost(id: mention, text: "@mirror やあ", createdAt: now, authorID: "9", authorUsername: "user9")
        #expect(try await actions.claimMention(served, at: now, since: now) != nil)
        try await actions.finishMention(mention, state: state, reason: nil, replyID: replyID, text: "@user9 返事", source: source)
    }

    @Test("a reply that reused a stored post is a live copy of it, beside the planned posts, until it is marked deleted (once)")
    func replyIsACopy() async throws {
        let fixture = try await SchedulerFixture.make()
        let connection = fixture.db.connection
        let actions = PostgresActionStore(connection: connection)
        let store = PostgresWithdrawalStore(connection: connection)
        try await fixture.posts.store([post("1", "元の投稿", 12, 0), post("3", "@user9 返事", 12, 0, replyTo: "9"), post("4", "@user9 別の返事", 12, 5, replyTo: "9")])
        try await finish(actions, "m1", .replied, replyID: "r1", source: "3")
        try await finish(actions, "m2", .replied, replyID: "r2", source: nil)  // no stored post known
        try await finish(actions, "m3", .silent, replyID: nil, source: nil)
        try await finish(actions, "m4", .replied, replyID: "r4", source: "4")
        try await connection.query("INSERT INTO plans (local_date, time_zone) VALUES ('2026-12-01', 'UTC')")
        try await connection.query("""
            INSERT INTO plan_slots (local_date, minute_of_day, state, source_post_id, posted_id, text, posted_at)
            VALUES ('2026-12-01', 720, 'posted', '1', 'p1', '元の投稿', \(now)::timestamptz)
            """)

        #expect(try await store.liveCopies(of: ["3", "1"]).sorted { $0.copyID < $1.copyID }
            == [BotCopy(copyID: "p1", sourceID: "1"), BotCopy(copyID: "r1", sourceID: "3")])
        #expect(try await store.liveCopies(of: ["4"]) == [BotCopy(copyID: "r4", sourceID: "4")])
        #expect(try await store.liveCopiesOfWithdrawn(limit: 10).isEmpty)
        try await store.markWithdrawn(["3"], at: now)
        #expect(try await store.liveCopiesOfWithdrawn(limit: 10) == [BotCopy(copyID: "r1", sourceID: "3")])

        #expect(try await store.markCopyDeleted(BotCopy(copyID: "r1", sourceID: "3"), at: now))
        #expect(try await !store.markCopyDeleted(BotCopy(copyID: "r1", sourceID: "3"), at: now))
        #expect(try await store.liveCopies(of: ["3"]).isEmpty)
        #expect(try await store.liveCopiesOfWithdrawn(limit: 10).isEmpty)
        #expect(try await store.deletedCopyCount() == 1)
        try await fixture.db.database.drop()
    }

    @Test("the sources of the copies made since a date: each once, the newest first, never a withdrawn one nor a deleted copy's")
    func recentCopySources() async throws {
        let fixture = try await SchedulerFixture.make()
        let connection = fixture.db.connection
        let actions = PostgresActionStore(connection: connection)
        let store = PostgresWithdrawalStore(connection: connection)
        try await fixture.posts.store([post("1", "古い投稿", 12, 0), post("3", "新しい投稿", 12, 5), post("4", "@user9 返事", 12, 0, replyTo: "9")])
        try await connection.query("INSERT INTO plans (local_date, time_zone) VALUES ('2026-12-01', 'UTC')")
        for (minute, source, copy, age) in [(720, "1", "p1", 5 * 86_400.0), (725, "3", "p3", 3_600.0), (730, "3", "p3b", 7_200.0)] {
            try await connection.query("""
                INSERT INTO plan_slots (local_date, minute_of_day, state, source_post_id, posted_id, text, posted_at)
                VALUES ('2026-12-01', \(minute), 'posted', \(source), \(copy), 'x', \(now.addingTimeInterval(-age))::timestamptz)
                """)
        }
        // The reply's time is the database's clock (later than `now`): the newest.
        try await finish(actions, "m1", .replied, replyID: "r4", source: "4")
        let since = now.addingTimeInterval(-3 * 86_400)
        #expect(try await store.recentCopySources(since: since, limit: 10) == ["4", "3"])
        #expect(try await store.recentCopySources(since: since, limit: 1) == ["4"])
        #expect(try await store.recentCopySources(since: now.addingTimeInterval(-6 * 86_400), limit: 10) == ["4", "3", "1"])
        try await store.markWithdrawn(["3"], at: now)
        try await store.markCopyDeleted(BotCopy(copyID: "r4", sourceID: "4"), at: now)
        #expect(try await store.recentCopySources(since: since, limit: 10).isEmpty)
        try await fixture.db.database.drop()
    }

    @Test("the sweep looks first at the sources of the bot's live replies, as at those of its live posts")
    func sweepLooksAtReplySourcesFirst() async throws {
        let fixture = try await SchedulerFixture.make()
        let actions = PostgresActionStore(connection: fixture.db.connection)
        let store = PostgresWithdrawalStore(connection: fixture.db.connection)
        // Twenty originals never checked, and two replies checked two days ago: by age alone the replies come last.
        try await fixture.posts.store((10..<30).map { post("\($0)", "投稿 \($0)", 3, $0) }
            + [post("3", "@user9 返事", 12, 0, replyTo: "9"), post("4", "@user9 別の返事", 12, 5, replyTo: "9")])
        try await store.markChecked(["3", "4"], at: now.addingTimeInterval(-2 * 86_400))
        try await finish(actions, "m1", .replied, replyID: "r1", source: "4")
        #expect(try await store.sweepCandidates(limit: 1, nearMinutes: [], now: now) == ["4"])
        try await store.markCopyDeleted(BotCopy(copyID: "r1", sourceID: "4"), at: now)
        #expect(try await store.sweepCandidates(limit: 1, nearMinutes: [], now: now) != ["4"])
        try await fixture.db.database.drop()
    }
}
