import APIClientCore
import Foundation
import MastodonAPI
import Testing

@Suite("Mastodon requests, links and rate-limit headers")
struct MastodonRequestTests {
    @Test("the Idempotency-Key depends only on the request")
    func idempotencyKey() throws {
        let a = PostStatus(status: "hello", inReplyToID: nil, visibility: "unlisted")
        let b = PostStatus(status: "hello", inReplyToID: nil, visibility: "unlisted")
        #expect(a.idempotencyKey == b.idempotencyKey)
        #expect(a.idempotencyKey != PostStatus(status: "hello!", visibility: "unlisted").idempotencyKey)
        #expect(a.idempotencyKey != PostStatus(status: "hello", inReplyToID: "9", visibility: "unlisted").idempotencyKey)
        #expect(a.idempotencyKey != PostStatus(status: "hello", visibility: "public").idempotencyKey)
        let key = try #require(a.idempotencyKey)
        #expect(key.hasPrefix("mirror-bot-") && key.count == "mirror-bot-".count + 32)
    }

    @Test("a post is a form with status, visibility and in_reply_to_id")
    func postForm() {
        let form = PostStatus(status: "a & b", inReplyToID: "42", visibility: "private").form ?? []
        #expect(form.map(\.name) == ["status", "visibility", "in_reply_to_id"])
        #expect(form.map(\.value) == ["a & b", "private", "42"])
        #expect(MastodonPercentEncoding.formString(form) == "status=a%20%26%20b&visibility=private&in_reply_to_id=42")
    }

    @Test("list requests cap the limit per endpoint")
    func limits() {
        #expect(MastodonListRequest.accountStatuses(accountID: "1", limit: 100).query.first { $0.name == "limit" }?.value == "40")
        #expect(MastodonListRequest.mentions(limit: 200).query.first { $0.name == "limit" }?.value == "80")
        let statuses = MastodonListRequest.accountStatuses(accountID: "1", sinceID: "7")
        #expect(statuses.query.contains { $0 == ("exclude_reblogs", "true") })
        #expect(statuses.query.contains { $0 == ("since_id", "7") })
        #expect(MastodonListRequest.mentions().query.contains { $0 == ("types[]", "mention") })
    }

    @Test("the Link header's next query is read, only from the same host")
    func link() throws {
        let base = try #require(URL(string: "https://example.social"))
        let header = "<https://example.social/api/v1/favourites?limit=40&max_id=1234>; rel=\"next\", <https://example.social/api/v1/favourites?min_id=99>; rel=\"prev\""
        let next = try #require(MastodonLink.nextQuery(in: header, base: base))
        #expect(next.map(\.name) == ["limit", "max_id"])
        #expect(next.map(\.value) == ["40", "1234"])
        #expect(MastodonLink.nextQuery(in: "<https://example.social/x?min_id=1>; rel=\"prev\"", base: base) == nil)
        #expect(MastodonLink.nextQuery(in: "<https://evil.example/x?max_id=1>; rel=\"next\"", base: base) == nil)
    }

    /// `%+1` once decoded to the byte 0x01 (`Int(_:radix:)` takes a sign; found by fuzzing, issue 15).
    @Test("a Link query's escapes are % and two hex digits: a sign is no hex digit")
    func linkEscapes() throws {
        #expect(MastodonPercentEncoding.decode("%+1", plusIsSpace: false) == "%+1")
        #expect(MastodonPercentEncoding.decode("%-f%41") == "%-fA")
        let base = try #require(URL(string: "https://example.social"))
        let next = try #require(MastodonLink.nextQuery(in: "<https://example.social/x?max_id=%2B1&q=%41>; rel=\"next\"", base: base))
        #expect(next.map(\.value) == ["+1", "A"])
    }

    @Test("X-RateLimit-Reset is an ISO 8601 timestamp")
    func rateLimitHeaders() throws {
        let window = try #require(RateLimitScheme.mastodon.window(from: [
            "x-ratelimit-limit": "300", "x-ratelimit-remaining": "0", "x-ratelimit-reset": "2026-11-30T16:05:00.123Z",
        ]))
        #expect(window.remaining == 0)
        #expect(window.resetAt == MastodonDate.parse("2026-11-30T16:05:00.123Z"))
        #expect(MastodonDate.parse("2026-11-30T16:05:00Z") != nil)
    }

    @Test("a status knows whom it replies to from its mentions, and whether it is a boost")
    func statusMapping() throws {
        let json = """
            {"id":"110","created_at":"2026-01-02T03:04:05.678Z","content":"<p>hi</p>","in_reply_to_id":"100",
             "in_reply_to_account_id":"7","visibility":"public","reblog":null,
             "account":{"id":"1","username":"human","acct":"human"},
             "mentions":[{"id":"7","username":"friend","acct":"friend@other.social","url":"https://other.social/@friend"}]}
            """
        let status = try JSONDecoder().decode(MastodonStatus.self, from: Data(json.utf8))
        #expect(status.inReplyToUsername == "friend@other.social")
        #expect(status.plainText == "hi")
        #expect(!status.isReblog)
        #expect(status.createdDate == MastodonDate.parse("2026-01-02T03:04:05.678Z"))
    }
}
