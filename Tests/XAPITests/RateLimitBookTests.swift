import Foundation
@testable import XAPI
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Rate-limit headers from outside")
struct RateLimitBookTests {
    static let absurdResets = ["1e30", "inf", "nan", "17922337203685477580700086400", "9223372036854775807", "-1", "1700000900.5", ""]

    @Test("a reset that is no Unix time in whole seconds is no window", arguments: absurdResets)
    func absurdReset(reset: String) {
        #expect(RateLimitBook.window(from: ["x-rate-limit-remaining": "0", "x-rate-limit-reset": reset]) == nil)
        #expect(RateLimitBook.window(from: ["x-user-limit-24hour-remaining": "0", "x-user-limit-24hour-reset": reset]) == nil)
    }

    @Test("a spent window with an absurd reset neither traps the wait nor the error (the fuzzer's crash, issue 15)", arguments: absurdResets)
    func absurdResetThroughTheClient(reset: String) async throws {
        let client = XClient(
            credentials: OAuthCredentials(consumerKey: "k", consumerSecret: "s", accessToken: "t", accessTokenSecret: "u"),
            sleep: { _ in }, now: { Date(timeIntervalSince1970: 1_700_000_000) })
        let headers = ["x-rate-limit-remaining": "0", "x-rate-limit-reset": reset]
        for status in [200, 429] {
            let response = try #require(HTTPURLResponse(
                url: XClientConfiguration.defaultBaseURL, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers))
            let outcome = await client.interpret(data: Data("{\"data\":[]}".utf8), response: response, request: GetMe())
            if case .rateLimited(let resetAt) = outcome {
                await client.rateLimits.markSpent(endpoint: GetMe().endpoint, resetAt: resetAt)
                _ = String(describing: XAPIError.rateLimited(endpoint: GetMe().endpoint, resetAt: resetAt))
            }
            try await client.waitForRateLimit(endpoint: GetMe().endpoint)
        }
    }

    @Test("a plausible reset still makes a window")
    func plausibleReset() {
        #expect(RateLimitBook.window(from: ["x-rate-limit-remaining": "0", "x-rate-limit-reset": "1700000900"])
            == .init(remaining: 0, resetAt: Date(timeIntervalSince1970: 1_700_000_900)))
    }
}
