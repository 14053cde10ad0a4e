import Clocks
import CoreTestSupport
import Foundation
import MirrorBot
import MirrorBotPostgres
import TestSupport
import Testing

/// The two implementations of each store protocol: the in-memory fakes the core's
/// tests use, and PostgreSQL (a migrated private schema; fails when PostgreSQL is
/// missing). The contract suites run every test over both.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case memory, postgres

    var testDescription: String { rawValue }
}

/// One kind's stores, sharing state as the daemon's do: the picker sees the bot's
/// texts, the post store's time zone is the rhythm's, `forgetTraining` reaches the cursors.
struct ContractStores: Sendable {
    let cursors: any CursorStore
    let mentions: any MentionClaims
    let likes: any LikeClaims
    let marks: any TrainingMarks
    let posts: any PostStore
    let replies: any ReplySource
    let timings: any ReplyTimingSource
    let rhythm: any RhythmSource
    let plans: any PlanStore & SlotClaims
    let picker: any PostPicker
    let texts: any BotTextStore
    let timeZone: TimeZone
    private let database: MigratedDatabase?

    /// Runs `body` over a fresh set of `kind`'s stores, dropping the schema after it, also when it throws.
    static func with(
        _ kind: StoreKind, timeZone: TimeZone = .gmt, limit: Int = 1_000_000, _ body: (ContractStores) async throws -> Void
    ) async throws {
        let stores = try await make(kind, timeZone: timeZone, limit: limit)
        do {
            try await body(stores)
        } catch {
            try? await stores.drop()
            throw error
        }
        try await stores.drop()
    }

    private static func make(_ kind: StoreKind, timeZone: TimeZone, limit: Int) async throws -> ContractStores {
        switch kind {
        case .memory:
            let cursors = InMemoryCursors()
            let texts = InMemoryBotTexts()
            let posts = InMemoryPostStore(timeZone: timeZone, texts: texts, limit: limit)
            return ContractStores(
                cursors: cursors, mentions: InMemoryMentionClaims(clock: SystemClock()), likes: InMemoryLikeClaims(),
                marks: InMemoryTrainingMarks(cursors: cursors), posts: posts, replies: posts, timings: posts, rhythm: posts,
                plans: InMemoryPlanStore(), picker: posts, texts: texts, timeZone: timeZone, database: nil
            )
        case .postgres:
            let db = try await MigratedDatabase.make()
            let actions = PostgresActionStore(connection: db.connection)
            let posts = try await PostgresPostStore.open(connection: db.connection, timeZone: timeZone, limit: limit)
            let schedule = PostgresScheduleStore(connection: db.connection)
            return ContractStores(
                cursors: actions, mentions: actions, likes: actions, marks: actions, posts: posts, replies: posts, timings: posts,
                rhythm: schedule, plans: schedule, picker: schedule, texts: schedule, timeZone: timeZone, database: db
            )
        }
    }

    func scheduler(mentions: Bool = false) -> Scheduler {
        Scheduler(rhythm: rhythm, plans: plans, picker: picker, timeZone: timeZone, postMentions: mentions)
    }

    /// Drops the PostgreSQL schema; nothing for the fakes.
    func drop() async throws {
        try await database?.database.drop()
    }
}

/// A post at hh:mm UTC on 2024-03-<day>.
func post(_ id: String, _ text: String, day: Int = 1, _ hour: Int, _ minute: Int, replyTo: String? = nil) -> Post {
    let date = LocalDate(year: 2024, month: 3, day: day).instant(atMinute: hour * 60 + minute, in: .gmt)
    return Post(id: id, text: text, createdAt: date, inReplyToUserID: replyTo, inReplyToScreenName: replyTo.map { "user\($0)" })
}
