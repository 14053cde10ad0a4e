import Foundation

/// The one seam between the bot's behaviour and a social network.
///
/// The scheduler, the classifier, the trainer and the daemon see only this
/// protocol; X (`XNetwork`) is its first implementation, Mastodon the next.
/// One instance speaks for one account (the human's or the bot's).
///
/// Streams yield pages, newest first; a consumer may stop early (e.g. at a
/// like it already knows) and no further page is requested. A stream read from a
/// position (`StreamPosition`, the adapter's own, stored by the core unread) serves
/// only what is newer, and each page names where the next read resumes.
public protocol SocialNetwork: Sendable {
    /// The authenticated account.
    func me() async throws -> Account

    /// A user's own posts, replies included, retweets flagged, newer than `position`,
    /// at most `limit` posts (X serves only the 3,200 most recent).
    func posts(of userID: String, after position: StreamPosition?, limit: Int) -> AsyncThrowingStream<StreamPage, any Error>

    /// The authenticated account's own latest posts, replies included, whatever their
    /// visibility: where the bot looks for what it sent (`PostSender`, interrupted replies).
    /// The default: `posts(of:)` from the newest.
    func sentPosts(of accountID: String, limit: Int) -> AsyncThrowingStream<StreamPage, any Error>

    /// The posts a user liked, most recently liked first. No position exists
    /// for likes: page until a known one.
    func likes(of userID: String, limit: Int) -> AsyncThrowingStream<[NetworkPost], any Error>

    /// The user's home timeline (posts of accounts they follow, and their own), newer than `position`.
    func homeTimeline(of userID: String, after position: StreamPosition?, limit: Int) -> AsyncThrowingStream<StreamPage, any Error>

    /// Posts that mention the user (replies and quotes included), newer than `position`.
    func mentions(of userID: String, after position: StreamPosition?, limit: Int) -> AsyncThrowingStream<StreamPage, any Error>

    /// Publishes a post, or a reply to `mention` (as a stream of this network served
    /// it, with its `replyTarget`) when set; returns the new post's id.
    func post(text: String, inReplyTo mention: NetworkPost?) async throws -> String

    /// Whether `post(whole:)` can carry pictures to this network; false (the default):
    /// under `POST_MEDIA=carry` no post with media is picked for it.
    var carriesMedia: Bool { get }

    /// Publishes the human's post `source` whole: its text with its media attached in order,
    /// each with its alt text, behind its warning; returns the new post's id. Throws
    /// `MediaNotCarried` when any picture cannot go (nothing was posted then). The default:
    /// without media as `post(text:inReplyTo:)`, with media `MediaNotCarried`.
    func post(whole source: Post) async throws -> String

    /// Whether `post`, one of this account's own as `posts(of:)` serves it, is the one
    /// `post(text:inReplyTo:)` sent for `text`: what goes out may differ from `text`
    /// (Mastodon puts the author's `@acct` in front of a reply). The default: the same
    /// text, blanks at either end aside.
    func isSent(_ text: String, as post: NetworkPost) -> Bool

    /// Likes a post as `userID` (the authenticated account).
    func like(postID: String, as userID: String) async throws
}

extension SocialNetwork {
    public var carriesMedia: Bool { false }

    public func sentPosts(of accountID: String, limit: Int) -> AsyncThrowingStream<StreamPage, any Error> {
        posts(of: accountID, after: nil, limit: limit)
    }

    public func post(whole source: Post) async throws -> String {
        guard source.media.isEmpty else { throw MediaNotCarried(reason: "this network does not carry pictures") }
        return try await post(text: source.text, inReplyTo: nil)
    }

    public func isSent(_ text: String, as post: NetworkPost) -> Bool {
        post.text.trimmingCharacters(in: .whitespacesAndNewlines) == text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// An account on a network.
public struct Account: Sendable, Equatable, Codable {
    public var id: String
    public var username: String

    public init(id: String, username: String) {
        self.id = id
        self.username = username
    }
}

/// A post as the bot's behaviour needs it, whatever the network.
public struct NetworkPost: Sendable, Equatable, Codable {
    public var id: String
    /// Plain text as the author wrote it (HTML already turned into text on Mastodon).
    public var text: String
    public var createdAt: Date
    public var authorID: String
    public var authorUsername: String?
    public var inReplyToUserID: String?
    public var inReplyToUsername: String?
    public var isRetweet: Bool
    /// The network's markup of `text` (Bluesky: the record's facets as JSON), nil when it has none.
    public var facets: String?
    /// The language of `text`: `.mfm` on Misskey, nil (plain text) elsewhere.
    public var markup: PostMarkup?
    /// What a reply to this post needs besides its id, as the adapter wrote it (Bluesky:
    /// the thread's root and this post as strong refs); nil when the id is enough.
    public var replyTarget: String?
    /// The network's answer did not show whether this is an original, a reply or a
    /// retweet: such a post is never stored, liked, learned from or answered.
    public var isKindUnknown: Bool
    /// The id of the post this one answers, when the network named it (see `Post.inReplyToPostID`).
    public var inReplyToPostID: String?
    /// The content warning and sensitivity the author put on it; nil when none.
    public var warning: PostWarning?
    /// Its pictures and videos in order; empty when none.
    public var media: [PostMedia]

    public init(
        id: String, text: String, createdAt: Date, authorID: String, authorUsername: String? = nil,
        inReplyToUserID: String? = nil, inReplyToUsername: String? = nil, isRetweet: Bool = false,
        isKindUnknown: Bool = false, facets: String? = nil, replyTarget: String? = nil, markup: PostMarkup? = nil,
        inReplyToPostID: String? = nil, warning: PostWarning? = nil, media: [PostMedia] = []
    ) {
        self.media = media
        self.inReplyToPostID = inReplyToPostID
        self.warning = warning
        self.facets = facets
        self.markup = markup
        self.replyTarget = replyTarget
        self.id = id
        self.text = text
        self.createdAt = createdAt
        self.authorID = authorID
        self.authorUsername = authorUsername
        self.inReplyToUserID = inReplyToUserID
        self.inReplyToUsername = inReplyToUsername
        self.isRetweet = isRetweet
        self.isKindUnknown = isKindUnknown
    }

    /// The author's own words, of a known kind (an original or a reply): not a retweet.
    public var isOwnText: Bool { !isRetweet && !isKindUnknown }
}

/// Refusals and failures the daemon acts on, each its own case.
public enum NetworkError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The account already posted this exact text (X: 403 duplicate content).
    case duplicateContent
    /// This account's API access level cannot like posts (X removed likes from self-serve tiers).
    case likesNotPermitted(detail: String)
    /// Replies are allowed only when the author summoned the bot.
    case replyNotPermitted(detail: String)
    /// The credentials were rejected (401).
    case unauthorized(endpoint: String, detail: String)
    /// A rate limit is spent until `resetAt`, and waiting was not allowed.
    case rateLimited(endpoint: String, resetAt: Date)
    /// Anything else, after retries: the endpoint, the HTTP status (0 when none) and the network's detail.
    case failed(endpoint: String, status: Int, detail: String)
    /// A post that most likely went through although no answer said so (its
    /// retry was refused as duplicate). Treated as done: never posted again.
    case outcomeUnknown(endpoint: String, detail: String)

    public var description: String {
        switch self {
        case .duplicateContent:
            return "the network refused the post as duplicate content"
        case .likesNotPermitted(let detail):
            return "this account's API access level cannot like posts: \(detail)"
        case .replyNotPermitted(let detail):
            return "the network refused the reply (replies only to posts that summon the bot): \(detail)"
        case .unauthorized(let endpoint, let detail):
            return "\(endpoint): credentials rejected (401): \(detail)"
        case .rateLimited(let endpoint, let resetAt):
            // `Int(_:)` of a reset no clock reaches (1e30, inf) would trap: such a one is shown as it is.
            let unixSeconds = Int(exactly: resetAt.timeIntervalSince1970.rounded(.down)).map(String.init) ?? "\(resetAt.timeIntervalSince1970)"
            return "\(endpoint): rate limit spent until \(unixSeconds)"
        case .failed(let endpoint, let status, let detail):
            return status == 0 ? "\(endpoint): \(detail)" : "\(endpoint): HTTP \(status): \(detail)"
        case .outcomeUnknown(let endpoint, let detail):
            return "\(endpoint): the post most likely went through: \(detail)"
        }
    }

    /// Runs `body`, turning an adapter's own error (`Failure`) into the seam's with `convert`.
    public static func mapping<T, Failure: Error>(_ convert: (Failure) -> NetworkError, _ body: () async throws -> T) async throws -> T {
        do { return try await body() } catch let error as Failure { throw convert(error) }
    }
}
