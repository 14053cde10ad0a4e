import APIClientTestSupport
import FakeMisskey
import Foundation
import MisskeyAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A started fake Misskey with a human, a bot and a friend, and clients on a manual clock
/// shared with the server: a wait passes at once, and windows reset on cue.
final class FakeMisskeyFixture: Sendable {
    let clock: ManualClock
    let server: FakeMisskeyServer
    let human: (id: String, token: String)
    let bot: (id: String, token: String)
    let friend: (id: String, token: String)

    init() throws {
        let clock = ManualClock(Date())
        self.clock = clock
        server = FakeMisskeyServer(clock: clock)
        human = server.addUser(username: "human", name: "ひと")
        bot = server.addUser(username: "mirror", isBot: true)
        friend = server.addUser(username: "friend")
        try server.start()
    }

    deinit { server.stop() }

    func client(_ token: String? = nil, maxAttempts: Int = 4, maxWait: Duration = .seconds(120)) -> MisskeyClient {
        let configuration = MisskeyClientConfiguration(
            baseURL: server.baseURL, maxAttempts: maxAttempts, retryBaseDelay: .milliseconds(5), maxRateLimitWait: maxWait,
            rateLimitMargin: .milliseconds(50), timeout: 5)
        let clock = clock
        return MisskeyClient(token: token ?? human.token, configuration: configuration, clock: clock)
    }

    /// A raw POST with `body` (JSON text) and an optional bearer token: status, error code and body.
    func post(_ endpoint: String, _ body: String, token: String? = nil, method: String = "POST") async throws -> (status: Int, code: String?, body: Data) {
        var request = URLRequest(url: server.baseURL.appendingPathComponent("api/" + endpoint))
        request.httpMethod = method
        if method == "POST" {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        let code = (try? JSONDecoder().decode(MisskeyErrorBody.self, from: data))?.error.code
        return (status, code, data)
    }
}
