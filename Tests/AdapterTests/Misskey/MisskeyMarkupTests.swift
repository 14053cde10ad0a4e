import FakeMisskey
import CoreTestSupport
import Foundation
import MirrorBot
import MirrorBotMisskey
import MirrorBotPostgres
import MisskeyAPI
import TestSupport
import Testing

@Suite("Misskey: the human's MFM goes out as written, a plain text from elsewhere literal", .serialized)
struct MisskeyMarkupTests {
    static let mfm = "**太字** と $[x2 大きい] :smile:"

    @Test("a note read from Misskey is stored as MFM and reposted unchanged; the same markup in an X post (JSONL) is sent literal; FakeMisskey takes both")
    func repostByOrigin() async throws {
        let db = try await MigratedDatabase.make()
        let store = try await PostgresPostStore.open(connection: db.connection, timeZone: .gmt, limit: 10_000)
        let world = try MisskeyNetworkTests.World()
        world.server.addNote(userId: world.humanID, text: Self.mfm)
        let read = try await MisskeyNetworkTests.all(world.human.posts(of: world.humanID, after: nil, limit: 10))
        #expect(read.map(\.markup) == [.mfm])
        #expect(try await store.store(read.map(Post.init)) == 1)
        let plain = "**not bold** from X, cc @someone"
        #expect(try await store.store([Post(id: "1800000000000000001", text: plain, createdAt: Date(timeIntervalSince1970: 1_700_000_000))]) == 1)
        let markups = try await db.connection.query("SELECT text, markup FROM posts ORDER BY markup NULLS LAST").map { $0["markup"] }
        #expect(markups == ["mfm", nil])

        var bot = world.bot
        bot.markupSource = PostgresMarkupSource(connection: db.connection)
        let asWritten = try #require(world.server.note(id: try await bot.post(text: Self.mfm, inReplyTo: nil)))
        #expect(asWritten.text == Self.mfm)
        let literal = try #require(world.server.note(id: try await bot.post(text: plain, inReplyTo: nil)))
        #expect(literal.text == "<plain>**</plain>not bold<plain>**</plain> from X, cc <plain>@</plain>someone")
        #expect(MFMShownText(literal.text ?? "").shown == plain)
    }

    @Test("a reply body taken from a Misskey reply is MFM; one from a plain reply is literal")
    func replyBodies() async throws {
        let db = try await MigratedDatabase.make()
        let store = try await PostgresPostStore.open(connection: db.connection, timeZone: .gmt, limit: 10_000)
        let source = PostgresMarkupSource(connection: db.connection)
        #expect(try await store.store([
            Post(id: "9q1b2c3d4e", text: "@friend **またね**", createdAt: Date(timeIntervalSince1970: 1_700_000_000), inReplyToUserID: "3", markup: .mfm),
            Post(id: "1700000000000000001", text: "@friend __thanks__", createdAt: Date(timeIntervalSince1970: 1_700_000_000), inReplyToUserID: "3"),
        ]) == 2)
        #expect(try await source.markup(of: "**またね**") == .mfm)
        #expect(try await source.markup(of: "__thanks__") == nil)
        #expect(try await source.markup(of: "never stored") == nil)
    }
}
