import Foundation
import MirrorBot
import Postgres

/// Posts in PostgreSQL. Minute of day and local date are computed by the
/// server in `timeZone`; when the configured zone changes, `open` recomputes
/// them for every stored post.
public struct PostgresPostStore: PostStore {
    public let connection: any PostgresClient
    public let timeZone: TimeZone
    public let limit: Int

    /// Rows per INSERT statement (12 parameters each, well under PostgreSQL's 65,535).
    static let batchSize = 500

    public static func open(connection: any PostgresClient, timeZone: TimeZone, limit: Int) async throws -> PostgresPostStore {
        let store = PostgresPostStore(connection: connection, timeZone: timeZone, limit: limit)
        try await store.adoptTimeZone()
        return store
    }

    private init(connection: any PostgresClient, timeZone: TimeZone, limit: Int) {
        self.connection = connection
        self.timeZone = timeZone
        self.limit = limit
    }

    /// Stores `posts` in one transaction and trims to `limit`; returns how many were new.
    /// Up to `batchSize` posts go in one statement. More (an import) go first into a
    /// temporary table without index or trigger, 500 rows a statement, then into `posts` in
    /// one statement: the rhythm's triggers (migrations 012 and 016) then run once, over
    /// all of them, instead of updating the same aggregate rows once a batch (an upsert
    /// that slowed with each batch of the one open transaction).
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
            let inserted: Int
            if batches.count == 1 {
                let values = Self.values(posts, after: 1)
                inserted = try Self.count(tx.query(PostgresQuery(
                    unsafeSQL: Self.insert(from: "(VALUES \(values.sql)) AS v(\(Self.columns))"), binds: [zone] + values.binds)))
            } else {
                try tx.query(PostgresQuery(unsafeSQL: """
                    CREATE TEMPORARY TABLE incoming_posts (
                        id text, text text, created_at timestamptz, reply_id text, reply_name text,
                        mention boolean, facets jsonb, markup text, answered text, warning text, sensitivity text[], media jsonb) ON COMMIT DROP
                    """))
                for batch in batches {
                    let values = Self.values(batch, after: 0)
                    try tx.query(PostgresQuery(unsafeSQL: "INSERT INTO incoming_posts VALUES \(values.sql)", binds: values.binds))
                }
                inserted = try Self.count(tx.query(PostgresQuery(unsafeSQL: Self.insert(from: "incoming_posts AS v"), binds: [zone])))
            }
            // The oldest posts over the limit (the stored count kept by migration 021's triggers).
            let over = try tx.query("SELECT posts - \(limit) AS over FROM post_count").first?.decode("over", as: Int.self) ?? 0
            if over > 0 {
                try tx.query("""
                    DELETE FROM posts WHERE id IN (
                        SELECT id FROM posts ORDER BY created_at, id LIMIT \(over))
                    """)
            }
            return inserted
        }
    }

    public func count() async throws -> Int {
        try await connection.query("SELECT count(*) AS n FROM posts").first?.decode("n") ?? 0
    }

    public func removeAll() async throws {
        try await connection.query("DELETE FROM posts")
    }

    /// The columns of a post as `insert` reads them, from VALUES or from `incoming_posts`.
    static let columns = "id, text, created_at, reply_id, reply_name, mention, facets, markup, answered, warning, sensitivity, media"

    /// Rows of placeholders for `posts` (numbered after `offset`) and their values, every one bound.
    static func values(_ posts: [Post], after offset: Int) -> (sql: String, binds: [String?]) {
        var binds: [String?] = []
        var rows: [String] = []
        binds.reserveCapacity(posts.count * 12)
        rows.reserveCapacity(posts.count)
        for post in posts {
            let first = offset + binds.count + 1
            binds += [
                post.id, post.text, post.createdAt.postgresText, post.inReplyToUserID,
                post.inReplyToScreenName, post.hasMention.postgresText, post.facets, post.markup?.rawValue, post.inReplyToPostID,
                post.warning.flatMap { $0.text.isEmpty ? nil : $0.text }, post.warning.map { $0.labels.map(\.rawValue).joined(separator: ",") },
                post.media.isEmpty ? nil : PostMedia.json(post.media),
            ]
            rows.append(
                "($\(first), $\(first + 1), $\(first + 2)::timestamptz, $\(first + 3), $\(first + 4), $\(first + 5)::boolean, $\(first + 6)::jsonb, $\(first + 7), $\(first + 8), "
                    + "$\(first + 9), string_to_array($\(first + 10), ','), $\(first + 11)::jsonb)"
            )
        }
        return (rows.joined(separator: ", "), binds)
    }

    /// One INSERT of the posts of `source` (rows of `columns`; `$1` is the time zone), returning
    /// how many are new (`inserted`). A post already stored is left as it is, except that one
    /// stored without facets (before migration 007, when a Bluesky text was kept with its links
    /// written out) takes the record's text and facets when they come again, one stored
    /// without its markup (a Misskey note stored before migration 019) takes it, and one stored
    /// without the id of the post it answers (before migration 017) takes that id, and one
    /// stored without a warning or sensitivity (read before migration 024) takes them, and one
    /// stored without media (read before migration 026) takes them.
    static func insert(from source: String) -> String {
        """
        WITH written AS (
            INSERT INTO posts (id, text, created_at, minute_of_day, local_date,
                               in_reply_to_user_id, in_reply_to_screen_name, has_mention, facets, markup, in_reply_to_post_id,
                               content_warning, sensitivity, media)
            SELECT v.id, v.text, v.created_at,
                   (EXTRACT(HOUR FROM v.created_at AT TIME ZONE $1) * 60
                    + EXTRACT(MINUTE FROM v.created_at AT TIME ZONE $1))::smallint,
                   (v.created_at AT TIME ZONE $1)::date,
                   v.reply_id, v.reply_name, v.mention, v.facets, v.markup, v.answered,
                   v.warning, COALESCE(v.sensitivity, '{}'), COALESCE(v.media, '[]')
            FROM \(source)
            WHERE NOT EXISTS (SELECT 1 FROM withdrawn_posts w WHERE w.post_id = v.id)
            ON CONFLICT (id) DO UPDATE SET
                text = CASE WHEN \(Self.takesFacets) THEN EXCLUDED.text ELSE posts.text END,
                facets = CASE WHEN \(Self.takesFacets) THEN EXCLUDED.facets ELSE posts.facets END,
                has_mention = CASE WHEN \(Self.takesFacets) THEN EXCLUDED.has_mention ELSE posts.has_mention END,
                markup = COALESCE(posts.markup, EXCLUDED.markup),
                in_reply_to_post_id = COALESCE(posts.in_reply_to_post_id, EXCLUDED.in_reply_to_post_id),
                content_warning = COALESCE(posts.content_warning, EXCLUDED.content_warning),
                sensitivity = CASE WHEN posts.sensitivity = '{}' THEN EXCLUDED.sensitivity ELSE posts.sensitivity END,
                media = CASE WHEN posts.media = '[]' THEN EXCLUDED.media ELSE posts.media END
                WHERE (\(Self.takesFacets))
                   OR (posts.markup IS NULL AND EXCLUDED.markup IS NOT NULL)
                   OR (posts.in_reply_to_post_id IS NULL AND EXCLUDED.in_reply_to_post_id IS NOT NULL)
                   OR (posts.content_warning IS NULL AND EXCLUDED.content_warning IS NOT NULL)
                   OR (posts.sensitivity = '{}' AND EXCLUDED.sensitivity <> '{}')
                   OR (posts.media = '[]' AND EXCLUDED.media <> '[]')
            RETURNING (xmax = 0) AS inserted
        )
        SELECT count(*) FILTER (WHERE inserted) AS inserted FROM written
        """
    }

    static func count(_ rows: [PostgresRow]) throws -> Int {
        try rows.first?.decode("inserted", as: Int.self) ?? 0
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
