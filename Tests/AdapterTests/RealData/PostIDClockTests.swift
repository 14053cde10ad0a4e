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

    /// Every tweet of the two real X archives: (id, created_at).
    func realTweets(_ root: URL) throws -> [(id: String, created: Date)] {
        var tweets: [(id: String, created: Date)] = []
        for file in ["x/TweetArchive/data/tweet.js", "x/andreruffert-twitter/data/tweets.js"] {
            for entry in try objects(root.appendingPathComponent(file)) {
                let tweet = (entry["tweet"] as? [String: Any]) ?? entry
                let id = try #require(tweet["id_str"] as? String)
                tweets.append((id, try #require((tweet["created_at"] as? String).flatMap(PostTimestamp.parse))))
            }
        }
        return tweets
    }

    /// Every status of the two real Mastodon outboxes: (id, published).
    func realStatuses(_ root: URL) throws -> [(id: String, published: Date)] {
        var statuses: [(id: String, published: Date)] = []
        for file in ["mastodon/goija-mastodon/outbox.json", "mastodon/Mastodon-archive/outbox.json"] {
            let outbox = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent(file))) as? [String: Any])
            for item in outbox["orderedItems"] as? [[String: Any]] ?? [] {
                guard let note = item["object"] as? [String: Any], let url = note["id"] as? String,
                    let range = url.range(of: "/statuses/") else { continue }
                statuses.append((String(url[range.upperBound...]), try #require((note["published"] as? String).flatMap(PostTimestamp.parse))))
            }
        }
        return statuses
    }

    @Test("X: every snowflake id of the real archives agrees with its created_at within a second; pre-snowflake ids have no time")
    func xArchives() throws {
        guard let root = try RealData.folder() else { return }
        let clock = XPostIDClock()
        var checked = 0
        var sequential = 0
        for (id, created) in try realTweets(root) {
            guard let time = clock.postTime(ofID: id) else {
                #expect(created < Date(timeIntervalSince1970: 1_288_834_974), "id \(id) of \(created) has no time")
                sequential += 1
                continue
            }
            #expect(abs(time.timeIntervalSince(created)) < 1, "id \(id): \(time) against created_at \(created)")
            checked += 1
        }
        #expect(checked == 1163 + 1982)
        #expect(sequential == 4)
        #expect(clock.postTime(ofID: "28913181384") == nil)
        #expect(clock.postTime(ofID: "at://did:plc:x/app.bsky.feed.post/3jzfcijpj2z2a") == nil)
    }

    @Test("Mastodon: the status ids of the real outboxes agree with `published` (whole seconds) within two seconds; small ids have no time")
    func mastodonOutboxes() throws {
        guard let root = try RealData.folder() else { return }
        let clock = MastodonPostIDClock()
        var checked = 0
        for (id, published) in try realStatuses(root) {
            let time = try #require(clock.postTime(ofID: id))
            #expect(abs(time.timeIntervalSince(published)) < 2, "status \(id): \(time) against published \(published)")
            checked += 1
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
        guard let root = try RealData.folder() else { return }
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

    @Test("Each network's clock owns its own real posts and none of the other networks' (an export imported after a move is never looked up)")
    func ownPostsOfRealExports() throws {
        guard let root = try RealData.folder() else { return }
        let x = XPostIDClock(), mastodon = MastodonPostIDClock(), bluesky = BlueskyPostIDClock(), misskey = MisskeyPostIDClock()
        let tweets = try realTweets(root)
        #expect(tweets.count == 1163 + 1982 + 4)
        for (id, created) in tweets {
            #expect(x.isOwnPost(id: id, createdAt: created), "tweet \(id) of \(created)")
            for other in [mastodon, bluesky, misskey] as [any PostIDClock] {
                #expect(!other.isOwnPost(id: id, createdAt: created), "tweet \(id) owned by \(other)")
            }
        }
        let statuses = try realStatuses(root)
        #expect(statuses.count == 292 + 1425)
        for (id, published) in statuses {
            #expect(mastodon.isOwnPost(id: id, createdAt: published), "status \(id)")
            for other in [x, bluesky, misskey] as [any PostIDClock] {
                #expect(!other.isOwnPost(id: id, createdAt: published), "status \(id) owned by \(other)")
            }
        }
        let (posts, _, _) = try ArchiveImporter.readRepository(at: root.appendingPathComponent("bluesky/bnewbold.car").path)
        #expect(!posts.isEmpty)
        for post in posts {
            #expect(bluesky.isOwnPost(id: post.id, createdAt: post.createdAt), "\(post.id)")
            for other in [x, mastodon, misskey] as [any PostIDClock] {
                #expect(!other.isOwnPost(id: post.id, createdAt: post.createdAt), "\(post.id) owned by \(other)")
            }
        }
    }

    @Test("Old sequential ids: X's before snowflakes (2006-2010) are X's; Mastodon's of 2016-2017 are Mastodon's, an old tweet's are not")
    func ownSequentialIDs() {
        let tweetOf2009 = Date(timeIntervalSince1970: 1_240_000_000)
        let statusOf2017 = Date(timeIntervalSince1970: 1_490_000_000)
        #expect(XPostIDClock().isOwnPost(id: "1578223341", createdAt: tweetOf2009))
        #expect(!XPostIDClock().isOwnPost(id: "1578223341", createdAt: statusOf2017))
        #expect(MastodonPostIDClock().isOwnPost(id: "1578223", createdAt: statusOf2017))
        #expect(!MastodonPostIDClock().isOwnPost(id: "1578223341", createdAt: tweetOf2009))
        #expect(!XPostIDClock().isOwnPost(id: "9srd69w5ab", createdAt: statusOf2017))
        let misskeyNote = Date(timeIntervalSince1970: 1_714_566_896.789)
        #expect(MisskeyPostIDClock().isOwnPost(id: "9srd69w5ab", createdAt: misskeyNote))
        #expect(!MisskeyPostIDClock().isOwnPost(id: "9srd69w5ab", createdAt: misskeyNote.addingTimeInterval(86_400)))
    }
}
