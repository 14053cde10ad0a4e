import Foundation
import MirrorBot
@testable import MirrorBotBluesky
import MirrorBotImport
import MirrorBotMastodon
import MirrorBotMisskey
import MirrorBotX
import Testing

/// Each network's ids tell their time (the human's reply delays): checked against the times the
/// platforms themselves wrote beside the ids in the real exports, and against the specs' examples.
@Suite("Post ids carry their time")
struct PostIDClockTests {
    /// The array of a `window.YTD.… = [...]` file or a JSON file, as objects.
    func objects(_ path: URL) throws -> [[String: Any]] {
        let text = try String(contentsOf: path, encoding: .utf8)
        let json = text[(text.firstIndex(where: { $0 == "[" || $0 == "{" }) ?? text.startIndex)...]
        let value = try JSONSerialization.jsonObject(with: Data(json.utf8))
        return (value as? [[String: Any]]) ?? []
    }

    @Test("X: every snowflake id of the real archives agrees with its created_at within a second; pre-snowflake ids have no time")
    func xArchives() throws {
        guard let root = RealData.root else { return }
        let clock = XPostIDClock()
        var checked = 0
        var sequential = 0
        for file in ["x/TweetArchive/data/tweet.js", "x/andreruffert-twitter/data/tweets.js"] {
            for entry in try objects(root.appendingPathComponent(file)) {
                let tweet = (entry["tweet"] as? [String: Any]) ?? entry
                let id = try #require(tweet["id_str"] as? String)
                let created = try #require((tweet["created_at"] as? String).flatMap(PostTimestamp.parse))
                guard let time = clock.postTime(ofID: id) else {
                    #expect(created < Date(timeIntervalSince1970: 1_288_834_974), "id \(id) of \(created) has no time")
                    sequential += 1
                    continue
                }
                #expect(abs(time.timeIntervalSince(created)) < 1, "id \(id): \(time) against created_at \(created)")
                checked += 1
            }
        }
        #expect(checked == 1163 + 1982)
        #expect(sequential == 4)
        #expect(clock.postTime(ofID: "28913181384") == nil)
        #expect(clock.postTime(ofID: "at://did:plc:x/app.bsky.feed.post/3jzfcijpj2z2a") == nil)
    }

    @Test("Mastodon: the status ids of the real outboxes agree with `published` (whole seconds) within two seconds; small ids have no time")
    func mastodonOutboxes() throws {
        guard let root = RealData.root else { return }
        let clock = MastodonPostIDClock()
        var checked = 0
        for file in ["mastodon/goija-mastodon/outbox.json", "mastodon/Mastodon-archive/outbox.json"] {
            let outbox = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent(file))) as? [String: Any])
            for item in outbox["orderedItems"] as? [[String: Any]] ?? [] {
                guard let note = item["object"] as? [String: Any], let url = note["id"] as? String,
                    let range = url.range(of: "/statuses/") else { continue }
                let id = String(url[range.upperBound...])
                let published = try #require((note["published"] as? String).flatMap(PostTimestamp.parse))
                let time = try #require(clock.postTime(ofID: id))
                #expect(abs(time.timeIntervalSince(published)) < 2, "status \(id): \(time) against published \(published)")
                checked += 1
            }
        }
        #expect(checked == 292 + 1425)
        #expect(clock.postTime(ofID: "12345") == nil)
        #expect(clock.postTime(ofID: "https://other.example/users/bob/statuses/1") == nil)
    }

    @Test("Bluesky: a real repository's TID record keys are the records' createdAt or up to 30 s after (the write); the spec's TID reads as its time")
    func blueskyRepository() throws {
        let clock = BlueskyPostIDClock()
        // atproto-interop-tests syntax/tid_syntax_valid.txt: 3jzfcijpj2z2a is 1688137381887007 µs.
        let spec = try #require(clock.postTime(ofID: "at://did:plc:x/app.bsky.feed.post/3jzfcijpj2z2a"))
        #expect(abs(spec.timeIntervalSince1970 - 1_688_137_381.887007) < 1e-5)
        #expect(clock.postTime(ofID: "3jzfcijpj2z2a") == spec)
        #expect(clock.postTime(ofID: "at://did:plc:x/app.bsky.feed.post/self") == nil)
        #expect(clock.postTime(ofID: "kjzfcijpj2z2a") == nil)  // the top bit set: no TID
        guard let root = RealData.root else { return }
        let (posts, _, _) = try ArchiveImporter.readRepository(at: root.appendingPathComponent("bluesky/bnewbold.car").path)
        var agree = 0
        var timed = 0
        for post in posts {
            guard let time = clock.postTime(ofID: post.id) else { continue }
            timed += 1
            // The TID is the PDS's write time; createdAt the client's, when the post was composed: a few seconds before.
            let lag = time.timeIntervalSince(post.createdAt)
            #expect(lag > -1 && lag < 30, "\(post.id): TID \(time) against createdAt \(post.createdAt)")
            if abs(lag) < 1 { agree += 1 }
        }
        #expect(timed == 23)
        #expect(agree == 17)
    }

    @Test("Misskey: aid, aidx, meid, objectid and ulid read as their time (values computed apart, and the ULID and ObjectId specs' examples)")
    func misskeyIDs() {
        let clock = MisskeyPostIDClock()
        let time = Date(timeIntervalSince1970: 1_714_566_896.789)  // 2024-05-01T12:34:56.789Z
        #expect(clock.postTime(ofID: "9srd69w5ab") == time)  // aid
        #expect(clock.postTime(ofID: "9srd69w50a1b2c3d") == time)  // aidx
        #expect(clock.postTime(ofID: "818f34269c95000000000000") == time)  // meid
        #expect(clock.postTime(ofID: "507f1f77bcf86cd799439011") == Date(timeIntervalSince1970: 1_350_508_407))  // objectid
        #expect(clock.postTime(ofID: "01ARYZ6S41TSV4RRFFQ69G5FAV") == Date(timeIntervalSince1970: 1_469_918_176.385))  // ulid
        #expect(clock.postTime(ofID: "9srd69w5a") == nil)
        #expect(clock.postTime(ofID: "9srd69w5a!") == nil)
    }
}
