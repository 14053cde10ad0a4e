import Foundation
import MirrorBot
import Postgres

/// Withdrawn posts in PostgreSQL (`withdrawn_posts`, migration 009): a row per post the
/// human deleted, never removed; `posts.checked_at` says when a post was last found still there.
public struct PostgresWithdrawalStore: WithdrawalStore {
    public let connection: any PostgresClient

    public init(connection: any PostgresClient) {
        self.connection = connection
    }

    @discardableResult
    public func markWithdrawn(_ ids: [String], at date: Date) async throws -> Int {
        guard !ids.isEmpty else { return 0 }
        return try await connection.query("""
            INSERT INTO withdrawn_posts (post_id, withdrawn_at)
            SELECT unnest(string_to_array(\(ids.joined(separator: "\n")), chr(10))), \(date)::timestamptz
            ON CONFLICT (post_id) DO NOTHING
            RETURNING post_id
            """).count
    }

    public func markChecked(_ ids: [String], at date: Date) async throws {
        guard !ids.isEmpty else { return }
        try await connection.query("UPDATE posts SET checked_at = \(date)::timestamptz WHERE id = ANY(string_to_array(\(ids.joined(separator: "\n")), chr(10)))")
    }

    public func withdrawnCount() async throws -> Int {
        try await connection.query("SELECT count(*) AS n FROM withdrawn_posts").first?.decode("n") ?? 0
    }

    /// The withdrawn ids among `ids`.
    public func withdrawn(among ids: [String]) async throws -> Set<String> {
        guard !ids.isEmpty else { return [] }
        return Set(try await connection.query("SELECT post_id FROM withdrawn_posts WHERE post_id = ANY(string_to_array(\(ids.joined(separator: "\n")), chr(10)))").compactMap { $0["post_id"] })
    }
}

extension PostgresWithdrawalStore {
    /// The `limit` posts the deletion sweep looks up next, in this order: posts not checked in
    /// the last day before the others; within each, the sources of the bot's live copies first;
    /// within those, originals within 30 minutes of a coming slot (`minutes`, across midnight
    /// too) first; then never checked first, the oldest check, the id.
    ///
    /// Read without touching every post: each tier is read apart, at most `limit` rows in that
    /// order (the copies' sources from the copies; the posts never checked along the primary
    /// key; the others along the index of their checks, migration 025, which an import never
    /// writes), and the reads are merged over those few rows. A read may also return posts of an
    /// earlier tier (an original near a slot with a live copy); each post counts in its first
    /// tier, and a read's first `limit` rows still hold its tier's first posts, as many as the
    /// earlier tiers leave room for.
    public func sweepCandidates(limit: Int, nearMinutes minutes: [Int], now: Date) async throws -> [String] {
        guard limit > 0 else { return [] }
        let never = "p.checked_at IS NULL", old = "p.checked_at <= $1::timestamptz - interval '1 day'"
        let recent = "p.checked_at > $1::timestamptz - interval '1 day'"
        let near = """
            p.in_reply_to_user_id IS NULL AND EXISTS (
                SELECT 1 FROM unnest(string_to_array($3, ',')::int[]) AS c(m)
                WHERE least(abs(p.minute_of_day - c.m), 1440 - abs(p.minute_of_day - c.m)) <= 30)
            """
        func read(_ tier: Int, from source: String = "posts p", where conditions: [String], orderedBy order: String) -> String {
            """
            (SELECT p.id, p.checked_at, \(tier) AS tier FROM \(source)
             WHERE \(conditions.joined(separator: " AND ")) AND NOT EXISTS (SELECT 1 FROM withdrawn_posts w WHERE w.post_id = p.id)
             ORDER BY \(order) LIMIT $2)
            """
        }
        let copied = "live JOIN posts p ON p.id = live.source_post_id", byCheck = "p.checked_at NULLS FIRST, p.id"
        let nearly = minutes.isEmpty ? [] : [near]
        var reads: [String] = []
        for (first, checks) in [(0, [never, old]), (4, [recent])] {
            let checked = "(" + checks.joined(separator: " OR ") + ")"
            if !minutes.isEmpty { reads.append(read(first, from: copied, where: [checked, near], orderedBy: byCheck)) }
            reads.append(read(first + 1, from: copied, where: [checked], orderedBy: byCheck))
            for (tier, extra) in [(first + 2, nearly), (first + 3, [])] where tier == first + 3 || !minutes.isEmpty {
                for check in checks {
                    reads.append(read(tier, where: [check] + extra, orderedBy: check == never ? "p.id" : "p.checked_at, p.id"))
                }
            }
        }
        return try await connection.query(PostgresQuery(unsafeSQL: """
            WITH live AS MATERIALIZED (SELECT DISTINCT source_post_id FROM (\(Self.liveCopies)) c)
            SELECT id FROM (\(reads.joined(separator: "\nUNION ALL\n"))) t
            GROUP BY id, checked_at
            ORDER BY min(tier), checked_at NULLS FIRST, id
            LIMIT $2
            """, binds: [now.postgresText, String(limit)] + (minutes.isEmpty ? [] : [minutes.map(String.init).joined(separator: ",")])))
            .map { try $0.decode("id", as: String.self) }
    }
}

extension PostgresWithdrawalStore: PostDateStore {
    public func createdDates(of ids: [String]) async throws -> [String: Date] {
        guard !ids.isEmpty else { return [:] }
        let rows = try await connection.query(
            "SELECT id, created_at FROM posts WHERE id = ANY(string_to_array(\(ids.joined(separator: "\n")), chr(10)))")
        var dates: [String: Date] = [:]
        for row in rows { dates[try row.decode("id")] = try row.decode("created_at", as: Date.self) }
        return dates
    }
}

extension PostgresWithdrawalStore: CopyStore {
    public func liveCopies(of sourceIDs: [String]) async throws -> [BotCopy] {
        guard !sourceIDs.isEmpty else { return [] }
        return try await copies(where: "c.source_post_id = ANY(string_to_array($1::text, chr(10)))", sourceIDs.joined(separator: "\n"), limit: 10_000)
    }

    public func recentCopySources(since date: Date, limit: Int) async throws -> [String] {
        guard limit > 0 else { return [] }
        return try await connection.query("""
            SELECT c.source_post_id FROM (\(fragment: PostgresQuery(unsafeSQL: Self.liveCopies))) c
            WHERE c.at >= \(date)::timestamptz AND NOT EXISTS (SELECT 1 FROM withdrawn_posts w WHERE w.post_id = c.source_post_id)
            GROUP BY c.source_post_id ORDER BY max(c.at) DESC, c.source_post_id
            LIMIT \(limit)
            """)
            .map { try $0.decode("source_post_id", as: String.self) }
    }

    public func liveCopiesOfWithdrawn(limit: Int) async throws -> [BotCopy] {
        try await copies(where: "EXISTS (SELECT 1 FROM withdrawn_posts w WHERE w.post_id = c.source_post_id) AND $1::text = ''", "", limit: limit)
    }

    /// The live copies (`liveCopies`) matching `condition` (over `c`; `$1` bound to `value`), the oldest first.
    private func copies(where condition: String, _ value: String, limit: Int) async throws -> [BotCopy] {
        try await connection.query(PostgresQuery(unsafeSQL: """
            SELECT c.copy_id, c.source_post_id FROM (\(Self.liveCopies)) c
            WHERE \(condition)
            ORDER BY c.at NULLS LAST, c.copy_id
            LIMIT \(max(0, limit))
            """, binds: [value]))
            .map { BotCopy(copyID: try $0.decode("copy_id"), sourceID: try $0.decode("source_post_id")) }
    }

    /// The bot's live copies (`copy_id`, `source_post_id`, `at`: when it was made): its planned
    /// posts (posted, confirmed) and its replies that reused a stored post (migration 018), not deleted yet.
    static let liveCopies = """
        SELECT * FROM (
            SELECT s.posted_id AS copy_id, s.source_post_id, s.posted_at AS at FROM plan_slots s
            WHERE s.state = 'posted' AND s.posted_id IS NOT NULL AND s.posted_id <> 'unconfirmed' AND s.source_post_id IS NOT NULL
            UNION ALL
            SELECT r.reply_id, r.source_post_id, r.updated_at FROM replies r
            WHERE r.state = 'replied' AND r.reply_id IS NOT NULL AND r.source_post_id IS NOT NULL
        ) l WHERE NOT EXISTS (SELECT 1 FROM deleted_copies d WHERE d.copy_id = l.copy_id)
        """

    @discardableResult
    public func markCopyDeleted(_ copy: BotCopy, at date: Date) async throws -> Bool {
        try await connection.query("""
            INSERT INTO deleted_copies (copy_id, source_post_id, deleted_at) VALUES (\(copy.copyID), \(copy.sourceID), \(date)::timestamptz)
            ON CONFLICT (copy_id) DO NOTHING
            RETURNING copy_id
            """).count == 1
    }

    public func deletedCopyCount() async throws -> Int {
        try await connection.query("SELECT count(*) AS n FROM deleted_copies").first?.decode("n") ?? 0
    }
}
