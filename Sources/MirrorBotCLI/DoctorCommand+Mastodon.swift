import MastodonAPI
import MirrorBotMastodon

extension DoctorCommand {
    /// The Mastodon bot: whether the account is marked a bot, and whether its app may upload
    /// pictures (`write:media`, said by `GET /api/v1/apps/verify_credentials` since Mastodon 4.3).
    static func checkMastodonBot(_ mastodon: MastodonNetwork, line: String) async throws -> Outcome {
        let flagged = try await mastodon.client.send(VerifyCredentials()).bot == true
        var warnings = flagged ? [] : ["the bot account is not marked as a bot (Edit profile → This is a bot account); many servers require it"]
        var said = flagged ? line + ", marked as a bot" : line
        // A server that speaks Mastodon's API without this route (or without `scopes`) cannot say.
        switch (try? await mastodon.client.send(VerifyAppCredentials()))?.allows("write:media") {
        case true?: said += ", may upload pictures (write:media)"
        case false?:
            warnings.append("""
                the bot's app was signed in without write:media, so no picture can be uploaded and posts with \
                pictures are not sent (POST_MEDIA=carry); sign the bot in again: mirror-bot login bot
                """)
        case nil: said += " (this server does not say the app's scopes: write:media cannot be checked before a picture goes out)"
        }
        return warnings.isEmpty ? .ok(said) : .warning(said, warning: warnings.joined(separator: "; "))
    }
}
