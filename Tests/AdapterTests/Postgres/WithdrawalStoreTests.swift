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
}
