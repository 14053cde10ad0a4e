import Foundation
import MirrorBot
import Postgres

/// The scheduler's storage in PostgreSQL: the rhythm's aggregates of `posts`, the
/// `plans`/`plan_slots` tables, and `bot_texts`.
public struct PostgresScheduleStore: ScheduleStore {
    public let connection: any PostgresClient

    public init(connection: any PostgresClient) {
        self.connection = connection
    }

    /// The rhythm is read from the aggregates migrations 012 and 016 keep up to date as
    /// posts arrive and leave (`rhythm_minutes`, `rhythm_day_histogram` over `rhythm_days`,
    /// `rhythm_closest_pair`): a read no longer scans every post, nor a row a day.
    public func minuteDistribution() async throws -> MinuteDistribution {
        let rows = try await connection.query("SELECT minute_of_day AS minute, posts AS n FROM rhythm_minutes")
        return MinuteDistribution(pairs: try rows.map { (try $0.decode("minute"), try $0.decode("n")) })
    }

    /// The days as migration 016's histogram (a row for each number of posts a day, a few
    /// dozen), with the span from the first day to the last (two lookups of `rhythm_days`'s
    /// key) for the days without posts; one statement, so one snapshot.
    public func dailyCounts() async throws -> DailyCounts {
        let rows = try await connection.query("""
            SELECT posts AS n, days, (SELECT max(local_date) - min(local_date) + 1 FROM rhythm_days) AS span
            FROM rhythm_day_histogram
            """)
        var histogram: [Int: Int] = [:]
        for row in rows {
            histogram[try row.decode("n", as: Int.self), default: 0] += try row.decode("days", as: Int.self)
        }
        return DailyCounts(daysWithPosts: histogram, span: try rows.first?.decodeIfPresent("span", as: Int.self) ?? 0)
    }

    public func closestPostGap() async throws -> TimeInterval? {
        let rows = try await connection.query("SELECT gap FROM rhythm_closest_pair")
        return try rows.first?.decodeIfPresent("gap", as: Double.self)
    }

    public func plan(for day: LocalDate) async throws -> [PlanSlot]? {
        let date = day.description
        let exists = try await connection.query("SELECT 1 AS one FROM plans WHERE local_date = \(date)::date")
        guard !exists.isEmpty else { return nil }
        return try await slots(of: day)
    }

    public func storePlan(_ minutes: [Int], for day: LocalDate, timeZone: String) async throws -> [PlanSlot] {
        let date = day.description
        try await connection.transaction { tx in
            let created = try tx.query("""
                INSERT INTO plans (local_date, time_zone) VALUES (\(date)::date, \(timeZone))
                ON CONFLICT (local_date) DO NOTHING RETURNING local_date
                """)
            guard !created.isEmpty else { return }
            for minute in minutes {
                try tx.query("INSERT INTO plan_slots (local_date, minute_of_day) VALUES (\(date)::date, \(minute))")
            }
        }
        return try await slots(of: day)
    }

    public func claim(_ day: LocalDate, minute: Int, owner: String, now: Date) async throws -> Bool {
        let rows = try await connection.query("""
            UPDATE plan_slots SET state = 'posting', claimed_by = \(owner), claimed_at = \(now)::timestamptz,
                   updated_at = now()
            WHERE local_date = \(day.description)::date AND minute_of_day = \(minute) AND state = 'planned'
            RETURNING minute_of_day
            """)
        return !rows.isEmpty
    }

    public func releaseClaim(_ day: LocalDate, minute: Int) async throws {
        try await connection.query("""
            UPDATE plan_slots SET state = 'planned', claimed_by = NULL, claimed_at = NULL, updated_at = now()
            WHERE local_date = \(day.description)::date AND minute_of_day = \(minute) AND state = 'posting'
            """)
    }

    public func markPosted(
        _ day: LocalDate, minute: Int, sourcePostID: String, postedID: String, text: String, at date: Date
    ) async throws {
        try await connection.query("""
            UPDATE plan_slots SET state = 'posted', source_post_id = \(sourcePostID), posted_id = \(postedID),
                   text = \(text), reason = NULL, posted_at = \(date)::timestamptz, updated_at = now()
            WHERE local_date = \(day.description)::date AND minute_of_day = \(minute)
            """)
    }

    public func markSkipped(_ day: LocalDate, minute: Int, reason: String) async throws {
        try await connection.query("""
            UPDATE plan_slots SET state = 'skipped', reason = \(reason), updated_at = now()
            WHERE local_date = \(day.description)::date AND minute_of_day = \(minute) AND state <> 'posted'
            """)
    }

    public func skipPastSlots(before day: LocalDate) async throws -> Int {
        try await connection.query("""
            UPDATE plan_slots SET state = 'skipped', reason = \(SlotSkip.dayEnded.stored), updated_at = now()
            WHERE local_date < \(day.description)::date AND state = 'planned'
            RETURNING minute_of_day
            """).count
    }

    public func skipInterrupted(claimedBefore cutoff: Date) async throws -> Int {
        try await connection.query("""
            UPDATE plan_slots SET state = 'skipped', reason = \(SlotSkip.interrupted.stored), updated_at = now()
            WHERE state = 'posting' AND claimed_at < \(cutoff)::timestamptz
            RETURNING minute_of_day
            """).count
    }

    /// `Post.textKey` in SQL: the text, or for pictures alone a key of the post's own.
    static let textKey = PostgresQuery(unsafeSQL: "CASE WHEN p.text = '' AND p.media <> '[]' THEN '[pictures of ' || p.id || ']' ELSE p.text END")

    /// A `posts.media` element `value` whose bytes can be fetched: `PostMedia.isFetchable` in SQL.
    static let fetchable = PostgresQuery(unsafeSQL: "(value->>'u') ~* '^(https?|file)://'")

    public func pickPost(near minute: Int, window: Int, allowMentions: Bool, allowWarned: Bool, media: MediaPick, notSince: Date) async throws -> Post? {
        let withMedia = media != .none
        let pictureOnly = media == .whole
        let rows = try await connection.query("""
            SELECT p.id, p.text, p.created_at, p.content_warning, array_to_string(p.sensitivity, ',') AS sensitivity, p.media::text AS media FROM posts p
            LEFT JOIN bot_texts b ON b.text_hash = md5(\(fragment: Self.textKey))
            WHERE p.in_reply_to_user_id IS NULL
              AND (p.text <> '' OR (\(pictureOnly) AND p.media <> '[]'))
              AND (\(withMedia) OR p.media = '[]')
              AND (NOT \(pictureOnly) OR NOT EXISTS (SELECT 1 FROM jsonb_array_elements(p.media) AS m(value) WHERE NOT \(fragment: Self.fetchable)))
              AND (\(allowMentions) OR NOT p.has_mention)
              AND (\(allowWarned) OR (p.content_warning IS NULL AND p.sensitivity = '{}'))
              AND \(fragment: Self.window(around: minute, width: window))
              AND b.refused_at IS NULL
              AND NOT EXISTS (SELECT 1 FROM withdrawn_posts w WHERE w.post_id = p.id)
              AND (b.last_posted_at IS NULL OR b.last_posted_at < \(notSince)::timestamptz)
            ORDER BY b.last_posted_at IS NOT NULL, b.last_posted_at, random()
            LIMIT 1
            """)
        guard let row = rows.first else { return nil }
        return Post(
            id: try row.decode("id"), text: try row.decode("text"), createdAt: try row.decode("created_at"),
            warning: PostWarning.stored(in: row), media: PostMedia.decoded(row["media"]))
    }

    public func recordPosted(text: String, at date: Date) async throws {
        try await connection.query("""
            INSERT INTO bot_texts (text_hash, text, last_posted_at, times_posted)
            VALUES (md5(\(text)), \(text), \(date)::timestamptz, 1)
            ON CONFLICT (text_hash) DO UPDATE
            SET last_posted_at = EXCLUDED.last_posted_at, times_posted = bot_texts.times_posted + 1
            """)
    }

    public func markRefused(text: String, at date: Date) async throws {
        try await connection.query("""
            INSERT INTO bot_texts (text_hash, text, refused_at) VALUES (md5(\(text)), \(text), \(date)::timestamptz)
            ON CONFLICT (text_hash) DO UPDATE SET refused_at = EXCLUDED.refused_at
            """)
    }

    public func usedTexts(_ texts: [String]) async throws -> Set<String> {
        guard !texts.isEmpty else { return [] }
        // Placeholders generated here; every text is a bound parameter.
        let list = texts.indices.map { "md5($\($0 + 1))" }.joined(separator: ", ")
        let rows = try await connection.query(PostgresQuery(
            unsafeSQL: "SELECT text FROM bot_texts WHERE text_hash IN (\(list))", binds: texts))
        return Set(rows.compactMap { $0["text"] })
    }

    public func removePlans() async throws {
        try await connection.query("DELETE FROM plans")
    }

    /// minute_of_day within `width` of `minute`, wrapping around midnight, in a form the index serves.
    static func window(around minute: Int, width: Int) -> PostgresQuery {
        guard width < MinuteOfDay.count / 2 else { return "TRUE" }
        let low = minute - width
        let high = minute + width
        if low < 0 {
            return "(p.minute_of_day >= \(low + MinuteOfDay.count) OR p.minute_of_day <= \(high))"
        }
        if high >= MinuteOfDay.count {
            return "(p.minute_of_day >= \(low) OR p.minute_of_day <= \(high - MinuteOfDay.count))"
        }
        return "p.minute_of_day BETWEEN \(low) AND \(high)"
    }

    private func slots(of day: LocalDate) async throws -> [PlanSlot] {
        let rows = try await connection.query("""
            SELECT minute_of_day, state, reason, text, posted_id, posted_at FROM plan_slots
            WHERE local_date = \(day.description)::date ORDER BY minute_of_day
            """)
        return try rows.map { row in
            let minute: Int = try row.decode("minute_of_day")
            let stored: String = try row.decode("state")
            // An unknown state is an error, never a slot that could be posted again.
            guard let state = PlanSlot.State(rawValue: stored) else {
                throw UnknownSlotState(day: day, minute: minute, state: stored)
            }
            return PlanSlot(
                date: day, minute: minute, state: state, reason: row["reason"], text: row["text"], postedID: row["posted_id"],
                postedAt: try row.decodeIfPresent("posted_at", as: Date.self)
            )
        }
    }
}

/// A stored slot whose state this build does not know (a newer version wrote it, or the row was edited).
public struct UnknownSlotState: Error, CustomStringConvertible {
    public let day: LocalDate
    public let minute: Int
    public let state: String

    public var description: String {
        "plan slot \(day) \(MinuteOfDay.format(minute)) has an unknown state \"\(state)\"; it is left alone"
    }
}
