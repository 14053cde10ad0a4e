import FakeX
import Foundation
import Testing
import XAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("XClient signs every request and the fake server checks it")
struct XClientAuthTests {
    @Test("a signed request is accepted")
    func accepted() async throws {
        let fixture = try FakeXFixture()
        let me = try await fixture.client().send(GetMe())
        #expect(me.data == XUser(id: "1", username: "human", name: "The Human"))
        let bot = try await fixture.client(fixture.bot).send(GetMe())
        #expect(bot.data?.username == "bot")
    }

    @Test("a wrong secret is rejected with 401, not retried, and no secret is in the error")
    func wrongSecret() async throws {
        let fixture = try FakeXFixture()
        var wrong = fixture.human
        wrong.accessTokenSecret = "not-the-secret"
        let error = await #expect(throws: XAPIError.self) { try await fixture.client(wrong).send(GetMe()) }
        guard case .unauthorized(let endpoint, let detail) = error else {
            Issue.record("expected unauthorized, got \(String(describing: error))")
            return
        }
        #expect(endpoint == "GET /2/users/me")
        #expect(detail.contains("bad signature"))
        #expect(fixture.server.requestCount(endpoint: "GET /2/users/me") == 1)
        let text = String(describing: error)
        for secret in [wrong.accessToken, wrong.accessTokenSecret, wrong.consumerKey, wrong.consumerSecret] {
            #expect(!text.contains(secret))
        }
    }

    @Test("an unknown token is rejected")
    func unknownToken() async throws {
        let fixture = try FakeXFixture()
        let stranger = FakeXServer.makeCredentials(userID: "99")
        await #expect(throws: XAPIError.unauthorized(endpoint: "GET /2/users/me", detail: "Unauthorized: unknown token")) {
            try await fixture.client(stranger).send(GetMe())
        }
    }

    @Test("a query parameter changed after signing is rejected")
    func tamperedQuery() async throws {
        let fixture = try FakeXFixture()
        let base = fixture.server.baseURL.absoluteString + "/2/users/1/tweets"
        let signedURL = try #require(URL(string: base + "?max_results=5"))
        let sentURL = try #require(URL(string: base + "?max_results=6"))
        let header = OAuthSigner(credentials: fixture.human).authorizationHeader(
            method: "GET", url: signedURL, nonce: OAuthSigner.randomNonce(), timestamp: Int(Date().timeIntervalSince1970))

        var tampered = URLRequest(url: sentURL)
        tampered.setValue(header, forHTTPHeaderField: "Authorization")
        let (_, tamperedResponse) = try await URLSession.shared.data(for: tampered)
        #expect((tamperedResponse as? HTTPURLResponse)?.statusCode == 401)

        var honest = URLRequest(url: signedURL)
        honest.setValue(header, forHTTPHeaderField: "Authorization")
        let (_, honestResponse) = try await URLSession.shared.data(for: honest)
        #expect((honestResponse as? HTTPURLResponse)?.statusCode == 200)
    }

    @Test("a replayed nonce is rejected")
    func replayedNonce() async throws {
        let fixture = try FakeXFixture()
        let client = fixture.client(nonce: { "always-the-same-nonce" })
        _ = try await client.send(GetMe())
        await #expect(throws: XAPIError.unauthorized(endpoint: "GET /2/users/me", detail: "Unauthorized: nonce already used")) {
            try await client.send(GetMe())
        }
    }

    @Test("a stale timestamp is rejected")
    func staleTimestamp() async throws {
        let fixture = try FakeXFixture()
        let client = fixture.client(skew: -301)
        await #expect(throws: XAPIError.unauthorized(endpoint: "GET /2/users/me", detail: "Unauthorized: timestamp out of bounds")) {
            try await client.send(GetMe())
        }
    }
}
