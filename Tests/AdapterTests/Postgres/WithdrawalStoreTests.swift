import Foundation
import MirrorBot
import MirrorBotPostgres
import Postgres
import TestSupport
import Testing

@Suite("Withdrawn posts in PostgreSQL")
struct WithdrawalStoreTests {
    let now = Date(timeIntervalSince1970: 1_750_000_000)

    @Test("a withdrawn post is never picked, replied with, or stored again (even after the posts are forgotten); it stays counted")
    func withdrawnIsNeverUsed() async throws {
        let fixture = try await SchedulerFixture.make()
        let withdrawals = PostgresWithdrawalStore(connection: fixture.db.connection)
        let gone = post("1", "消した投稿", 12, 0)
        let goneReply = post("3", "@user9 消した返事", 12, 0, replyTo: "9")
        try await fixture.posts.store([gone, post("2", "残る投稿", 12, 5), goneReply, post("4", "@user9 残る返事", 12, 0, replyTo: "9")])

        #expect(try await withdrawals.markWithdrawn(["1", "3"], at: now) == 2)
        #expect(try await withdrawals.markWithdrawn(["1"], at: now) == 0)  // once
        for _ in 0..<20 {
            let picked = try await fixture.store.pickPost(near: 12 * 60, window: 720, allowMentions: true, allowWarned: false, notSince: now)
            #expect(picked?.id == "2")
        }
        #expect(try await fixture.posts.replyPosts(to: "9", username: nil, limit: 10).map(\.id) == ["4"])
        #expect(try await fixture.posts.replies(to: "9", limit: 10) == ["@user9 残る返事"])

        #expect(try await fixture.posts.store([gone]) == 0)
        try await fixture.posts.removeAll()
        #expect(try await fixture.posts.store([gone, goneReply]) == 0)
        #expect(try await fixture.posts.count() == 0)
        #expect(try await withdrawals.withdrawnCount() == 2)
        try await fixture.db.database.drop()
    }

    @Test("the sweep looks first at originals within 30 minutes of a coming slot, across midnight too; replies are not pulled forward")
    func sweepPrefersOriginalsNearComingSlots() async throws {
        let fixture = try await SchedulerFixture.make()
        let withdrawals = PostgresWithdrawalStore(connection: fixture.db.connection)
        try await fixture.posts.store([
            post("a", "夜中", 23, 50), post("b", "昼", 12, 0), post("c", "@user9 返事", 0, 10, replyTo: "9"), post("d", "朝", 6, 0),
        ])
        #expect(try await withdrawals.sweepCandidates(limit: 2, nearMinutes: [5], now: now) == ["a", "b"])
        #expect(try await withdrawals.sweepCandidates(limit: 1, nearMinutes: [720], now: now) == ["b"])
        #expect(try await withdrawals.sweepCandidates(limit: 1, nearMinutes: [390], now: now) == ["d"])
        #expect(try await withdrawals.sweepCandidates(limit: 1, nearMinutes: [391], now: now) == ["a"])
        #expect(try await withdrawals.sweepCandidates(limit: 4, nearMinutes: [], now: now) == ["a", "b", "c", "d"])
        try await fixture.db.database.drop()
    }

    @Test("checking marks the posts found still there")
    func checkedAt() async throws {
        let fixture = try await SchedulerFixture.make()
        let withdrawals = PostgresWithdrawalStore(connection: fixture.db.connection)
        try await fixture.posts.store([post("1", "a", 12, 0), post("2", "b", 12, 0)])
        try await withdrawals.markChecked(["2"], at: now)
        let rows = try await fixture.db.connection.query("SELECT id FROM posts WHERE checked_at IS NOT NULL")
        #expect(try rows.map { try $0.decode("id", as: String.self) } == ["2"])
        try await fixture.db.database.drop()
    }

    /// The sweep's order as one query over every post (how it was read before migration 025):
    /// the reference the tiered reads must agree with.
    static func referenceCandidates(_ connection: PostgresConnection, limit: Int, nearMinutes minutes: [Int], now: Date) async throws -> [String] {
        try await connection.query("""
            SELECT p.id FROM posts p
            WHERE NOT EXISTS (SELECT 1 FROM withdrawn_posts w WHERE w.post_id = p.id)
            ORDER BY
                p.checked_at IS NOT NULL AND p.checked_at > \(now)::timestamptz - interval '1 day',
                (EXISTS (SELECT 1 FROM plan_slots s
                         WHERE s.source_post_id = p.id AND s.state = 'posted' AND s.posted_id <> 'unconfirmed'
                           AND NOT EXISTS (SELECT 1 FROM deleted_copies d WHERE d.copy_id = s.posted_id))
                 OR EXISTS (SELECT 1 FROM replies r
                            WHERE r.source_post_id = p.id AND r.state = 'replied' AND r.reply_id IS NOT NULL
                              AND NOT EXISTS (SELECT 1 FROM deleted_copies d WHERE d.copy_id = r.reply_id))) DESC,
                (p.in_reply_to_user_id IS NULL AND EXISTS (
                    SELECT 1 FROM unnest(string_to_array(\(minutes.map(String.init).joined(separator: ",")), ',')::int[]) AS c(m)
                    WHERE least(abs(p.minute_of_day - c.m), 1440 - abs(p.minute_of_day - c.m)) <= 30)) DESC,
                p.checked_at NULLS FIRST, p.id
            LIMIT \(limit)
            """).map { try $0.decode("id", as: String.self) }
    }

    @Test("the sweep's tiered reads pick what one sort of every post picks, over random stores, limits and coming slots")
    func sweepMatchesOneSortOfEveryPost() async throws {
        let fixture = try await SchedulerFixture.make()
        let connection = fixture.db.connection
        let withdrawals = PostgresWithdrawalStore(connection: connection)
        var random = SeededGenerator(seed: 25)
        // 400 posts: a third replies; never checked, checked days ago, or within the last day (whole hours, so that checks tie).
        let posts = (0..<400).map { index in
            post(String(format: "p%03d", index), "投稿 \(index)", Int.random(in: 0..<24, using: &random), Int.random(in: 0..<60, using: &random),
                 replyTo: Int.random(in: 0..<3, using: &random) == 0 ? "9" : nil)
        }
        try await fixture.posts.store(posts)
        for post in posts {
            switch Int.random(in: 0..<3, using: &random) {
            case 0: break
            case 1: try await withdrawals.markChecked([post.id], at: now.addingTimeInterval(-Double(Int.random(in: 25...120, using: &random)) * 3_600))
            default: try await withdrawals.markChecked([post.id], at: now.addingTimeInterval(-Double(Int.random(in: 0...23, using: &random)) * 3_600))
            }
        }
        try await withdrawals.markWithdrawn(posts.map(\.id).filter { _ in Int.random(in: 0..<20, using: &random) == 0 }, at: now)
        // The bot's copies: posted slots and replies reusing stored posts, some deleted since, one unconfirmed.
        try await connection.query("INSERT INTO plans (local_date, time_zone) VALUES ('2026-12-01', 'UTC')")
        for (slot, source) in posts.map(\.id).shuffled(using: &random).prefix(40).enumerated() {
            try await connection.query("""
                INSERT INTO plan_slots (local_date, minute_of_day, state, source_post_id, posted_id, text, posted_at)
                VALUES ('2026-12-01', \(slot), 'posted', \(source), \(slot == 0 ? "unconfirmed" : "c\(slot)"), 'x', \(now)::timestamptz)
                """)
            if slot % 4 == 1 { try await withdrawals.markCopyDeleted(BotCopy(copyID: "c\(slot)", sourceID: source), at: now) }
        }
        for (index, source) in posts.map(\.id).shuffled(using: &random).prefix(20).enumerated() {
            try await connection.query("""
                INSERT INTO replies (mention_id, author_id, state, reply_id, source_post_id)
                VALUES (\("m\(index)"), '9', \(index % 5 == 0 ? "silent" : "replied"), \("r\(index)"), \(source))
                """)
        }
        for _ in 0..<40 {
            let limit = [1, 5, 20, 60, 500].randomElement(using: &random)!
            let minutes = (0..<Int.random(in: 0...4, using: &random)).map { _ in Int.random(in: 0..<1440, using: &random) }
            let at = now.addingTimeInterval(Double(Int.random(in: -48...48, using: &random)) * 1_800)
            let expected = try await Self.referenceCandidates(connection, limit: limit, nearMinutes: minutes, now: at)
            #expect(try await withdrawals.sweepCandidates(limit: limit, nearMinutes: minutes, now: at) == expected, "limit \(limit), minutes \(minutes)")
        }
        try await fixture.db.database.drop()
    }
}
