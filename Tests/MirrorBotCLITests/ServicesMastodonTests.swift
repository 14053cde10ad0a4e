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

    @Test("both accounts get a MastodonNetwork; the bot posts with MASTODON_VISIBILITY")
    func builds() throws {
        // Both required to be a MastodonNetwork.
        let botNetwork = try Services.networks(Self.complete, as: MastodonNetwork.self).bot
        #expect(botNetwork.visibility == "private")
        #expect(botNetwork.client.configuration.baseURL.absoluteString == "https://example.social")
    }

    @Test("a missing base URL or token names the variable", arguments: ["MASTODON_BASE_URL", "HUMAN_MASTODON_TOKEN", "BOT_MASTODON_TOKEN"])
    func missing(variable: String) throws {
        try Services.expectMissing(variable, from: Self.complete)
    }
}
