import Foundation
import JSONLines
import MirrorBot
import MirrorBotImport
import MirrorBotMastodon
import MirrorBotPostgres
import TestSupport
import Testing

/// Mastodon exports as they really come (issue 22): each shape a small outbox of our own.
@Suite("Mastodon exports in every shape: nothing silently lost")
struct MastodonExportShapeTests {
    static let actor = MastodonExportFixture.actor
    static let everyone = "https://www.w3.org/ns/activitystreams#Public"

    /// A public note activity as Mastodon writes it, with `extra` members in the note.
    static func note(_ id: String, _ html: String, to: String = everyone, extra: String = "") -> String {
        """
        {"id":"\(actor)/statuses/\(id)/activity","type":"Create","actor":"\(actor)","published":"2024-03-0\(id.suffix(1))T12:00:00Z",
         "to":["\(to)"],"cc":["\(actor)/followers"],
         "object":{"id":"\(actor)/statuses/\(id)","type":"Note","summary":null,"inReplyTo":null,"published":"2024-03-0\(id.suffix(1))T12:00:00Z",
          "url":"https://example.social/@alice/\(id)","attributedTo":"\(actor)","to":["\(to)"],"cc":["\(actor)/followers"],
          "sensitive":false,"content":\(html.debugDescription),"attachment":[],"tag":[]\(extra)}}
        """
    }

    /// Writes `outbox` (the file's whole text) into a fresh export folder; imports it into a fresh schema.
    func importing(_ outbox: String) async throws -> (Result<ImportSummary, any Error>, posts: [String: StoredPost], file: String) {
        let db = try await MigratedDatabase.make()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(TestEnvironment.uniqueName("mastodon-shape"))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("outbox.json")
        try Data(outbox.utf8).write(to: file)
        let store = try await PostgresPostStore.open(connection: db.connection, timeZone: .gmt, limit: 10_000)
        let importer = ArchiveImporter(store: store, postLimit: 10_000)
        let result: Result<ImportSummary, any Error>
        do { result = .success(try await importer.importMastodonExport(at: folder.path)) } catch { result = .failure(error) }
        return (result, try await db.posts(), file.path)
    }

    func refusal(_ outbox: String) async throws -> (InputError, file: String) {
        let (result, posts, file) = try await importing(outbox)
        #expect(posts.isEmpty, "nothing is stored")
        guard case .failure(let error as InputError) = result else {
            Issue.record("expected an InputError, got \(result)")
            throw InputError(file: file, message: "no error")
        }
        #expect(error.file == file)
        return (error, file)
    }

    @Test("the 2024 export: \"orderedItems\":[] then the real ones; totalItems (1,557) not trusted: the notes are stored")
    func emptyThenReal() async throws {
        let outbox = """
            {"@context":["https://www.w3.org/ns/activitystreams"],"id":"outbox.json","type":"OrderedCollection","totalItems":1557,
             "orderedItems":[],"orderedItems":[\(Self.note("3001", "<p>one</p>")),\(Self.note("3002", "<p>two</p>"))]}
            """
        let (result, posts, _) = try await importing(outbox)
        let summary = try result.get()
        #expect(summary.stored == 2)
        #expect(posts["3001"]?.text == "one")
        #expect(posts["3002"]?.text == "two")
    }

    @Test("the real items first, then an empty orderedItems: the last is kept, as other readers do, and the import says what it lost")
    func realThenEmpty() async throws {
        let (error, _) = try await refusal("""
            {"id":"outbox.json","type":"OrderedCollection","totalItems":2,
             "orderedItems":[\(Self.note("3001", "<p>one</p>")),\(Self.note("3002", "<p>two</p>"))],"orderedItems":[]}
            """)
        #expect(error.message == "\"orderedItems\" appears more than once: the last, kept as JavaScript, Python and Ruby read it, is empty; an earlier one holds 2 items")
    }

    @Test("polls, media without text (kept, their files named missing), items with their own @context, bare-URI boosts, interactionPolicy: read and counted")
    func modernItems() async throws {
        let poll = """
            {"@context":["https://www.w3.org/ns/activitystreams",{"toot":"http://joinmastodon.org/ns#","votersCount":"toot:votersCount"}],
             "id":"\(Self.actor)/statuses/3004/activity","type":"Create","actor":"\(Self.actor)","published":"2024-03-04T12:00:00Z",
             "to":["\(Self.everyone)"],"cc":[],
             "object":{"id":"\(Self.actor)/statuses/3004","type":"Question","summary":null,"inReplyTo":null,"published":"2024-03-04T12:00:00Z",
              "to":["\(Self.everyone)"],"cc":[],"content":"<p>Tea or coffee?</p>","endTime":"2024-03-05T12:00:00Z","votersCount":3,
              "oneOf":[{"type":"Note","name":"tea","replies":{"type":"Collection","totalItems":2}},{"type":"Note","name":"coffee","replies":{"type":"Collection","totalItems":1}}]}}
            """
        let mediaOnly = """
            {"id":"\(Self.actor)/statuses/3006/activity","type":"Create","actor":"\(Self.actor)","published":"2024-03-06T12:00:00Z",
             "object":{"id":"\(Self.actor)/statuses/3006","type":"Note","published":"2024-03-06T12:00:00Z","to":["\(Self.everyone)"],
              "attachment":[{"type":"Document","mediaType":"image/jpeg","url":"https://files.example.social/a.jpg","name":null}]}}
            """
        let policy = #","interactionPolicy":{"canQuote":{"automaticApproval":["https://www.w3.org/ns/activitystreams#Public"]}},"likes":{"id":"x","type":"Collection","totalItems":4},"shares":{"id":"y","type":"Collection","totalItems":0},"context":"https://example.social/contexts/1""#
        let outbox = """
            {"@context":"https://www.w3.org/ns/activitystreams","id":"outbox.json","type":"OrderedCollection","totalItems":99,"orderedItems":[
             \(Self.note("3001", "<p>plain</p>", extra: policy)),
             \(Self.note("3002", "", extra: #","attachment":[{"type":"Document","url":"https://files.example.social/b.png"}]"#)),
             {"id":"\(Self.actor)/statuses/3003/activity","type":"Announce","actor":"\(Self.actor)","published":"2024-03-03T12:00:00Z",
              "to":["\(Self.everyone)"],"object":"https://other.social/users/bob/statuses/9"},
             \(poll),
             \(Self.note("3005", "<p>for followers</p>", to: "\(Self.actor)/followers")),
             \(mediaOnly),
             {"id":"\(Self.actor)#likes/1","type":"Like","actor":"\(Self.actor)","object":"https://other.social/users/bob/statuses/9"}]}
            """
        let (result, posts, _) = try await importing(outbox)
        let summary = try result.get()
        #expect(summary.postsRead == 5)
        // Notes with media and no text are kept with their pictures (issue 40): none is empty.
        #expect(summary.stored == 4)
        #expect(posts["3001"]?.text == "plain")
        #expect(posts["3004"]?.text == "Tea or coffee?")
        #expect(posts["3002"]?.text == "")
        #expect(posts["3006"]?.text == "")
        #expect(summary.retweets == 1)
        #expect(summary.empty == 0)
        // Their files are not in the export: each named.
        #expect(summary.mediaFound == 0)
        #expect(summary.mediaMissing == [
            "note \(Self.actor)/statuses/3002: https://files.example.social/b.png not in the export",
            "note \(Self.actor)/statuses/3006: https://files.example.social/a.jpg not in the export",
        ])
        #expect(summary.privateSkipped == 1)
        #expect(summary.contentWarned == 0)
        #expect(summary.otherActivities == ["Like": 1])
        #expect(Set(posts.keys) == ["3001", "3002", "3004", "3006"])
    }

    @Test("items and not one note: an error naming the file and what it holds", arguments: [
        (#"{"type":"Like","object":"https://x/1"},{"type":"Follow","object":"https://x"},{"type":"Like","object":"https://x/2"}"#,
         "3 items, 0 of them notes (1 Follow, 2 Like): nothing to import"),
        (#"{"type":"Announce","object":"https://x/1"}"#, "1 items, 0 of them notes (1 boosts): nothing to import"),
    ])
    func noNotes(items: String, message: String) async throws {
        let (error, _) = try await refusal(#"{"id":"outbox.json","type":"OrderedCollection","totalItems":1586,"orderedItems":["# + items + "]}")
        #expect(error.message == message)
        #expect(error.position.isEmpty)
    }

    @Test("notes and none importable (followers-only, direct): an error counting each reason")
    func noneImportable() async throws {
        let (error, _) = try await refusal("""
            {"orderedItems":[\(Self.note("3001", "<p>mine</p>", to: "\(Self.actor)/followers")),\(Self.note("3002", "<p>us</p>", to: "\(Self.actor)/followers"))]}
            """)
        #expect(error.message == "2 items, 2 of them notes, none importable (2 followers-only or direct)")
    }

    @Test("a file whose shape is not an export's outbox is refused, not read as empty", arguments: [
        (#"{"type":"OrderedCollection","totalItems":3}"#, "no \"orderedItems\": not a Mastodon export's outbox"),
        (#"{"type":"OrderedCollection","first":"https://example.social/users/alice/outbox?page=true"}"#,
         "no \"orderedItems\": not a Mastodon export's outbox (a live outbox's first page, not an account export's outbox.json)"),
    ])
    func unknownShape(text: String, message: String) async throws {
        let (error, _) = try await refusal(text)
        #expect(error.message == message)
    }

    @Test("an outbox with no items at all is an empty account, not an error")
    func emptyAccount() async throws {
        let (result, posts, _) = try await importing(#"{"type":"OrderedCollection","totalItems":0,"orderedItems":[]}"#)
        #expect(try result.get().stored == 0)
        #expect(posts.isEmpty)
    }
}
