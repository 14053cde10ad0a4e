/// The fake world as JSON (the `fake-bluesky --state FILE` format; see `Sources/fake-bluesky/main.swift`).
/// Accounts need a DID and a handle, posts an author and a text, likes an account and a
/// subject; everything else is optional.
public struct FakeBlueskySeed: Sendable, Codable {
    public struct Settings: Sendable, Codable {
        /// Requests per caller per window (`{"limit": 3000, "window": 300}`, the fake's default).
        public var rateLimit: RateLimit?
        /// Seconds an access token lives (Bluesky: about 7,200).
        public var accessTokenLifetime: Double?
        /// `server_error` (503), `garbage_body` or `drop_connection`, with `fault_probability`.
        public var fault: String?
        public var faultProbability: Double?

        enum CodingKeys: String, CodingKey {
            case fault
            case rateLimit = "rate_limit"
            case accessTokenLifetime = "access_token_lifetime"
            case faultProbability = "fault_probability"
        }
    }

    public struct RateLimit: Sendable, Codable {
        public var limit: Int
        public var window: Double
    }

    public struct Account: Sendable, Codable {
        public var did: String
        public var handle: String
        public var name: String?
        /// Without one the account cannot log in (it only posts in the seed).
        public var appPassword: String?
        /// `["bot"]`: the profile's self-labels.
        public var selfLabels: [String]?
        /// The DIDs this account follows.
        public var follows: [String]?
        /// The profile's bio (`#nobot` there: the bot leaves the account alone).
        public var description: String?

        enum CodingKeys: String, CodingKey {
            case did, handle, name, follows, description
            case appPassword = "app_password"
            case selfLabels = "self_labels"
        }
    }

    public struct Post: Sendable, Codable {
        public var did: String
        /// The record key (a TID); one from `created_at` when missing.
        public var rkey: String?
        public var text: String
        /// `2026-10-25T21:43:33.000Z`; now when missing.
        public var createdAt: String?
        /// The `at://` URI of an earlier post of the seed this one answers.
        public var replyTo: String?

        enum CodingKeys: String, CodingKey {
            case did, rkey, text
            case createdAt = "created_at"
            case replyTo = "reply_to"
        }
    }

    public struct Like: Sendable, Codable {
        public var did: String
        /// The `at://` URI of a post of the seed.
        public var subject: String
        public var createdAt: String?

        enum CodingKeys: String, CodingKey {
            case did, subject
            case createdAt = "created_at"
        }
    }

    /// Something that happens `after_seconds` (real seconds) after the schedule starts:
    /// a post by `did` (`text`, perhaps `reply_to`), or a like of the post `like`.
    public struct Scheduled: Sendable, Codable {
        public var afterSeconds: Double
        public var did: String
        public var text: String?
        public var replyTo: String?
        public var like: String?

        enum CodingKeys: String, CodingKey {
            case did, text, like
            case afterSeconds = "after_seconds"
            case replyTo = "reply_to"
        }
    }

    public var settings: Settings?
    public var accounts: [Account]
    /// Oldest first: feeds are ordered as the posts were added.
    public var posts: [Post]?
    /// Oldest first.
    public var likes: [Like]?
    /// Activity while the server runs (`schedule(_:)`), for the demo.
    public var scheduled: [Scheduled]?
}
