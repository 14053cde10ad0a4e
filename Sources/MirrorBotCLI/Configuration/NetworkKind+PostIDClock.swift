import MirrorBot
import MirrorBotBluesky
import MirrorBotMastodon
import MirrorBotMisskey
import MirrorBotX

extension NetworkKind {
    /// How this network's ids tell their time (the human's reply delays).
    var postIDClock: any PostIDClock {
        switch self {
        case .x: XPostIDClock()
        case .mastodon: MastodonPostIDClock()
        case .bluesky: BlueskyPostIDClock()
        case .misskey: MisskeyPostIDClock()
        }
    }
}
