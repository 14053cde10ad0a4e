import Foundation
import MirrorBot
import Postgres

/// `ActionStore` in PostgreSQL: `cursors`, `replies`, `likes`, `trained_posts`, `jobs`.
public struct PostgresActionStore: ActionStore {
    public let connection: any PostgresClient

    public init(connection: any PostgresClient) {
        self.connection = connection
    }

    public func cursor(_ stream: String) async throws -> StreamPosition? {
        try await connection.query("SELECT position FROM cursors WHERE stream = \(stream)").first?["position"].map { StreamPosition($0) }
    }

    public func setCursor(_ stream: String, to position: StreamPosition) async throws {
        try await connection.query("""
            INSERT INTO cursors (stream, position) VALUES (\(stream), \(position.value))
            ON CONFLICT (stream) DO UPDATE SET position = EXCLUDED.position, updated_at = now()
            """)
    }

    public func claimMention(_ mention: NetworkPost, at now: Date, since: Date) async throws -> Int? {
        let json = try Self.json(of: mention)
        return try await connection.transaction { tx in
            // One author at a time, so two daemons cannot both pass the hourly limit.
            try tx.query("SELECT pg_advisory_xact_lock(hashtext(current_schema() || ':' || \(mention.authorID)))")
            let claimed = try tx.query("""
                INSERT INTO replies (mention_id, author_id, author_username, state, claimed_at, mention)
                VALUES (\(mention.id), \(mention.authorID), \(mention.authorUsername), 'claimed', \(now)::timestamptz, \(json)::jsonb)
                ON CONFLICT (mention_id) DO NOTHING RETURNING mention_id
                """)
            guard !claimed.isEmpty else { return nil }
            return try Self.repliesCount(tx, to: mention.authorID, since: since)
        }
    }

    /// `mention` as the `replies.mention` column keeps it.
    static func json(of mention: NetworkPost) throws -> String {
        String(decoding: try JSONEncoder().encode(mention), as: UTF8.self)
    }

    /// How many replies `authorID` got since `since` (for the hourly limit).
    static func repliesCount(_ tx: isolated PostgresConnection, to authorID: String, since: Date) throws -> Int {
        try tx.query("""
            SELECT count(*) AS n FROM replies
            WHERE author_id = \(authorID) AND state = 'replied' AND updated_at >= \(since)::timestamptz
            """).first?.decode("n", as: Int.self) ?? 0
    }

    public func finishMention(
        _ mentionID: String, state: ReplyState, reason: String?, replyID: String?, text: String?, source: String?
    ) async throws {
        try await connection.query("""
            UPDATE replies SET state = \(state.rawValue), reason = \(reason), reply_id = \(replyID), text = \(text),
                   source_post_id = \(source), updated_at = now()
            WHERE mention_id = \(mentionID)
            """)
    }

    public func releaseMention(_ mentionID: String) async throws {
        try await connection.transaction { tx in
            try tx.query("UPDATE replies SET state = 'due' WHERE mention_id = \(mentionID) AND state = 'claimed' AND due_at IS NOT NULL")
            try tx.query("DELETE FROM replies WHERE mention_id = \(mentionID) AND state = 'claimed' AND due_at IS NULL")
        }
    }

    public func holdMention(_ mention: NetworkPost, dueAt: Date) async throws -> Bool {
        let json = try Self.json(of: mention)
        return try await !connection.query("""
            INSERT INTO replies (mention_id, author_id, author_username, state, due_at, mention)
            VALUES (\(mention.id), \(mention.authorID), \(mention.authorUsername), 'due', \(dueAt)::timestamptz, \(json)::jsonb)
            ON CONFLICT (mention_id) DO NOTHING RETURNING mention_id
            """).isEmpty
    }

    /// A held mention that no longer reads as a `NetworkPost` is skipped, said in its row's reason.
    public func dueMentions(at now: Date, limit: Int) async throws -> [NetworkPost] {
        try await due(
            HeldTable(table: "replies", key: "mention_id", json: "mention", what: "held mention", touch: ", updated_at = now()"), at: now, limit: limit)
    }

    /// A claim whose mention no longer reads as a `NetworkPost` is skipped, said in its row's reason.
    public func interruptedMentions(claimedBefore cutoff: Date, limit: Int) async throws -> [NetworkPost] {
        try await due(
            HeldTable(table: "replies", key: "mention_id", json: "mention", what: "claimed mention", touch: ", updated_at = now()"),
            state: "claimed", by: "claimed_at", at: cutoff, limit: limit)
    }

    public func resumeMention(_ mentionID: String, claimedBefore cutoff: Date, dueAt: Date) async throws -> Bool {
        try await !connection.query("""
            UPDATE replies SET state = 'due', due_at = \(dueAt)::timestamptz, updated_at = now()
            WHERE mention_id = \(mentionID) AND state = 'claimed' AND claimed_at <= \(cutoff)::timestamptz RETURNING mention_id
            """).isEmpty
    }

    /// Where one kind of held action waits (`state = 'due'` until `due_at`): its table, key
    /// column and JSON column, what the skip reason calls it, and what a skip also sets.
    struct HeldTable {
        let table: PostgresQuery
        let key: String
        let json: String
        let what: String
        let touch: PostgresQuery
    }

    /// The held items due at `now` (with `state` and `by`: the rows in that state whose `by`
    /// column is at or before `now`), each decoded from its JSON column; a row that no longer
    /// decodes is skipped, said in its reason ("the held like could not be read").
    func due<Item: Decodable>(
        _ held: HeldTable, state: String = "due", by column: String = "due_at", at now: Date, limit: Int
    ) async throws -> [Item] {
        let key = PostgresQuery(unsafeSQL: held.key), json = PostgresQuery(unsafeSQL: held.json)
        let time = PostgresQuery(unsafeSQL: column)
        let rows = try await connection.query("""
            SELECT \(fragment: key), \(fragment: json)::text AS \(fragment: json) FROM \(fragment: held.table)
            WHERE state = \(state) AND \(fragment: time) <= \(now)::timestamptz
            ORDER BY \(fragment: time), \(fragment: key) LIMIT \(limit)
            """)
        var items: [Item] = []
        for row in rows {
            if let text = row[held.json], let item = try? JSONDecoder().decode(Item.self, from: Data(text.utf8)) {
                items.append(item)
            } else if let id = row[held.key] {
                try await connection.query("""
                    UPDATE \(fragment: held.table) SET state = 'skipped', reason = \("the \(held.what) could not be read")\(fragment: held.touch)
                    WHERE \(fragment: key) = \(id) AND state = \(state)
                    """)
            }
        }
        return items
    }

    public func takeDueMention(_ mentionID: String, authorID: String, now: Date, since: Date) async throws -> Int? {
        try await connection.transaction { tx in
            try tx.query("SELECT pg_advisory_xact_lock(hashtext(current_schema() || ':' || \(authorID)))")
            let taken = try tx.query("""
                UPDATE replies SET state = 'claimed', claimed_at = \(now)::timestamptz, updated_at = now()
                WHERE mention_id = \(mentionID) AND state = 'due' AND due_at <= \(now)::timestamptz RETURNING mention_id
                """)
            guard !taken.isEmpty else { return nil }
            return try Self.repliesCount(tx, to: authorID, since: since)
        }
    }

    public func nextDueMention() async throws -> Date? {
        try await connection.query("SELECT min(due_at) AS due FROM replies WHERE state = 'due'").first?.decodeIfPresent("due", as: Date.self)
    }

    public func markTrained(_ postIDs: [String], as category: ClassifierCategory) async throws -> Set<String> {
        guard !postIDs.isEmpty else { return [] }
        let rows = try await connection.query("""
            INSERT INTO trained_posts (post_id, category)
            SELECT unnest(string_to_array(\(postIDs.joined(separator: ",")), ',')), \(category.rawValue)
            ON CONFLICT DO NOTHING RETURNING post_id
            """)
        return Set(rows.compactMap { $0["post_id"] })
    }

    public func forgetTrained(_ postIDs: [String], as category: ClassifierCategory) async throws {
        guard !postIDs.isEmpty else { return }
        try await connection.query("""
            DELETE FROM trained_posts
            WHERE category = \(category.rawValue)
              AND post_id = ANY(string_to_array(\(postIDs.joined(separator: ",")), ','))
            """)
    }

    public func trained(_ postIDs: [String], as category: ClassifierCategory) async throws -> Set<String> {
        guard !postIDs.isEmpty else { return [] }
        let rows = try await connection.query("""
            SELECT post_id FROM trained_posts
            WHERE category = \(category.rawValue)
              AND post_id = ANY(string_to_array(\(postIDs.joined(separator: ",")), ','))
            """)
        return Set(rows.compactMap { $0["post_id"] })
    }

    public func jobFinished(_ name: String) async throws -> Date? {
        try await connection.query("SELECT finished_at FROM jobs WHERE name = \(name)").first?.decodeIfPresent("finished_at")
    }

    public func finishJob(_ name: String, summary: String) async throws {
        try await connection.query("""
            INSERT INTO jobs (name, summary) VALUES (\(name), \(summary))
            ON CONFLICT (name) DO UPDATE SET finished_at = now(), summary = EXCLUDED.summary
            """)
    }

    public func forgetTraining() async throws {
        try await connection.transaction { tx in
            try tx.query("DELETE FROM trained_posts")
            try tx.query("DELETE FROM jobs")
            try tx.query("DELETE FROM cursors WHERE stream LIKE 'human\\_%'")
        }
    }
}
