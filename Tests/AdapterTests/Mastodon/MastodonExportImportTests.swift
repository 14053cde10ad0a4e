import Foundation
import JSONLines
import MirrorBot
import MirrorBotImport
import MirrorBotMastodon
import MirrorBotPostgres
import Postgres
import TestSupport
import Testing

@Suite("Mastodon account export import into PostgreSQL")
struct MastodonExportImportTests {
    static let host = MastodonExportFixture.host
    static let friend = host + "/users/friend"
    static let bob = "https://other.social/users/bob"

    static let export = MastodonExportFixture(
        items: [
            .note(id: "1001", published: "2023-01-01T12:00:00Z", html: "<p>今日もいい天気だ</p><p>散歩に行こう<br>公園まで</p>"),
            .note(id: "1002", published: "2023-01-02T08:30:00Z",
                  html: "<p>Tom &amp; Jerry <a href=\"https://example.com/a/long/path\" rel=\"nofollow noopener noreferrer\" target=\"_blank\"><span class=\"invisible\">https://</span><span class=\"ellipsis\">example.com/a/lo</span><span class=\"invisible\">ng/path</span></a> <a href=\"\(host)/tags/ramen\" class=\"mention hashtag\" rel=\"tag\">#<span>ramen</span></a></p>",
                  visibility: .unlisted),
            .note(id: "1003", published: "2023-01-03T09:00:00Z",
                  html: "<p><span class=\"h-card\"><a href=\"\(host)/@friend\" class=\"u-url mention\">@<span>friend</span></a></span> ありがとう！</p>",
                  inReplyTo: friend + "/statuses/55", mentions: [(friend, "@friend")]),
            .note(id: "1004", published: "2023-01-04T09:00:00Z",
                  html: "<p><span class=\"h-card\"><a href=\"https://other.social/@bob\" class=\"u-url mention\">@<span>bob</span></a></span> <span class=\"h-card\"><a href=\"\(host)/@friend\" class=\"u-url mention\">@<span>friend</span></a></span> それな</p>",
                  inReplyTo: bob + "/statuses/77", mentions: [(friend, "@friend"), (bob, "@bob@other.social")]),
            .note(id: "1005", published: "2023-01-05T09:00:00Z", html: "<p>続き</p>",
                  inReplyTo: MastodonExportFixture.actor + "/statuses/1001"),
            .note(id: "1006", published: "2023-01-06T09:00:00Z", html: "<p>フォロワーだけに</p>", visibility: .followers),
            .note(id: "1007", published: "2023-01-07T09:00:00Z", html: "<p>秘密</p>", visibility: .direct, mentions: [(friend, "@friend")]),
            .boost(id: "1008", published: "2023-01-08T09:00:00Z", of: bob + "/statuses/99"),
            .note(id: "1009", published: "2023-01-09T09:00:00Z", html: "<p>犯人は…</p>", contentWarning: "ネタバレ"),
        ],
        likes: [bob + "/statuses/1", friend + "/statuses/2", friend + "/statuses/3"])

    func importer(_ db: MigratedDatabase) async throws -> (ArchiveImporter, PostgresPostStore) {
        let store = try await PostgresPostStore.open(connection: db.connection, timeZone: .gmt, limit: 10_000)
        return (ArchiveImporter(store: store, postLimit: 10_000), store)
    }

    @Test("public and unlisted notes land as plain text under their status ids, a warned one with its warning; boosts, private notes and likes are counted")
    func importsOutbox() async throws {
        let db = try await MigratedDatabase.make()
        let folder = try Self.export.write()
        #expect(ArchiveImporter.isMastodonExport(folder.path))
        #expect(ArchiveImporter.isMastodonExport(folder.appendingPathComponent("outbox.json").path))
        let (importer, _) = try await importer(db)
        let summary = try await importer.importMastodonExport(at: folder.path)
        #expect(summary.stored == 6)
        #expect(summary.retweets == 1)
        #expect(summary.privateSkipped == 2)
        #expect(summary.warningsKept == 1)
        #expect(summary.likesEmpty == 3)
        #expect(summary.likesFound == 0)
        #expect(summary.errors.isEmpty)

        let posts = try await db.posts()
        #expect(Set(posts.keys) == ["1001", "1002", "1003", "1004", "1005", "1009"])
        let warning = try await db.connection.query(
            "SELECT content_warning, array_to_string(sensitivity, ',') AS sensitivity FROM posts WHERE id = '1009'").first
        #expect(warning?["content_warning"] == "ネタバレ")
        #expect(posts["1001"] == StoredPost(text: "今日もいい天気だ\n\n散歩に行こう\n公園まで", minuteOfDay: 720))
        #expect(posts["1002"]?.text == "Tom & Jerry https://example.com/a/long/path #ramen")
        #expect(posts["1002"]?.replyTo == nil)
        #expect(posts["1003"] == StoredPost(text: "@friend ありがとう！", minuteOfDay: 540, replyTo: Self.friend, replyToName: "friend"))
        // The replied-to author is the mention whose actor owns the target status, not the first mention.
        #expect(posts["1004"]?.replyTo == Self.bob)
        #expect(posts["1004"]?.replyToName == "bob@other.social")
        // A reply in the human's own thread is a reply (never reposted), to the human.
        #expect(posts["1005"]?.replyTo == MastodonExportFixture.actor)
        #expect(posts["1005"]?.replyToName == "alice")
    }

    @Test("the reply picker falls back to the screen name for imported Mastodon replies only")
    func replyFallback() async throws {
        let db = try await MigratedDatabase.make()
        let (importer, store) = try await importer(db)
        _ = try await importer.importMastodonExport(at: try Self.export.write().path)
        // An X-style reply stored by id, to a different person who happens to share the name.
        try await store.store([Post(id: "9", text: "@friend x reply", createdAt: Date(), inReplyToUserID: "777", inReplyToScreenName: "friend")])

        #expect(try await store.replies(to: "3", username: "friend", limit: 10) == ["@friend ありがとう！"])
        #expect(try await store.replies(to: "3", username: "FRIEND", limit: 10) == ["@friend ありがとう！"])
        #expect(try await store.replies(to: "3", username: nil, limit: 10).isEmpty)
        #expect(try await store.replies(to: "777", username: "friend", limit: 10) == ["@friend x reply"])
        #expect(try await store.replies(to: "4", username: "bob@other.social", limit: 10) == ["@bob @friend それな"])
    }

    @Test("a malformed outbox is an error naming the file, and stores nothing")
    func malformed() async throws {
        let db = try await MigratedDatabase.make()
        let folder = try Self.export.write()
        let outbox = folder.appendingPathComponent("outbox.json")
        try Data("{\"orderedItems\": [".utf8).write(to: outbox)
        let (importer, _) = try await importer(db)
        do {
            _ = try await importer.importMastodonExport(at: folder.path)
            Issue.record("expected an InputError")
        } catch let error as InputError {
            #expect(error.file == outbox.path)
            #expect(error.message.contains("JSON"))
        }
        #expect(try await db.posts().isEmpty)
    }

    /// The export with `broken` put among good notes; the import's error, after checking nothing was stored.
    func refusal(_ broken: String, likes: [String] = []) async throws -> (InputError, outbox: String) {
        let db = try await MigratedDatabase.make()
        let export = MastodonExportFixture(
            items: [
                .note(id: "2001", published: "2023-02-01T12:00:00Z", html: "<p>ok</p>"),
                .boost(id: "2002", published: "2023-02-02T12:00:00Z", of: Self.bob + "/statuses/9"),
                .raw(broken),
                .note(id: "2004", published: "2023-02-04T12:00:00Z", html: "<p>after</p>"),
            ],
            likes: likes)
        let folder = try export.write()
        let (importer, _) = try await importer(db)
        let error = try await #require(throws: InputError.self) {
            try await importer.importMastodonExport(at: folder.path)
        }
        #expect(try await db.posts().isEmpty)
        return (error, folder.appendingPathComponent("outbox.json").path)
    }

    static let actor = MastodonExportFixture.actor
    static let everyone = "https://www.w3.org/ns/activitystreams#Public"

    @Test("a note with no content and the date 'yesterday-ish' is refused, naming the file and the item (issue 15)")
    func noContentBadDate() async throws {
        // No `to`: it used to be counted among the followers-only notes, and the import exited 0.
        let (error, outbox) = try await refusal("""
            {"type": "Create", "actor": "\(Self.actor)",
             "object": {"id": "\(Self.actor)/statuses/2003", "type": "Note", "published": "yesterday-ish"}}
            """)
        #expect(error.file == outbox)
        #expect(error.position == "orderedItems[2]")
        #expect(error.message == "the note \(Self.actor)/statuses/2003 has no \"content\"")
        #expect("\(error)" == "\(outbox), orderedItems[2]: the note \(Self.actor)/statuses/2003 has no \"content\"")
    }

    @Test("a public note whose date is not a date is refused, naming the date")
    func badDate() async throws {
        let (error, _) = try await refusal("""
            {"type": "Create", "object": {"id": "\(Self.actor)/statuses/2003", "type": "Note",
             "published": "yesterday-ish", "content": "<p>hi</p>", "to": ["\(Self.everyone)"]}}
            """)
        #expect(error.position == "orderedItems[2]")
        #expect(error.message.contains("\"yesterday-ish\" is not an ISO 8601 date"))
    }

    @Test("a note dated before 2016 or over a day ahead is refused, naming the file and the item (issue 15)", arguments: [
        ("0001-01-01T00:00:00Z", "before 2016-01-01, Mastodon's first year"),
        ("2015-12-31T23:59:59Z", "before 2016-01-01, Mastodon's first year"),
        ("9999-12-31T23:59:59Z", "more than a day after now"),
    ])
    func implausibleDate(published: String, reason: String) async throws {
        let (error, outbox) = try await refusal("""
            {"type": "Create", "object": {"id": "\(Self.actor)/statuses/2003", "type": "Note",
             "published": "\(published)", "content": "<p>hi</p>", "to": ["\(Self.everyone)"]}}
            """)
        #expect(error.file == outbox)
        #expect(error.position == "orderedItems[2]")
        #expect(error.message.hasPrefix("the note \(Self.actor)/statuses/2003 was published \"\(published)\", \(reason)"), "\(error)")
    }

    @Test("a followers-only note without a date is refused, not counted as skipped")
    func privateWithoutDate() async throws {
        let (error, _) = try await refusal("""
            {"type": "Create", "object": {"id": "\(Self.actor)/statuses/2003", "type": "Note",
             "content": "<p>hi</p>", "to": ["\(Self.actor)/followers"]}}
            """)
        #expect(error.position == "orderedItems[2]")
        #expect(error.message.contains("no valid published date (missing:"))
    }

    @Test("unreadable items are refused with their place", arguments: [
        ("{\"object\": \"https://x/1\"}", "the activity cannot be read: missing field \"type\""),
        ("[1, 2]", "the activity cannot be read"),
        ("{\"type\": \"Create\", \"object\": \"https://x/statuses/1\"}", "the Create activity carries no note"),
        ("{\"type\": \"Create\"}", "the Create activity carries no note"),
        ("{\"type\": \"Create\", \"object\": {\"type\": \"Note\", \"content\": \"x\"}}", "note cannot be read: missing field \"id\""),
        ("{\"type\": \"Create\", \"object\": {\"id\": \"n\", \"content\": \"x\", \"summary\": 7}}", "note cannot be read"),
        ("{\"type\": \"Create\", \"object\": {\"id\": \"n\", \"content\": 7, \"published\": \"2023-02-03T12:00:00Z\"}}", "note cannot be read"),
    ])
    func unreadableItems(item: String, message: String) async throws {
        let (error, outbox) = try await refusal(item)
        #expect(error.file == outbox)
        #expect(error.position == "orderedItems[2]")
        #expect(error.message.contains(message), "\(error.message)")
    }

    @Test("a malformed likes.json stores nothing either")
    func malformedLikes() async throws {
        let db = try await MigratedDatabase.make()
        let folder = try Self.export.write()
        try Data("{\"orderedItems\": [1]}".utf8).write(to: folder.appendingPathComponent("likes.json"))
        let (importer, _) = try await importer(db)
        let error = try await #require(throws: InputError.self) {
            try await importer.importMastodonExport(at: folder.path)
        }
        #expect(error.file == folder.appendingPathComponent("likes.json").path)
        #expect(try await db.posts().isEmpty)
    }

    @Test("an X archive folder is not taken for a Mastodon export")
    func notAnExport() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(TestEnvironment.uniqueName("x-archive"))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("window.YTD.tweets.part0 = []".utf8).write(to: folder.appendingPathComponent("tweets.js"))
        #expect(!ArchiveImporter.isMastodonExport(folder.path))
        #expect(!ArchiveImporter.isMastodonExport(folder.appendingPathComponent("tweets.js").path))
    }
}
