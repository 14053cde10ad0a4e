import Foundation
import MirrorBot
import Postgres

/// Posts in PostgreSQL. Minute of day and local date are computed by the
/// server in `timeZone`; when the configured zone changes, `open` recomputes
/// them for every stored post.
public struct PostgresPostStore: PostStore {
    public let connection: PostgresConnection
    public let timeZone: TimeZone
    public let limit: Int

    /// Rows per INSERT statement (8 parameters each, well under PostgreSQL's 65,535).
    static let batchSize = 500

    public static func open(connection: PostgresConnection, timeZone: TimeZone, limit: Int) async throws -> PostgresPostStore {
        let store = PostgresPostStore(connection: connection, timeZone: timeZone, limit: limit)
        try await store.adoptTimeZone()
        return store
    }

    private init(connection: PostgresConnection, timeZone: TimeZone, limit: Int) {
        self.connection = connection
        self.timeZone = timeZone
        self.limit = limit
    }

    @discardableResult
    public func store(_ posts: [Post]) async throws -> Int {
        guard !posts.isEmpty else { return 0 }
        let zone = timeZone.identifier
        let limit = self.limit
        // The first of the same id wins, as stored before; one statement may not update a row twice.
        var seen = Set<String>()
        let posts = posts.filter { seen.insert($0.id).inserted }
        let batches = stride(from: 0, to: posts.count, by: Self.batchSize).map {
            Array(posts[$0..<min($0 + Self.batchSize, posts.count)])
        }
        return try await connection.transaction { tx in
            var inserted = 0
            for batch in batches {
                inserted += try tx.query(Self.insert(batch, zone: zone)).filter { try $0.decode("inserted", as: Bool.self) }.count
            }
            try tx.query("""
                DELETE FROM posts WHERE id IN (
                    SELECT id FROM posts ORDER BY created_at DESC, id DESC OFFSET \(limit))
                """)
            return inserted
        }
    }

    public func count() async throws -> Int {
        try await connection.query("SELECT count(*) AS n FROM posts").first?.decode("n") ?? 0
    }

    public func removeAll() async throws {
        try await connection.query("DELETE FROM posts")
    }

    /// One multi-row INSERT, returning the ids and whether each is new. A post already
    /// stored is left as it is, except that one stored without facets (before migration
    /// 007, when a Bluesky text was kept with its links written out) takes the record's
    /// text and facets when they come again, one stored without its markup (a Misskey note
    /// stored before migration 019) takes it, and one stored without the id of the post it
    /// answers (before migration 017) takes that id.
    /// Placeholders are generated here; every value is a bound parameter.
    static func insert(_ posts: [Post], zone: String) -> PostgresQuery {
        var binds: [String?] = [zone]
        var rows: [String] = []
        rows.reserveCapacity(posts.count)
        for post in posts {
            let first = binds.count + 1
            binds += [
                post.id, post.text, post.createdAt.postgresText, post.inReplyToUserID,
                post.inReplyToScreenName, post.hasMention.postgresText, post.facets, post.markup?.rawValue, post.inReplyToPostID,
            ]
            rows.append(
                "($\(first), $\(first + 1), $\(first + 2)::timestamptz, $\(first + 3), $\(first + 4), $\(first + 5)::boolean, $\(first + 6)::jsonb, $\(first + 7), $\(first + 8))"
            )
        }
        let sql = """
            INSERT INTO posts (id, text, created_at, minute_of_day, local_date,
                               in_reply_to_user_id, in_reply_to_screen_name, has_mention, facets, markup, in_reply_to_post_id)
            SELECT v.id, v.text, v.created_at,
                   (EXTRACT(HOUR FROM v.created_at AT TIME ZONE $1) * 60
                    + EXTRACT(MINUTE FROM v.created_at AT TIME ZONE $1))::smallint,
                   (v.created_at AT TIME ZONE $1)::date,
                   v.reply_id, v.reply_name, v.mention, v.facets, v.markup, v.answered
            FROM (VALUES \(rows.joined(separator: ", ")))
                AS v(id, text, created_at, reply_id, reply_name, mention, facets, markup, answered)
            WHERE NOT EXISTS (SELECT 1 FROM withdrawn_posts w WHERE w.post_id = v.id)
            ON CONFLICT (id) DO UPDATE SET
                text = CASE WHEN \(Self.takesFacets) THEN EXCLUDED.text ELSE posts.text END,
                facets = CASE WHEN \(Self.takesFacets) THEN EXCLUDED.facets ELSE posts.facets END,
                has_mention = CASE WHEN \(Self.takesFacets) THEN EXCLUDED.has_mention ELSE posts.has_mention END,
                markup = COALESCE(posts.markup, EXCLUDED.markup),
                in_reply_to_post_id = COALESCE(posts.in_reply_to_post_id, EXCLUDED.in_reply_to_post_id)
                WHERE (\(Self.takesFacets))
                   OR (posts.markup IS NULL AND EXCLUDED.markup IS NOT NULL)
                   OR (posts.in_reply_to_post_id IS NULL AND EXCLUDED.in_reply_to_post_id IS NOT NULL)
            RETURNING id, (xmax = 0) AS inserted
            """
        return PostgresQuery(unsafeSQL: sql, binds: binds)
    }

    /// A stored post without facets takes the record's text and facets (see `insert`).
    static let takesFacets = "posts.facets IS NULL AND EXCLUDED.facets IS NOT NULL"

    /// Recomputes minute of day and local date when the time zone changed since they were stored.
    func adoptTimeZone() async throws {
        let zone = timeZone.identifier
        try await connection.transaction { tx in
            let stored = try tx.query("SELECT value FROM settings WHERE name = 'time_zone' FOR UPDATE").first?["value"]
            guard stored != zone else { return }
            try tx.query("""
                UPDATE posts SET
                    minute_of_day = (EXTRACT(HOUR FROM created_at AT TIME ZONE \(zone)) * 60
                                     + EXTRACT(MINUTE FROM created_at AT TIME ZONE \(zone)))::smallint,
                    local_date = (created_at AT TIME ZONE \(zone))::date
                """)
            try tx.query("""
                INSERT INTO settings (name, value) VALUES ('time_zone', \(zone))
                ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value
                """)
        }
    }
}

extension PostgresPostStore: ReplySource {
    public func replies(to userID: String, limit: Int) async throws -> [String] {
        try await replyPosts(to: userID, username: nil, limit: limit).map(\.text)
    }

    /// By user id; when none, by screen name among replies imported from a
    /// Mastodon export (whose user ids are actor URLs, never API ids). Never a withdrawn one.
    public func replies(to userID: String, username: String?, limit: Int) async throws -> [String] {
        try await replyPosts(to: userID, username: username, limit: limit).map(\.text)
    }
}

extension PostgresPostStore: ReplyTimingSource {
    /// The newest replies first; a Misskey reply in the human's own thread (`misskey:self`) is
    /// no answer to anyone and is left out.
    public func replyTimings(limit: Int) async throws -> [ReplyTiming] {
        try await connection.query("""
            SELECT created_at, in_reply_to_post_id FROM posts
            WHERE in_reply_to_user_id IS NOT NULL AND in_reply_to_user_id <> 'misskey:self'
            ORDER BY created_at DESC LIMIT \(limit)
            """).map { row in
            ReplyTiming(sentAt: try row.decode("created_at", as: Date.self), answeredID: row["in_reply_to_post_id"])
        }
    }
}
