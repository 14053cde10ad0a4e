import BlueskyAPI
import FakeBluesky
import Foundation
import MirrorBot
import TestSupport
import Testing

extension BlueskyEndToEnd {
    @Suite("mirror-bot start against the fake Bluesky", .serialized)
    struct BlueskyDaemonEndToEndTests {
        @Test("BLUESKY_LIKE_SCOPE=all likes the ramen post of an account that does not follow the bot too")
        func likeScopeAll() async throws {
            try await BlueskyDaemonHarness.ready { harness in
                let activity = harness.addActivity()
                let daemon = try harness.startDaemon(["BLUESKY_LIKE_SCOPE": "all"])
                #expect(await harness.waitFor(30) { harness.likes.count >= 2 }, "\(harness.output)")
                #expect(await harness.waitForMoreRounds(), "\(harness.output)")
                #expect(Set(harness.likes) == [activity.ramen, activity.fanRamen])
                #expect(harness.stop(daemon) == 0)
            }
        }

        @Test("access tokens expiring every few seconds are refreshed, never logged in again, and nothing is repeated")
        func expiredSessionsRefreshed() async throws {
            try await BlueskyDaemonHarness.ready { harness in
                harness.server.setAccessTokenLifetime(2)
                _ = harness.addActivity()
                let daemon = try harness.startDaemon()
                #expect(await harness.waitFor(30) { harness.writeCounts == (1, 1, 1) }, "\(harness.output)")
                #expect(await harness.waitFor(30) { harness.refreshes >= 4 }, "\(harness.output)")
                let again = harness.friendMentionsBotAgain()
                #expect(await harness.waitFor(20) { harness.replied(to: again) }, "\(harness.output)")
                #expect(harness.logins() == 2)
                #expect(harness.writeCounts == (2, 1, 1))
                #expect(harness.output.contains("event=bluesky_session_refreshed"))
                #expect(!harness.output.contains("eyJ"))
                #expect(harness.stop(daemon) == 0)
            }
        }

    }
}

extension BlueskyEndToEnd {
    @Suite("mirror-bot import of a Bluesky repository export, then start", .serialized)
    struct BlueskyImportEndToEndTests {
        @Test("the export's posts are stored, its likes looked up and learned, and its replies answer the same person")
        func importThenAnswer() async throws {
            try await BlueskyDaemonHarness.ready { harness in
                let ramen = harness.server.addPost(did: BlueskyDaemonHarness.foodie, text: "味噌ラーメンの季節", createdAt: Date().addingTimeInterval(-86_400))
                let boosterPost = harness.server.addPost(did: BlueskyDaemonHarness.booster, text: "また遊ぼう", createdAt: Date().addingTimeInterval(-86_400))
                let export = BlueskyExportFixture(did: BlueskyDaemonHarness.human, records: [
                    .post(rkey: "3kaaaaaaaaa22", text: "エクスポートからの投稿", createdAt: "2023-05-01T10:00:00.000Z"),
                    .post(rkey: "3kaaaaaaaab22", text: "@booster.test また今度ね", createdAt: "2023-05-02T10:00:00.000Z", replyTo: boosterPost),
                    .repost(rkey: "3kaaaaaaaac22", subject: ramen),
                    .like(rkey: "3kaaaaaaaad22", subject: ramen),
                    .like(rkey: "3kaaaaaaaae22", subject: "at://\(BlueskyDaemonHarness.foodie)/app.bsky.feed.post/3kdeleted2222"),
                ])
                let file = try export.write()
                let result = try BinaryRunner.run(["import", file.path], environment: harness.environment)
                #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
                #expect(result.stdout.contains("Imported 2 posts (0 already stored, 1 retweets skipped); likes: 1 of 1 trained."), "\(result.stdout)")
                #expect(harness.server.requestCount(endpoint: "GET app.bsky.feed.getPosts") == 1)

                // The exported reply is still on the network (the bot looks it up before it reuses it).
                harness.server.addPost(
                    did: BlueskyDaemonHarness.human, text: "@booster.test また今度ね", createdAt: Date(timeIntervalSince1970: 1_683_021_600),
                    replyTo: boosterPost, rkey: "3kaaaaaaaab22")
                let daemon = try harness.startDaemon()
                #expect(await harness.waitFor(30) { harness.output.contains("event=started") }, "\(harness.output)")
                let mention = harness.server.addPost(did: BlueskyDaemonHarness.booster, text: "@mirror.test 久しぶり")
                #expect(await harness.waitFor(20) { harness.replied(to: mention) }, "\(harness.output)")
                #expect(harness.replies.first { $0.parent == mention }?.text == "また今度ね")
                #expect(harness.stop(daemon) == 0)
            }
        }

        @Test("an imported link post, emoji and Japanese before the link, is reposted with the record's text and facets byte for byte")
        func linkPostReposted() async throws {
            try await BlueskyDaemonHarness.ready { harness in
                // Only the export's post is near the slot the plan makes due now.
                let createdAt = try await harness.dueInstants()
                let shown = "今日の道具🛠️🎉は これ example.org/2023/11/tool..."
                let start = "今日の道具🛠️🎉は これ ".utf8.count
                let uri = "https://example.org/2023/11/tool-of-the-month-for-everyone"
                let export = BlueskyExportFixture(did: BlueskyDaemonHarness.human, records: createdAt.enumerated().map { index, date in
                    .post(rkey: TID.make(microseconds: UInt64(date.timeIntervalSince1970 * 1_000_000), clockID: 1),
                          text: shown, createdAt: BlueskyTimestamp.format(date), link: (start, shown.utf8.count, uri))
                })
                let result = try BinaryRunner.run(["import", try export.write().path], environment: harness.environment)
                #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
                // The exported posts are still on the network (the bot looks each up before it posts it).
                for date in createdAt {
                    harness.server.addPost(
                        did: BlueskyDaemonHarness.human, text: shown, createdAt: date,
                        facets: [BlueskyFacet(byteStart: start, byteEnd: shown.utf8.count, features: [.link(uri: uri)])],
                        rkey: TID.make(microseconds: UInt64(date.timeIntervalSince1970 * 1_000_000), clockID: 1))
                }

                let daemon = try harness.startDaemon()
                #expect(await harness.waitFor(30) { harness.posts.count >= 1 }, "\(harness.output)")
                let written = harness.server.writes.compactMap { write -> (String, [BlueskyFacet])? in
                    if case .post(_, _, let text, let facets) = write { (text, facets) } else { nil }
                }
                #expect(written.count == 1)
                #expect(written.first.map { Array($0.0.utf8) } == Array(shown.utf8))
                #expect(written.first?.1 == [BlueskyFacet(byteStart: start, byteEnd: shown.utf8.count, features: [.link(uri: uri)])])
                #expect(harness.stop(daemon) == 0)
            }
        }

        @Test("a truncated export is refused like a malformed archive: the file and byte named, exit 65, nothing stored")
        func brokenExport() async throws {
            try await BlueskyDaemonHarness.ready { harness in
                let export = BlueskyExportFixture(did: BlueskyDaemonHarness.human, records: [
                    .post(rkey: "3kaaaaaaaaa22", text: "エクスポートからの投稿", createdAt: "2023-05-01T10:00:00.000Z"),
                    .post(rkey: "3kaaaaaaaab22", text: "もうひとつ", createdAt: "2023-05-02T10:00:00.000Z"),
                ])
                let bytes = export.bytes()
                let file = try export.write(Array(bytes.prefix(bytes.count - 10)))
                let before = try await harness.connection.query("SELECT count(*) AS n FROM posts").first?.decode("n", as: Int.self)
                let result = try BinaryRunner.run(["import", file.path], environment: harness.environment)
                #expect(result.status == 65, "\(result.stdout)\(result.stderr)")
                #expect(result.stderr.contains(file.path) && result.stderr.contains("byte "), "\(result.stderr)")
                let after = try await harness.connection.query("SELECT count(*) AS n FROM posts").first?.decode("n", as: Int.self)
                #expect(after == before)
            }
        }
    }
}
