import Foundation
import MirrorBot
import Postgres

/// `LikeClaims` in PostgreSQL: `likes`, with the held likes of migration 020.
extension PostgresActionStore {
    public func claimLike(_ postID: String, authorID: String, authorUsername: String?, ratio: Double, day: LocalDate) async throws -> Int? {
        try await connection.transaction { tx in
            try tx.query("SELECT pg_advisory_xact_lock(\(Self.likeLockKey), hashtext(current_schema()))")
            let claimed = try tx.query("""
                INSERT INTO likes (post_id, author_id, author_username, ratio, state, local_date)
                VALUES (\(postID), \(authorID), \(authorUsername), \(ratio), 'claimed', \(day.description)::date)
                ON CONFLICT (post_id) DO NOTHING RETURNING post_id
                """)
            guard !claimed.isEmpty else { return nil }
            return try tx.query("""
                SELECT count(*) AS n FROM likes
                WHERE local_date = \(day.description)::date AND state IN ('claimed', 'due', 'liked') AND post_id <> \(postID)
                """).first?.decode("n", as: Int.self) ?? 0
        }
    }

    public func finishLike(_ postID: String, state: LikeState, reason: String?) async throws {
        try await connection.query("""
            UPDATE likes SET state = \(state.rawValue), reason = \(reason) WHERE post_id = \(postID)
            """)
    }

    public func releaseLike(_ postID: String) async throws {
        try await connection.transaction { tx in
            try tx.query("UPDATE likes SET state = 'due' WHERE post_id = \(postID) AND state = 'claimed' AND due_at IS NOT NULL")
            try tx.query("DELETE FROM likes WHERE post_id = \(postID) AND state = 'claimed' AND due_at IS NULL")
        }
    }

    public func holdLike(_ like: HeldLike) async throws {
        let json = String(decoding: try JSONEncoder().encode(like), as: UTF8.self)
        try await connection.query("""
            UPDATE likes SET state = 'due', due_at = \(like.dueAt)::timestamptz, held = \(json)::jsonb
            WHERE post_id = \(like.post.id) AND state = 'claimed'
            """)
    }

    /// A held like that no longer reads as a `HeldLike` is skipped, said in its row's reason.
    public func dueLikes(at now: Date, limit: Int) async throws -> [HeldLike] {
        try await due(HeldTable(table: "likes", key: "post_id", json: "held", what: "held like", touch: ""), at: now, limit: limit)
    }

    public func takeDueLike(_ postID: String, now: Date) async throws -> Bool {
        try await !connection.query("""
            UPDATE likes SET state = 'claimed'
            WHERE post_id = \(postID) AND state = 'due' AND due_at <= \(now)::timestamptz RETURNING post_id
            """).isEmpty
    }

    public func nextDueLike() async throws -> Date? {
        try await connection.query("SELECT min(due_at) AS due FROM likes WHERE state = 'due'").first?.decodeIfPresent("due", as: Date.self)
    }

    /// With the schema's hash, the key of this bot's like lock (bots sharing a database never wait on each other).
    static let likeLockKey: Int32 = 0x6C69_6B65
}
