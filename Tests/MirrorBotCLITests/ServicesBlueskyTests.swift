import Foundation
import MirrorBot
import MirrorBotBluesky
@testable import MirrorBotCLI
import Testing

@Suite("Configuration and Services with NETWORK=bluesky")
struct ServicesBlueskyTests {
    static let complete = [
        "NETWORK": "bluesky", "BLUESKY_SERVICE_URL": "https://pds.example",
        "HUMAN_BLUESKY_IDENTIFIER": "alice.example", "HUMAN_BLUESKY_APP_PASSWORD": "aaaa-bbbb-cccc-dddd",
        "BOT_BLUESKY_IDENTIFIER": "alice-bot.example", "BOT_BLUESKY_APP_PASSWORD": "eeee-ffff-gggg-hhhh",
    ]

    @Test("both accounts get a BlueskyNetwork at BLUESKY_SERVICE_URL; the bot likes only followers by default")
    func builds() throws {
        let (humanNetwork, botNetwork) = try Services.networks(Self.complete, as: BlueskyNetwork.self)
        #expect(botNetwork.likeScope == .followers)
        #expect(humanNetwork.client.sessions.identifier == "alice.example")
        #expect(botNetwork.client.configuration.serviceURL.absoluteString == "https://pds.example")
    }

    @Test("the defaults: bsky.social and the followers scope; BLUESKY_LIKE_SCOPE=all likes everyone's")
    func defaults() throws {
        let configuration = try Configuration(environment: [:])
        #expect(configuration.blueskyServiceURL.absoluteString == "https://bsky.social")
        #expect(configuration.blueskyLikeScope == .followers)
        var environment = Self.complete
        environment["BLUESKY_LIKE_SCOPE"] = "ALL"
        #expect(try Configuration(environment: environment).blueskyLikeScope == .all)
        environment["BLUESKY_LIKE_SCOPE"] = "friends"
        #expect(throws: ConfigurationError.invalid(variable: "BLUESKY_LIKE_SCOPE", reason: "expected followers or all, got \"friends\"")) {
            try Configuration(environment: environment)
        }
    }

    @Test("a missing identifier or app password names the variable", arguments: [
        "HUMAN_BLUESKY_IDENTIFIER", "HUMAN_BLUESKY_APP_PASSWORD", "BOT_BLUESKY_IDENTIFIER", "BOT_BLUESKY_APP_PASSWORD",
    ])
    func missing(variable: String) throws {
        try Services.expectMissing(variable, from: Self.complete)
    }

    @Test("the app passwords are secrets; NETWORK names bluesky among its choices")
    func secrets() throws {
        try Services.expectSecrets(["aaaa-bbbb-cccc-dddd", "eeee-ffff-gggg-hhhh"], in: Self.complete)
        #expect(throws: ConfigurationError.invalid(variable: "NETWORK", reason: "expected x, mastodon, bluesky or misskey, got \"myspace\"")) {
            try Configuration(environment: ["NETWORK": "myspace"])
        }
    }
}
