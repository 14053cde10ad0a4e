import APIClientCore
import Foundation
import Testing
@testable import XAPI

@Suite("XAPIError classifies X's refusals")
struct XAPIErrorTests {
    static let duplicate = "You are not allowed to create a Tweet with duplicate content."
    static let replyRefused =
        "Reply to this conversation is not allowed because you have not been mentioned or otherwise engaged by the author of the post you are replying to."

    @Test("status, endpoint and detail pick the case", arguments: [
        (401, "Unauthorized", XRefusalKind.generic, XAPIError.unauthorized(endpoint: "E", detail: "Unauthorized")),
        (403, duplicate, .createTweet(isReply: false), .duplicateContent(endpoint: "E", detail: duplicate)),
        (403, duplicate, .createTweet(isReply: true), .duplicateContent(endpoint: "E", detail: duplicate)),
        (403, replyRefused, .createTweet(isReply: true), .replyNotPermitted(endpoint: "E", detail: replyRefused)),
        (403, replyRefused, .createTweet(isReply: false), .failed(endpoint: "E", status: 403, detail: replyRefused)),
        (403, "You are not permitted to perform this action.", .like, .likesNotPermitted(endpoint: "E", detail: "You are not permitted to perform this action.")),
        (403, "Forbidden", .generic, .failed(endpoint: "E", status: 403, detail: "Forbidden")),
        (400, "One or more parameters to your request was invalid.", .generic, .failed(endpoint: "E", status: 400, detail: "One or more parameters to your request was invalid.")),
    ])
    func classify(status: Int, detail: String, refusal: XRefusalKind, expected: XAPIError) {
        #expect(XAPIError.from(status: status, detail: detail, endpoint: "E", refusal: refusal) == expected)
    }

    @Test("the detail comes from problem JSON, errors[] or says what the body was", arguments: [
        (#"{"title":"Forbidden","detail":"no","type":"about:blank","status":403}"#, "no"),
        (#"{"errors":[{"message":"Rate limit exceeded","code":88}]}"#, "Rate limit exceeded"),
        (#"{"title":"Only a title"}"#, "Only a title"),
        ("<html>oops", "non-JSON body"),
        ("", "empty body"),
    ])
    func detail(body: String, expected: String) {
        #expect(XDialect.errorDetail(of: Data(body.utf8)) == expected)
    }

    @Test("rate-limit headers: the spent window wins")
    func rateLimitHeaders() {
        let fifteen = RateLimitScheme.x.window(from: ["x-rate-limit-remaining": "3", "x-rate-limit-reset": "1700000900"])
        #expect(fifteen == .init(remaining: 3, resetAt: Date(timeIntervalSince1970: 1_700_000_900)))
        let daySpent = RateLimitScheme.x.window(from: [
            "x-rate-limit-remaining": "3", "x-rate-limit-reset": "1700000900",
            "x-user-limit-24hour-remaining": "0", "x-user-limit-24hour-reset": "1700080000",
        ])
        #expect(daySpent == .init(remaining: 0, resetAt: Date(timeIntervalSince1970: 1_700_080_000)))
        #expect(RateLimitScheme.x.window(from: ["x-rate-limit-remaining": "3"]) == nil)
    }

    @Test("backoff doubles per retry within the jitter band")
    func backoff() {
        let configuration = XClientConfiguration(baseURL: XClient.defaultBaseURL, retryBaseDelay: .seconds(1))
        #expect(configuration.retryBackoff.delay(retry: 1, jitter: 0) == .milliseconds(500))
        #expect(configuration.retryBackoff.delay(retry: 2, jitter: 0.5) == .seconds(2))
        #expect(configuration.retryBackoff.delay(retry: 3, jitter: 0.99) < .seconds(6))
    }

    @Test("a 403 on a like about the one post is a plain failure, not the access level")
    func likeRefusedForOnePost() {
        let error = XAPIError.from(status: 403, detail: "You cannot like this Tweet: the author is protected.", endpoint: "POST /2/users/:id/likes", refusal: .like)
        guard case .failed(_, 403, _) = error else {
            Issue.record("expected failed, got \(error)")
            return
        }
        let forbidden = XAPIError.from(status: 403, detail: "client-not-enrolled", endpoint: "POST /2/users/:id/likes", refusal: .like)
        guard case .likesNotPermitted = forbidden else {
            Issue.record("expected likesNotPermitted, got \(forbidden)")
            return
        }
    }
}
