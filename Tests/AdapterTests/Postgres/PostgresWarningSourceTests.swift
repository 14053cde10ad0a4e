import Foundation
import MirrorBot
import MirrorBotPostgres
import TestSupport
import Testing

@Suite("The warning of a text the bot sends, from the stored posts (migration 024)")
struct PostgresWarningSourceTests {
    @Test("a stored warned post's text has its warning and labels; any other text none")
    func warningOfText() async throws {
        let db = try await MigratedDatabase.make()
        let store = try await PostgresPostStore.open(connection: db.connection, timeZone: .gmt, limit: 1_000)
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        try await store.store([
            Post(id: "1", text: "the butler did it", createdAt: date, warning: PostWarning(text: "finale spoilers", labels: [.sensitive])),
            Post(id: "2", text: "a statue", createdAt: date, warning: PostWarning(text: "", labels: [.nudity])),
            Post(id: "3", text: "good morning", createdAt: date),
        ])
        let source = PostgresWarningSource(connection: db.connection)
        #expect(try await source.warning(of: "the butler did it") == PostWarning(text: "finale spoilers", labels: [.sensitive]))
        #expect(try await source.warning(of: "a statue") == PostWarning(text: "", labels: [.nudity]))
        #expect(try await source.warning(of: "good morning") == nil)
        #expect(try await source.warning(of: "never stored") == nil)
        try await db.database.drop()
    }
}
