import FakeMastodon
import Foundation
@testable import MirrorBotCLI
import Testing
import TestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `mirror-bot login` on NETWORK=mastodon against the fake server: the URL read from the output,
/// the authorize page fetched like a browser, the code typed back (through the context's input,
/// not a pseudo-terminal).
@Suite("login on Mastodon")
struct LoginMastodonTests {
    let server: FakeMastodonServer
    let scratch: LoginScratch

    /// A started server with the human (id 1, @alice) and the bot (id 2, @mirror).
    static func twoAccounts() throws -> FakeMastodonServer {
        let server = FakeMastodonServer()
        server.addAccount(id: "1", username: "alice")
        server.addAccount(id: "2", username: "mirror", bot: true)
        try server.start()
        return server
    }

    init() throws {
        server = try Self.twoAccounts()
        scratch = try LoginScratch(envText: "# kept\nDATABASE_URL=postgres://db/x\nNETWORK=mastodon\nMASTODON_BASE_URL=\(server.baseURL.absoluteString)\n")
    }

    /// Runs `login ARGUMENTS`; `type` turns the authorize page's code into what is typed.
    func login(_ arguments: [String], type: @escaping @Sendable (String) -> String = { $0 }) async throws -> [String] {
        try await scratch.login(arguments) { lines in
            await Browser.mastodonCode(Browser.page(in: lines, containing: "/oauth/authorize?")).map(type)
        }
    }

    func envText() throws -> String { try scratch.envText() }

    @Test("login human then login bot write both tokens, mode 0600, the other lines kept; the tokens work as scoped")
    func bothAccounts() async throws {
        server.signInBrowser(accountID: "1")
        let human = try await login(["human"])
        #expect(human.last?.hasPrefix("Signed in as @alice on 127.0.0.1; wrote NETWORK, MASTODON_BASE_URL, HUMAN_MASTODON_TOKEN") == true)
        server.signInBrowser(accountID: "2")
        _ = try await login(["bot"])
        let file = EnvFile(text: try envText())
        #expect(try envText().hasPrefix("# kept\nDATABASE_URL=postgres://db/x\nNETWORK=mastodon\n"))
        let humanToken = try #require(file.value(of: "HUMAN_MASTODON_TOKEN"))
        let botToken = try #require(file.value(of: "BOT_MASTODON_TOKEN"))
        #expect(try scratch.envMode() == 0o600)
        #expect(try await status(of: "api/v1/accounts/verify_credentials", token: botToken) == 200)
        #expect(try await status(of: "api/v1/statuses", token: humanToken, post: true) == 403)
        #expect(try await status(of: "api/v1/statuses", token: botToken, post: true) == 200)
        #expect(!human.joined().contains(humanToken))
    }

    @Test("the bot signed in as the human is refused, the env file unchanged")
    func sameAccount() async throws {
        server.signInBrowser(accountID: "1")
        _ = try await login(["human"])
        let before = try envText()
        await #expect(throws: LoginError.self) { _ = try await login(["bot"]) }
        #expect(try envText() == before)
    }

    @Test("a wrong code is refused, the env file unchanged")
    func wrongCode() async throws {
        server.signInBrowser(accountID: "1")
        let before = try envText()
        let error = await #expect(throws: LoginError.self) { _ = try await login(["human"]) { _ in "wrong" } }
        #expect(error?.description.contains("invalid_grant") == true)
        #expect(try envText() == before)
    }

    @Test("--print heroku prints the command and writes nothing")
    func heroku() async throws {
        server.signInBrowser(accountID: "1")
        let before = try envText()
        let lines = try await login(["human", "--print", "heroku"])
        #expect(lines.last?.hasPrefix("heroku config:set NETWORK=mastodon MASTODON_BASE_URL=http://127.0.0.1:") == true)
        #expect(lines.last?.contains("HUMAN_MASTODON_TOKEN=") == true)
        #expect(try envText() == before)
    }

    @Test("the scopes granted must cover what each account does")
    func scopes() {
        #expect(MastodonLogin.grants("read write", enoughFor: .bot))
        #expect(MastodonLogin.grants("read write:statuses write:favourites write:media", enoughFor: .bot))
        // Without write:media the bot could not carry the human's pictures.
        #expect(!MastodonLogin.grants("read write:statuses write:favourites", enoughFor: .bot))
        #expect(!MastodonLogin.grants("read write:statuses", enoughFor: .bot))
        #expect(!MastodonLogin.grants("read", enoughFor: .bot))
        #expect(MastodonLogin.grants("read", enoughFor: .human))
    }

    func status(of path: String, token: String, post: Bool = false) async throws -> Int {
        var request = URLRequest(url: server.baseURL.appendingPathComponent(path))
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        if post {
            request.httpMethod = "POST"
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data("status=hello".utf8)
        }
        let (_, response) = try await URLSession.shared.data(for: request)
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }
}
