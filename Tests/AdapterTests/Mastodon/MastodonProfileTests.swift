import FakeMastodon
import Foundation
import MastodonAPI
import MirrorBot
import MirrorBotMastodon
import TestSupport
import Testing

@Suite("Mastodon profiles (#nobot) against the fake Mastodon")
struct MastodonProfileTests {
    final class World: Sendable {
        let server = FakeMastodonServer()
        let bot: MastodonNetwork

        init() throws {
            server.addAccount(id: "1", username: "human")
            let botToken = server.addAccount(id: "2", username: "mirror")
            server.addAccount(id: "3", username: "friend")
            try server.start()
            let configuration = MastodonClientConfiguration(baseURL: server.baseURL, maxAttempts: 2, retryBaseDelay: .milliseconds(5))
            bot = MastodonNetwork(client: MastodonClient(token: botToken, configuration: configuration))
        }

        deinit { server.stop() }

        func reads(_ endpoint: String) -> [Int] { server.requests.filter { $0.endpoint == endpoint }.map(\.status) }
    }

    @Test("GET /api/v1/accounts?id[]= (40 at most): each note as plain text, unknown accounts left out, ids sent once")
    func profiles() async throws {
        let world = try World()
        world.server.setNote(accountID: "3", "絵を描いています #NoAI\n\nhttps://example.com & more")
        #expect(world.bot.profileBatchSize == 40)
        let read = try await world.bot.profileDescriptions(of: ["3", "1", "3", "999", ""])
        #expect(read == ["3": "絵を描いています #NoAI\n\nhttps://example.com & more", "1": ""])
        #expect(NoBotTag.says(read["3"] ?? ""))
        #expect(world.reads("GET /api/v1/accounts") == [200])
        let query = try #require(world.server.requests.last?.query)
        #expect(query.components(separatedBy: "&").count == 3, "\(query)")
    }

    @Test("the fake answers as Mastodon does: more than 40 distinct ids is 422, duplicates count once, no token is public, a bad token 401")
    func fakeIsStrict() async throws {
        let world = try World()
        let port = try #require(world.server.port)
        func get(_ query: String, token: String? = nil) async throws -> Int {
            let headers = token.map { ["Authorization: Bearer \($0)"] } ?? []
            return try await onOwnThread { try HTTPProbe.request("GET", "/api/v1/accounts?\(query)", port: port, headers: headers).status }
        }
        let fortyOne = (1...41).map { "id%5B%5D=\($0)" }.joined(separator: "&")
        let forty = (1...40).map { "id%5B%5D=\($0)" }.joined(separator: "&")
        #expect(try await get(fortyOne) == 422)
        #expect(try await get(forty + "&id%5B%5D=1") == 200)
        #expect(try await get("id%5B%5D=3", token: "wrong") == 401)
    }

    @Test("a server older than 4.3 (404 on the batch route): one GET /api/v1/accounts/:id each, a 404 there is no account")
    func olderServer() async throws {
        let world = try World()
        world.server.setMultipleLookups(available: false)
        world.server.setNote(accountID: "3", "ラーメン好き ＃ｎｏｂｏｔ")
        let read = try await world.bot.profileDescriptions(of: ["3", "999", "1"])
        #expect(read == ["3": "ラーメン好き ＃ｎｏｂｏｔ", "1": ""])
        #expect(world.reads("GET /api/v1/accounts") == [404])
        #expect(world.reads("GET /api/v1/accounts/:id") == [200, 404, 200])
    }

    @Test("a 5xx or 429 throws: no profile is taken for empty")
    func failures() async throws {
        let world = try World()
        world.server.injectFault(.serverError(status: 503), count: 10, endpoint: "GET /api/v1/accounts")
        await #expect(throws: NetworkError.self) { _ = try await world.bot.profileDescriptions(of: ["3"]) }
    }
}
