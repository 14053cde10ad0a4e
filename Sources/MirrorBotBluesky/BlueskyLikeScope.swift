/// Whose posts the bot may like (`BLUESKY_LIKE_SCOPE`). Bluesky asks bots to act
/// only where people opted in: by default the bot likes only posts by accounts
/// that follow it.
public enum BlueskyLikeScope: String, Sendable, CaseIterable {
    /// Only authors whose `viewer.followedBy` is set (they follow the bot).
    case followers
    /// Everyone on the bot's home timeline, as on the other networks.
    case all
}
