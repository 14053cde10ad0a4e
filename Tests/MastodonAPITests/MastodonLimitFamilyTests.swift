import APIClientCore
import FakeMastodon
import Foundation
import MastodonAPI
import Testing

@Suite("Mastodon's overlapping limits: one book entry per family, enforced by the fake on a manual clock")
struct MastodonLimitFamilyTests {
    static let threeHours: TimeInterval = 3 * 3600

    @Test("posting is the statuses family, a request with since_id or max_id a paging one, the rest only the shared window")
    func families() {
        #expect(PostStatus(status: "a").rateLimitFamily == "statuses")
        #expect(PostStatus(status: "a", inReplyToID: "9").rateLimitFamily == "statuses")
        #expect(MastodonListRequest.mentions(sinceID: "5").rateLimitFamily == "paging")
        #expect(MastodonListRequest.homeTimeline(sinceID: "5").rateLimitFamily == "paging")
        #expect(MastodonListRequest.mentions().rateLimitFamily == nil)
        #expect(MastodonListRequest.favourites().rateLimitFamily == nil)
        #expect(FavouriteStatus(statusID: "7").rateLimitFamily == nil)
        #expect(VerifyCredentials().rateLimitFamily == nil)
        #expect(UploadMedia(data: Data(), contentType: "image/png", filename: "a.png", description: nil).rateLimitFamily == "media")
        #expect(GetMedia(mediaID: "1").rateLimitFamily == nil)
    }

    @Test("the fake refuses the 31st upload in 30 minutes (429) while posting goes on; the book holds uploads only")
    func mediaFamily() async throws {
        let fixture = try FakeMastodonFixture()
        fixture.server.setMediaProcessing(polls: 0)
        let client = fixture.client(fixture.botToken)
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        for _ in 0..<30 { _ = try await client.send(UploadMedia(data: png, contentType: "image/png", filename: "a.png", description: nil)) }
        let refused = await #expect(throws: MastodonAPIError.self) {
            try await client.send(UploadMedia(data: png, contentType: "image/png", filename: "a.png", description: nil))
        }
        guard case .rateLimited(let endpoint, _)? = refused else { Issue.record("not rateLimited: \(String(describing: refused))"); return }
        #expect(endpoint == "POST /api/v2/media")
        #expect(fixture.server.uploads.count == 30)
        #expect(await client.rateLimits.window(family: "media")?.isSpent == true)
        _ = try await client.send(PostStatus(status: "words go on"))
        #expect(fixture.server.requests.last?.status == 200)
    }

    @Test("a posting 429 three hours from its reset holds posting only; reads and favourites go on; posting resumes at the reset")
    func postingSpentHoldsPostingOnly() async throws {
        let fixture = try FakeMastodonFixture()
        // Limit 0: the account's next post opens a spent window of three hours.
        fixture.server.setRateLimit(.statuses, limit: 0, window: Self.threeHours)
        let start = fixture.clock.now()
        let status = fixture.server.addStatus(accountID: "3", text: "hello")
        let client = fixture.client()

        let refused = await #expect(throws: MastodonAPIError.self) { try await client.send(PostStatus(status: "second")) }
        #expect(fixture.server.requests.last?.status == 429)
        guard case .rateLimited(let endpoint, let resetAt)? = refused else { Issue.record("not rateLimited: \(String(describing: refused))"); return }
        #expect(endpoint == "POST /api/v1/statuses")
        #expect(abs(resetAt.timeIntervalSince(start) - Self.threeHours) < 2)
        // The book holds the statuses family, not the account's shared window.
        #expect(await client.rateLimits.window(family: "statuses")?.isSpent == true)
        #expect(await client.rateLimits.window(endpoint: "GET /api/v1/notifications")?.isSpent != true)

        let postsSent = fixture.server.requestCount(endpoint: "POST /api/v1/statuses")
        _ = try await client.send(VerifyCredentials())
        _ = try await client.send(MastodonListRequest.mentions(sinceID: "1"))
        _ = try await client.send(MastodonListRequest.homeTimeline())
        _ = try await client.send(FavouriteStatus(statusID: status))
        #expect(fixture.recordedSleeps.isEmpty)
        // A third post is held by the book, unsent.
        await #expect(throws: MastodonAPIError.self) { try await client.send(PostStatus(status: "third")) }
        #expect(fixture.server.requestCount(endpoint: "POST /api/v1/statuses") == postsSent)

        fixture.server.setRateLimit(.statuses, limit: 300, window: Self.threeHours)
        try await fixture.clock.sleep(for: .seconds(Self.threeHours + 1))
        _ = try await client.send(PostStatus(status: "third"))
        #expect(fixture.server.requests.last?.status == 200)
    }

    @Test("the fake refuses the 301st paging request in 15 minutes while plain requests pass, and reports the paging window")
    func pagingFamily() async throws {
        let fixture = try FakeMastodonFixture()
        fixture.server.setRateLimit(.paging, limit: 2, window: 15 * 60)
        let client = fixture.client()
        _ = try await client.send(MastodonListRequest.mentions(sinceID: "1"))
        _ = try await client.send(MastodonListRequest.mentions(sinceID: "1"))
        // Two used of two: the paging window is the closest to running out, and spent.
        let paging = try #require(await client.rateLimits.window(family: "paging"))
        #expect(paging.remaining == 0 && paging.limit == 2)
        #expect(abs(paging.resetAt.timeIntervalSince(fixture.clock.now()) - 15 * 60) < 2)

        let sent = fixture.server.requests.count
        await #expect(throws: MastodonAPIError.self) { try await client.send(MastodonListRequest.mentions(sinceID: "1")) }
        #expect(fixture.server.requests.count == sent)
        _ = try await client.send(MastodonListRequest.mentions())
        _ = try await client.send(VerifyCredentials())

        // Another client of the account does not know: the fake itself refuses the paged read.
        await #expect(throws: MastodonAPIError.self) { try await fixture.client().send(MastodonListRequest.mentions(sinceID: "1")) }
        #expect(fixture.server.requests.last?.status == 429)
        try await fixture.clock.sleep(for: .seconds(15 * 60 + 1))
        _ = try await client.send(MastodonListRequest.mentions(sinceID: "1"))
        #expect(fixture.server.requests.last?.status == 200)
    }

    @Test("by default the headers report the limit with the fewest left: of equals the longer, posting's 300 per 3 hours")
    func defaults() async throws {
        let fixture = try FakeMastodonFixture()
        let client = fixture.client()
        let start = fixture.clock.now()
        // A first post: 299 left of both; the headers report posting's three hours.
        _ = try await client.send(PostStatus(status: "hello"))
        let statuses = try #require(await client.rateLimits.window(family: "statuses"))
        #expect(statuses.limit == 300 && statuses.remaining == 299)
        #expect(abs(statuses.resetAt.timeIntervalSince(start) - Self.threeHours) < 2)
        // Then the shared window has the fewest left, and a second post reports it.
        _ = try await client.send(VerifyCredentials())
        _ = try await client.send(PostStatus(status: "again"))
        let shared = try #require(await client.rateLimits.window(endpoint: "POST /api/v1/statuses"))
        #expect(shared.limit == 300 && shared.remaining == 297)
        #expect(abs(shared.resetAt.timeIntervalSince(start) - 300) < 2)
        #expect(await client.rateLimits.window(family: "statuses")?.remaining == 299)
    }

    @Test("a spent shared window holds every family")
    func sharedHoldsAll() async throws {
        let fixture = try FakeMastodonFixture()
        fixture.server.setRateLimit(limit: 1, window: 300)
        let client = fixture.client(maxAttempts: 1)
        _ = try await client.send(VerifyCredentials())
        let sent = fixture.server.requests.count
        for send in [
            { _ = try await client.send(PostStatus(status: "x")) },
            { _ = try await client.send(MastodonListRequest.mentions(sinceID: "1")) },
        ] as [@Sendable () async throws -> Void] {
            await #expect(throws: MastodonAPIError.self) { try await send() }
        }
        #expect(fixture.server.requests.count == sent)
    }
}
