import FakeMastodon
import Foundation
import MastodonAPI
import MirrorBot
import MirrorBotMastodon
import TestSupport
import Testing

@Suite("Mastodon lookups of the human's statuses (take-backs) against the fake Mastodon")
struct MastodonLookupTests {
    final class World: Sendable {
        let server = FakeMastodonServer()
        let human: MastodonNetwork

        init() throws {
            let humanToken = server.addAccount(id: "1", username: "human")
            server.addAccount(id: "2", username: "mirror")
            try server.start()
            let configuration = MastodonClientConfiguration(baseURL: server.baseURL, maxAttempts: 2, retryBaseDelay: .milliseconds(5))
            human = MastodonNetwork(client: MastodonClient(token: humanToken, configuration: configuration))
        }

        deinit { server.stop() }

        func reads(_ endpoint: String) -> [Int] { server.requests.filter { $0.endpoint == endpoint }.map(\.status) }
    }

    @Test("GET /api/v1/statuses?id[]= (20 at most): one request; a status left out is missing, the human's private ones are not")
    func batched() async throws {
        let world = try World()
        let kept = world.server.addStatus(accountID: "1", text: "まだある")
        let hidden = world.server.addStatus(accountID: "1", text: "フォロワー限定", visibility: "private")
        let gone = world.server.addStatus(accountID: "1", text: "消した")
        #expect(world.server.deleteStatus(id: gone))
        #expect(world.human.lookupBatchSize == 20)
        let missing = try await world.human.missingPosts(among: [kept, gone, hidden, kept, ""])
        #expect(missing == [gone])
        #expect(world.reads("GET /api/v1/statuses") == [200])
        #expect(world.reads("GET /api/v1/statuses/:id").isEmpty)
        let query = try #require(world.server.requests.last?.query)
        #expect(query.components(separatedBy: "&").count == 3, "\(query)")
    }

    @Test("the fake answers as Mastodon does: more than 20 distinct ids is 422, duplicates count once")
    func fakeIsStrict() async throws {
        let world = try World()
        let port = try #require(world.server.port)
        let token = world.server.addAccount(id: "3", username: "friend")
        func get(_ query: String) async throws -> Int {
            try await onOwnThread { try HTTPProbe.request("GET", "/api/v1/statuses?\(query)", port: port, headers: ["Authorization: Bearer \(token)"]).status }
        }
        #expect(try await get((1...21).map { "id%5B%5D=\($0)" }.joined(separator: "&")) == 422)
        #expect(try await get((1...20).map { "id%5B%5D=\($0)" }.joined(separator: "&") + "&id%5B%5D=1") == 200)
    }

    @Test("a server older than 4.3 (404 on the batch route): one GET /api/v1/statuses/:id each, a 404 there is missing")
    func olderServer() async throws {
        let world = try World()
        world.server.setMultipleLookups(available: false)
        let kept = world.server.addStatus(accountID: "1", text: "まだある")
        let gone = world.server.addStatus(accountID: "1", text: "消した")
        #expect(world.server.deleteStatus(id: gone))
        #expect(try await world.human.missingPosts(among: [kept, gone]) == [gone])
        #expect(world.reads("GET /api/v1/statuses") == [404])
        #expect(world.reads("GET /api/v1/statuses/:id") == [200, 404])
    }

    @Test("a 5xx or 429 throws: no status is taken for deleted")
    func failures() async throws {
        let world = try World()
        let kept = world.server.addStatus(accountID: "1", text: "まだある")
        world.server.injectFault(.serverError(status: 503), count: 10, endpoint: "GET /api/v1/statuses")
        await #expect(throws: NetworkError.self) { _ = try await world.human.missingPosts(among: [kept]) }
    }
}
