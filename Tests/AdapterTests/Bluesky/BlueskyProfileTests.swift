import BlueskyAPI
import CoreTestSupport
import FakeBluesky
import Foundation
import MirrorBot
import MirrorBotBluesky
import TestSupport
import Testing

@Suite("Bluesky profiles (#nobot) against the fake Bluesky", .serialized)
struct BlueskyProfileTests {
    static let human = "did:plc:hhhhhhhhhhhhhhhhhhhhhhhh", bot = "did:plc:bbbbbbbbbbbbbbbbbbbbbbbb"
    static let friend = "did:plc:zzzzzzzzzzzzzzzzzzzzzzzz"

    final class World: Sendable {
        let server = FakeBlueskyServer()
        let bot: BlueskyNetwork

        init() throws {
            server.addAccount(did: BlueskyProfileTests.human, handle: "human.test", appPassword: "human-pass")
            server.addAccount(did: BlueskyProfileTests.bot, handle: "mirror.test", appPassword: "bot-pass", selfLabels: ["bot"])
            server.addAccount(did: BlueskyProfileTests.friend, handle: "friend.test", appPassword: "friend-pass")
            try server.start()
            let client = BlueskyClient(
                identifier: "mirror.test", appPassword: "bot-pass", store: InMemoryBlueskySessionStore(),
                configuration: BlueskyClientConfiguration(serviceURL: server.baseURL, maxAttempts: 2, retryBaseDelay: .milliseconds(5), timeout: 5))
            bot = BlueskyNetwork(client: client, likeScope: .all)
        }

        deinit { server.stop() }
    }

    @Test("app.bsky.actor.getProfiles (25 at most): each description, none is \"\", unknown DIDs left out, non-DIDs not sent")
    func profiles() async throws {
        let world = try World()
        world.server.setDescription(did: Self.friend, "絵を描いています #NoAI")
        #expect(world.bot.profileBatchSize == 25)
        let unknown = "did:plc:uuuuuuuuuuuuuuuuuuuuuuuu"
        let read = try await world.bot.profileDescriptions(of: [Self.friend, Self.human, Self.friend, unknown, "not a did"])
        #expect(read == [Self.friend: "絵を描いています #NoAI", Self.human: ""])
        let calls = world.server.requests.filter { $0.endpoint == "GET app.bsky.actor.getProfiles" }
        #expect(calls.map(\.status) == [200])
        #expect(calls.first?.query.components(separatedBy: "&").count == 3, "\(calls.first?.query ?? "")")
    }

    @Test("the fake answers as Bluesky does: no actors, more than 25, or one that is neither a DID nor a handle is 400; no token 401")
    func fakeIsStrict() async throws {
        let world = try World()
        let token: String? = try await world.bot.client.session().accessJwt
        let port = try #require(world.server.port)
        func get(_ query: String, token: String?) async throws -> HTTPProbe.Response {
            let headers = token.map { ["Authorization: Bearer \($0)"] } ?? []
            return try await onOwnThread { try HTTPProbe.request("GET", "/xrpc/app.bsky.actor.getProfiles?\(query)", port: port, headers: headers) }
        }
        let twentySix = (0..<26).map { _ in "actors=friend.test" }.joined(separator: "&")
        #expect(try await get("", token: token).status == 400)
        #expect(try await get(twentySix, token: token).status == 400)
        #expect(try await get("actors=not%20a%20handle", token: token).status == 400)
        #expect(try await get("actors=friend.test", token: nil).status == 401)
        let byHandle = try await get("actors=friend.test&actors=\(Self.human)", token: token)
        #expect(byHandle.status == 200 && byHandle.body.contains(Self.friend) && byHandle.body.contains(Self.human), "\(byHandle.body)")
    }

    @Test("a seed file's account description is what getProfiles serves")
    func seedDescription() async throws {
        let server = FakeBlueskyServer()
        let json = """
            {"accounts": [{"did": "\(Self.bot)", "handle": "mirror.test", "app_password": "bot-pass"},
                          {"did": "\(Self.friend)", "handle": "friend.test", "description": "写真を撮ります #nobotsplease"}]}
            """
        try server.load(JSONDecoder().decode(FakeBlueskySeed.self, from: Data(json.utf8)))
        try server.start()
        defer { server.stop() }
        let client = BlueskyClient(
            identifier: "mirror.test", appPassword: "bot-pass", store: InMemoryBlueskySessionStore(),
            configuration: BlueskyClientConfiguration(serviceURL: server.baseURL, maxAttempts: 2, retryBaseDelay: .milliseconds(5), timeout: 5))
        let read = try await BlueskyNetwork(client: client, likeScope: .all).profileDescriptions(of: [Self.friend, Self.bot])
        #expect(read == [Self.friend: "写真を撮ります #nobotsplease", Self.bot: ""])
    }

    @Test("a 5xx throws: no profile is taken for empty")
    func failures() async throws {
        let world = try World()
        world.server.injectFault(.serverError(status: 503), count: 10, endpoint: "GET app.bsky.actor.getProfiles")
        await #expect(throws: NetworkError.self) { _ = try await world.bot.profileDescriptions(of: [Self.friend]) }
    }
}
