import Foundation
import MirrorBotPostgres
import Postgres
import TestSupport
import Testing

@Suite("Held likes and replies in PostgreSQL that no longer read")
struct HeldUnreadableTests {
    @Test("a due row whose JSON no longer decodes is skipped with its reason (likes and replies alike) and not returned")
    func unreadableSkipped() async throws {
        let db = try await MigratedDatabase.make()
        let store = PostgresActionStore(connection: db.connection)
        let due = Date(timeIntervalSince1970: 1_800_000_000)
        try await db.connection.query("""
            INSERT INTO likes (post_id, author_id, author_username, ratio, state, local_date, due_at, held)
            VALUES ('1', '7', 'user7', 4.0, 'due', '2027-01-15', \(due)::timestamptz, '{"not": "a held like"}'::jsonb)
            """)
        try await db.connection.query("""
            INSERT INTO replies (mention_id, author_id, author_username, state, due_at, mention)
            VALUES ('9', '7', 'user7', 'due', \(due)::timestamptz, '{"not": "a mention"}'::jsonb)
            """)
        let later = due.addingTimeInterval(60)
        #expect(try await store.dueLikes(at: later, limit: 10).isEmpty)
        #expect(try await store.dueMentions(at: later, limit: 10).isEmpty)
        let like = try await db.connection.query("SELECT state, reason FROM likes WHERE post_id = '1'")
        #expect(like.first?["state"] == "skipped")
        #expect(like.first?["reason"] == "the held like could not be read")
        let reply = try await db.connection.query("SELECT state, reason FROM replies WHERE mention_id = '9'")
        #expect(reply.first?["state"] == "skipped")
        #expect(reply.first?["reason"] == "the held mention could not be read")
    }
}
