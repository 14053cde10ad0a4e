import Foundation
import MirrorBot
@testable import MirrorBotCLI
import MirrorBotMisskey
import Testing

@Suite("Services with NETWORK=misskey")
struct ServicesMisskeyTests {
    static let complete = [
        "NETWORK": "misskey", "MISSKEY_BASE_URL": "https://misskey.example",
        "HUMAN_MISSKEY_TOKEN": "human-token-0123456789abcdefghij", "BOT_MISSKEY_TOKEN": "bot-token-0123456789abcdefghijkl",
    ]

    @Test("both accounts get a MisskeyNetwork; the bot posts at home by default and likes with ❤")
    func builds() throws {
        // Both required to be a MisskeyNetwork.
        let botNetwork = try Services.networks(Self.complete, as: MisskeyNetwork.self).bot
        #expect(botNetwork.visibility == "home")
        #expect(botNetwork.reaction == "❤")
        #expect(botNetwork.client.configuration.baseURL.absoluteString == "https://misskey.example")
    }

    @Test("MISSKEY_VISIBILITY and MISSKEY_REACTION are taken; a visibility Misskey lacks is refused naming the variable")
    func settings() throws {
        var environment = Self.complete
        environment["MISSKEY_VISIBILITY"] = "Followers"
        environment["MISSKEY_REACTION"] = "👍"
        let bot = try #require(try Services.testing(environment).networks().bot as? MisskeyNetwork)
        #expect(bot.visibility == "followers" && bot.reaction == "👍")
        environment["MISSKEY_VISIBILITY"] = "unlisted"
        #expect(throws: ConfigurationError.self) { _ = try Configuration(environment: environment) }
        environment["MISSKEY_VISIBILITY"] = nil
        environment["MISSKEY_REACTION"] = "two words"
        #expect(throws: ConfigurationError.self) { _ = try Configuration(environment: environment) }
    }

    @Test("a missing base URL or token names the variable", arguments: ["MISSKEY_BASE_URL", "HUMAN_MISSKEY_TOKEN", "BOT_MISSKEY_TOKEN"])
    func missing(variable: String) throws {
        try Services.expectMissing(variable, from: Self.complete)
    }

    @Test("the tokens are secrets the log redacts")
    func secrets() throws {
        try Services.expectSecrets(["human-token-0123456789abcdefghij", "bot-token-0123456789abcdefghijkl"], in: Self.complete)
    }
}
