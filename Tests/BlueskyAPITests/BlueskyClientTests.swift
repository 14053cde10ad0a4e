import APIClientTestSupport
import BlueskyAPI
import FakeBluesky
import Foundation
import Testing

@Suite("BlueskyClient against the fake over HTTP", .serialized)
struct BlueskyClientTests {
    typealias F = FakeBlueskyFixture

    @Test("the author feed pages by cursor, newest first, reposts marked by their reason")
    func authorFeed() async throws {
        let fixture = try F()
        let friendPost = fixture.server.addPost(did: F.friend, text: "hello")
        var mine: [String] = []
        for index in 0..<5 { mine.append(fixture.server.addPost(did: F.human, text: "post \(index)")) }
        fixture.server.addRepost(did: F.human, of: friendPost)
        let client = fixture.client("human.test", password: F.humanPassword)
        let first = try await client.send(GetAuthorFeed(actor: F.human, page: XRPCPage(limit: 4)))
        #expect(first.feed.count == 4)
        #expect(first.feed[0].isRepost && first.feed[0].post.uri == friendPost)
        #expect(first.feed.dropFirst().map(\.post.uri) == Array(mine.reversed().prefix(3)))
        let second = try await client.send(GetAuthorFeed(actor: F.human, page: XRPCPage(limit: 4, cursor: first.cursor)))
        #expect(second.feed.map(\.post.uri) == Array(mine.reversed().suffix(2)))
        #expect(second.cursor == nil)
    }

    @Test("notifications carry the mentioning post's record; followedBy shows who follows the viewer")
    func notificationsAndViewer() async throws {
        let fixture = try F()
        fixture.server.follow(F.friend, F.bot)
        let mention = fixture.server.addPost(did: F.friend, text: "@mirror.test 元気？")
        let page = try await fixture.client().send(ListNotifications(reasons: ["mention", "reply"]))
        #expect(page.notifications.map(\.uri) == [mention])
        #expect(page.notifications.first?.reason == "mention")
        #expect(page.notifications.first?.record?.text == "@mirror.test 元気？")
        #expect(page.notifications.first?.author.viewer?.followedBy != nil)
    }

    @Test("a record written with a chosen key after a lost answer is found at its key: one record")
    func createRecordExactlyOnce() async throws {
        let fixture = try F()
        fixture.server.injectFault(.dropAfterWrite, count: 1, endpoint: F.create)
        let client = fixture.client()
        let rkey = TID.next(now: Date())
        let record = BlueskyPostRecord(text: "おはよう", createdAt: BlueskyTimestamp.format(Date()))
        let written = try await client.createRecord(record, collection: BlueskyPostRecord.type, rkey: rkey) { $0.text == record.text }
        #expect(written.uri == "at://\(F.bot)/app.bsky.feed.post/\(rkey)")
        #expect(fixture.server.writes.count == 1)
        #expect(fixture.count(F.create) == 2)
        #expect(fixture.count("GET com.atproto.repo.getRecord") == 1)
    }

    @Test("a write that never got through is reported as failed, and its key holds nothing")
    func createRecordFailed() async throws {
        let fixture = try F()
        fixture.server.injectFault(.serverError(status: 503), count: 2, endpoint: F.create)
        let client = fixture.client(maxAttempts: 2)
        let rkey = TID.next(now: Date())
        let record = BlueskyPostRecord(text: "おはよう", createdAt: BlueskyTimestamp.format(Date()))
        await #expect(throws: BlueskyAPIError.self) {
            _ = try await client.createRecord(record, collection: BlueskyPostRecord.type, rkey: rkey) { _ in true }
        }
        #expect(fixture.server.writes.isEmpty)
    }

    @Test("the fake refuses what Bluesky would: 301 graphemes, a facet cutting a character, a wrong reply root")
    func refusals() async throws {
        let fixture = try F()
        let client = fixture.client()
        let now = BlueskyTimestamp.format(Date())
        func write(_ record: BlueskyPostRecord) async -> BlueskyAPIError? {
            do {
                _ = try await client.createRecord(record, collection: BlueskyPostRecord.type, rkey: TID.next(now: Date())) { _ in true }
                return nil
            } catch let error as BlueskyAPIError { return error } catch { return nil }
        }
        let long = await write(BlueskyPostRecord(text: String(repeating: "あ", count: 301), createdAt: now))
        #expect(long?.description.contains("300 graphemes") == true)
        let cut = await write(BlueskyPostRecord(
            text: "あいう", createdAt: now, facets: [BlueskyFacet(byteStart: 1, byteEnd: 3, features: [.tag("x")])]))
        #expect(cut?.description.contains("cuts a character") == true)
        let root = fixture.server.addPost(did: F.friend, text: "root")
        let child = fixture.server.addPost(did: F.friend, text: "child", replyTo: root)
        let childView = try #require(fixture.server.post(uri: child))
        let wrong = await write(BlueskyPostRecord(text: "reply", createdAt: now, reply: BlueskyReplyRef(root: childView.ref, parent: childView.ref)))
        #expect(wrong?.description.contains("reply root") == true)
        #expect(fixture.server.writes.isEmpty)
    }

    @Test("a spent window is waited out until its reset, then the request goes through")
    func rateLimitWait() async throws {
        // On a clock that moves only when the client waits: the three requests fall in one window
        // however slow the machine (on the real clock a loaded one spanned a reset between them).
        let fixture = try F(clock: ManualClock(Date()))
        fixture.server.setRateLimit(limit: 2, window: 2)
        let client = fixture.client()
        for _ in 0..<3 { _ = try await client.send(GetSession()) }
        #expect(fixture.recordedSleeps.contains { $0 > .milliseconds(100) })
        #expect(fixture.count("GET com.atproto.server.getSession", status: 429) <= 1)
    }

    @Test("5xx, garbage and dropped connections are retried; other refusals are not")
    func retries() async throws {
        let fixture = try F()
        let client = fixture.client()
        _ = try await client.session()
        fixture.server.injectFault(.serverError(status: 502), count: 1)
        fixture.server.injectFault(.garbageBody, count: 1)
        fixture.server.injectFault(.dropConnection, count: 1)
        #expect(try await client.send(GetProfile(actor: "mirror.test")).isSelfLabeledBot)
        #expect(fixture.count("GET app.bsky.actor.getProfile") == 4)
        await #expect(throws: BlueskyAPIError.self) { _ = try await client.send(GetProfile(actor: "nobody.test")) }
        #expect(fixture.count("GET app.bsky.actor.getProfile") == 5)
    }
}

@Suite("Record writes across a session renewal", .serialized)
struct BlueskyRecordRenewalTests {
    // As when a retry after a lost answer met an expired token and was sent again after the refresh.
    @Test("a record key already taken by this very record, refused on a fresh send, counts as written")
    func alreadyThere() async throws {
        let fixture = try FakeBlueskyFixture()
        let client = fixture.client()
        let rkey = TID.next(now: Date())
        let record = BlueskyPostRecord(text: "おはよう", createdAt: BlueskyTimestamp.format(Date()))
        _ = try await client.createRecord(record, collection: BlueskyPostRecord.type, rkey: rkey) { _ in true }
        let again = try await client.createRecord(record, collection: BlueskyPostRecord.type, rkey: rkey) { $0.text == record.text }
        #expect(again.uri.hasSuffix(rkey))
        #expect(fixture.server.writes.count == 1)
        // A different record at that key is not taken for this one.
        let other = BlueskyPostRecord(text: "こんばんは", createdAt: BlueskyTimestamp.format(Date()))
        await #expect(throws: BlueskyAPIError.self) {
            _ = try await client.createRecord(other, collection: BlueskyPostRecord.type, rkey: rkey) { $0.text == other.text }
        }
    }
}

@Suite("BlueskyAPIError's lines")
struct BlueskyAPIErrorLineTests {
    @Test("a failure shows the error name before the detail, and the status only when a response came")
    func failed() {
        let endpoint = "POST com.atproto.repo.createRecord"
        #expect(BlueskyAPIError.failed(endpoint: endpoint, status: 400, error: "InvalidRequest", detail: "bad record").description == "\(endpoint): HTTP 400: InvalidRequest: bad record")
        #expect(BlueskyAPIError.failed(endpoint: endpoint, status: 0, error: nil, detail: "connection reset").description == "\(endpoint): connection reset")
        #expect(BlueskyAPIError.unauthorized(endpoint: endpoint, detail: "no session").description == "\(endpoint): HTTP 401 unauthorized: no session")
    }
}
