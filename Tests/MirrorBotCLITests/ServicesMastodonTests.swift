import Foundation
import MirrorBot
@testable import MirrorBotCLI
import MirrorBotMastodon
import Testing

@Suite("Services with NETWORK=mastodon")
struct ServicesMastodonTests {
    static let complete = [
        "NETWORK": "mastodon", "MASTODON_BASE_URL": "https://example.social",
        "HUMAN_MASTODON_TOKEN": "human-token", "BOT_MASTODON_TOKEN": "bot-token", "MASTODON_VISIBILITY": "private",
    ]

    func services(_ environment: [String: String]) throws -> Services {
        Services(configuration: try Configuration(environment: environment), log: .silent)
    }

    @Test("both accounts get a MastodonNetwork; the bot posts with MASTODON_VISIBILITY")
    func builds() throws {
        let (human, bot) = try services(Self.complete).networks()
        let botNetwork = try #require(bot as? MastodonNetwork)
        #expect(human is MastodonNetwork)
        #expect(botNetwork.visibility == "private")
        #expect(botNetwork.client.configuration.baseURL.absoluteString == "https://example.social")
    }

    @Test("a missing base URL or token names the variable", arguments: ["MASTODON_BASE_URL", "HUMAN_MASTODON_TOKEN", "BOT_MASTODON_TOKEN"])
    func missing(variable: String) throws {
        var environment = Self.complete
        environment[variable] = nil
        let services = try services(environment)
        #expect(throws: ConfigurationError.missing(variable: variable)) { _ = try services.networks() }
    }
}
