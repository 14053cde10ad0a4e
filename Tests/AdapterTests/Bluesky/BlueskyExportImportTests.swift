import BlueskyAPI
import CBOR
import Foundation
import JSONLines
import MirrorBot
import MirrorBotBluesky
import MirrorBotImport
import MirrorBotPostgres
import Postgres
import Synchronization
import TestSupport
import Testing

@Suite("Importing a Bluesky repository export (.car)")
struct BlueskyExportImportTests {
    static let did = "did:plc:human00000000000000000000"
    static let friend = "did:plc:friend0000000000000000000"

    static func fixture() -> BlueskyExportFixture {
        let shown = "見て example.com/a/rather/lon..."
        return BlueskyExportFixture(did: did, records: [
            .post(rkey: "3kaaaaaaaaa22", text: "おはよう", createdAt: "2024-05-01T07:40:00.000+09:00"),
            .post(rkey: "3kaaaaaaaab22", text: shown, createdAt: "2024-05-02T07:41:00.000Z",
                  link: ("見て ".utf8.count, shown.utf8.count, "https://example.com/a/rather/long/path")),
            .post(rkey: "3kaaaaaaaac22", text: "@friend.test またね", createdAt: "2024-05-03T20:00:00.000Z",
                  replyTo: "at://\(friend)/app.bsky.feed.post/3kfriendpost2"),
            .post(rkey: "3kaaaaaaaad22", text: "ねむい", createdAt: "2024-05-04T23:00:00.000Z"),
            .post(rkey: "3kaaaaaaaae22", text: "おやすみ", createdAt: "2024-05-05T23:30:00.000Z"),
            .repost(rkey: "3kaaaaaaaaf22", subject: "at://\(friend)/app.bsky.feed.post/3kfriendpost3"),
            .like(rkey: "3kaaaaaaaag22", subject: "at://\(friend)/app.bsky.feed.post/3kfriendpost4"),
            .like(rkey: "3kaaaaaaaah22", subject: "at://\(friend)/app.bsky.feed.post/3kdeletedpost"),
        ])
    }

    @Test("posts are stored with their at:// URIs, their record text and facets, and replies with whom they answer; reposts skipped; likes counted")
    func importPosts() async throws {
        let db = try await MigratedDatabase.make()
        let store = try await PostgresPostStore.open(connection: db.connection, timeZone: .gmt, limit: 10_000)
        let file = try Self.fixture().write()
        let summary = try await ArchiveImporter(store: store).importBlueskyRepository(at: file.path)
        #expect(summary.stored == 5)
        #expect(summary.retweets == 1)
        #expect(summary.likesEmpty == 2)
        let byID = try await db.posts()
        #expect(byID.count == 5)
        let first = try #require(byID["at://\(Self.did)/app.bsky.feed.post/3kaaaaaaaaa22"])
        #expect(first.text == "おはよう")
        #expect(first.minuteOfDay == 22 * 60 + 40)  // 07:40 in Tokyo is 22:40 UTC
        #expect(byID["at://\(Self.did)/app.bsky.feed.post/3kaaaaaaaab22"]?.text == "見て example.com/a/rather/lon...")
        let facets = try await db.connection.query("SELECT facets::text AS f FROM posts WHERE facets IS NOT NULL").compactMap { $0["f"] }
        #expect(facets.map(BlueskyStoredText.facets(json:)) == [[BlueskyFacet(
            byteStart: "見て ".utf8.count, byteEnd: "見て example.com/a/rather/lon...".utf8.count,
            features: [.link(uri: "https://example.com/a/rather/long/path")])]])
        #expect(byID["at://\(Self.did)/app.bsky.feed.post/3kaaaaaaaac22"]?.replyTo == Self.friend)
        // A second import stores nothing new.
        let again = try await ArchiveImporter(store: store).importBlueskyRepository(at: file.path)
        #expect(again.stored == 0 && again.duplicates == 5)
    }

    @Test("with a session, the liked posts are looked up 25 at a time and learned with their authors; deleted ones counted")
    func likesLookedUp() async throws {
        let db = try await MigratedDatabase.make()
        let store = try await PostgresPostStore.open(connection: db.connection, timeZone: .gmt, limit: 10_000)
        var records = Self.fixture().records
        for index in 0..<30 { records.append(.like(rkey: "3kbbbbbbbb\(String(format: "%02d", index))2", subject: "at://\(Self.friend)/app.bsky.feed.post/3kmany\(index)")) }
        let file = try BlueskyExportFixture(did: Self.did, records: records).write()
        let batches = Mutex<[Int]>([])
        let trained = Mutex<[ArchiveLike]>([])
        let importer = ArchiveImporter(store: store, trainFavorites: { likes in trained.withLock { $0 += likes } })
        let summary = try await importer.importBlueskyRepository(at: file.path) { uris in
            batches.withLock { $0.append(uris.count) }
            return uris.filter { !$0.hasSuffix("3kdeletedpost") }.map {
                NetworkPost(id: $0, text: "ラーメン \($0.suffix(4))", createdAt: Date(), authorID: Self.friend, authorUsername: "friend.test")
            }
        }
        #expect(batches.withLock { $0 } == [25, 7])
        #expect(summary.likesFound == 31)
        #expect(summary.likesEmpty == 1)
        #expect(summary.likesTrained == 31)
        #expect(trained.withLock { $0 }.allSatisfy { $0.author == "friend.test" })
    }

    @Test("a broken export is refused with the file, the byte and what is wrong, and stores nothing", arguments: [
        ("truncated", "runs past the end of the file"), ("garbage", "is not DAG-CBOR"), ("not a car", "not a CAR file"),
        ("missing block", "is not in the file"), ("altered block", "does not match its CID"),
    ])
    func broken(kind: String, message: String) async throws {
        let db = try await MigratedDatabase.make()
        let store = try await PostgresPostStore.open(connection: db.connection, timeZone: .gmt, limit: 10_000)
        let good = Self.fixture().bytes()
        let bytes: [UInt8]
        switch kind {
        case "truncated": bytes = Array(good.prefix(good.count - 40))
        case "garbage":
            var corrupted = good
            // The commit block follows the header: break its CBOR (a reserved additional-info value) after its length and CID.
            let block = Int(good[0]) + 1
            let lengthBytes = good[block] & 0x80 == 0 ? 1 : 2
            corrupted[block + lengthBytes + 36] = 0x1C
            // Its CID (and the header's root) follow the new bytes, so only the CBOR is wrong.
            bytes = Self.rehashed(corrupted, block: block, lengthBytes: lengthBytes)
        case "altered block":
            // One byte of the commit changed, its CID left as it was: the hash check names the block.
            var altered = good
            let block = Int(good[0]) + 1
            let lengthBytes = good[block] & 0x80 == 0 ? 1 : 2
            altered[block + lengthBytes + 40] ^= 0x01
            bytes = altered
        case "not a car": bytes = Array("{\"not\": \"a car\"}".utf8)
        default:
            // Drop the last block (a record or a tree node) from an otherwise whole file.
            var offset = Int(good[0]) + 1
            var last = offset
            while offset < good.count {
                last = offset
                var length = 0, shift = 0, index = offset
                while true {
                    let byte = good[index]
                    length |= Int(byte & 0x7F) << shift
                    index += 1
                    if byte & 0x80 == 0 { break }
                    shift += 7
                }
                offset = index + length
            }
            bytes = Array(good[..<last])
        }
        let file = try Self.fixture().write(bytes)
        let error = try await #require(throws: InputError.self) {
            try await ArchiveImporter(store: store).importBlueskyRepository(at: file.path)
        }
        #expect(error.file == file.path)
        #expect(error.position.hasPrefix("byte "))
        #expect(error.message.contains(message), "\(error)")
        #expect(try await db.posts().isEmpty)
    }

    /// `car` with the block at `block` (its varint length `lengthBytes` long) given the CID of
    /// its bytes, and the header's root (the commit) pointed at it.
    static func rehashed(_ car: [UInt8], block: Int, lengthBytes: Int) -> [UInt8] {
        var car = car
        var length = 0
        for (index, byte) in car[block..<(block + lengthBytes)].enumerated() { length |= Int(byte & 0x7F) << (7 * index) }
        let digestStart = block + lengthBytes + 4
        let dataStart = block + lengthBytes + 36
        let old = Array(car[digestStart..<dataStart])
        let new = BlueskyExportFixture.sha256(Array(car[dataStart..<(block + lengthBytes + length)]))
        car.replaceSubrange(digestStart..<dataStart, with: new)
        // The header names the commit by the same digest.
        let header = 1..<block
        if let at = (header.lowerBound...(header.upperBound - 32)).first(where: { Array(car[$0..<($0 + 32)]) == old }) {
            car.replaceSubrange(at..<(at + 32), with: new)
        }
        return car
    }

    @Test("a post record the lexicon does not allow is refused naming its path, exit 65's error, nothing stored", arguments: [
        ("no text", CBORValue.object(["$type": .text("app.bsky.feed.post"), "createdAt": .text("2024-05-01T07:00:00.000Z")]), "it has no text"),
        ("number text", CBORValue.object(["$type": .text("app.bsky.feed.post"), "text": .unsigned(7), "createdAt": .text("2024-05-01T07:00:00.000Z")]),
         "its text is not a string"),
        ("bad date", CBORValue.object(["$type": .text("app.bsky.feed.post"), "text": .text("hi"), "createdAt": .text("yesterday-ish")]),
         "its createdAt \"yesterday-ish\" is not an AT Protocol datetime"),
        ("no text, bad date", CBORValue.object(["$type": .text("app.bsky.feed.post"), "createdAt": .text("yesterday-ish")]), "it has no text"),
        ("no date", CBORValue.object(["$type": .text("app.bsky.feed.post"), "text": .text("hi")]), "it has no createdAt"),
        ("lowercase t", CBORValue.object(["$type": .text("app.bsky.feed.post"), "text": .text("hi"), "createdAt": .text("2024-05-01t07:00:00Z")]),
         "is not an AT Protocol datetime"),
    ])
    func invalidPostRecord(name: String, value: CBORValue, message: String) async throws {
        let db = try await MigratedDatabase.make()
        let store = try await PostgresPostStore.open(connection: db.connection, timeZone: .gmt, limit: 10_000)
        var records = Self.fixture().records
        records.append(.raw(key: "app.bsky.feed.post/3kzzzzzzzzz22", value: value))
        let file = try BlueskyExportFixture(did: Self.did, records: records).write()
        let error = try await #require(throws: InputError.self) {
            try await ArchiveImporter(store: store).importBlueskyRepository(at: file.path)
        }
        #expect(error.file == file.path)
        #expect(error.message.contains("the record app.bsky.feed.post/3kzzzzzzzzz22 is not a valid app.bsky.feed.post"), "\(error)")
        #expect(error.message.contains(message), "\(error)")
        #expect(try await db.posts().isEmpty)
    }

    @Test("an image-only post (text \"\") is still a counted empty skip, not a refusal")
    func emptyText() async throws {
        let db = try await MigratedDatabase.make()
        let store = try await PostgresPostStore.open(connection: db.connection, timeZone: .gmt, limit: 10_000)
        let file = try BlueskyExportFixture(did: Self.did, records: [
            .post(rkey: "3kaaaaaaaaa22", text: "", createdAt: "2024-05-01T07:40:00.000Z"),
            .post(rkey: "3kaaaaaaaab22", text: "おはよう", createdAt: "2024-05-01T07:41:00.000Z"),
        ]).write()
        let summary = try await ArchiveImporter(store: store).importBlueskyRepository(at: file.path)
        #expect(summary.stored == 1)
        #expect(summary.empty == 1)
    }
}
