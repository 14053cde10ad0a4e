/// X API v2's envelope: `{data, includes, meta, errors}`. A 200 may carry both
/// `data` and `errors` (partial errors); past the end of a list `data` is absent.
public struct XResponse<Payload: Sendable & Codable>: Sendable, Codable {
    public struct Includes: Sendable, Codable, Equatable {
        public var users: [XUser]?
        /// The referenced posts: `tweets` in document 2.159, `posts` in 2.167.
        public var tweets: [XTweet]?
        public var posts: [XTweet]?
        /// The posts' media (`attachments.media_keys` expanded), in both documents.
        public var media: [XMedia]?

        public init(users: [XUser]? = nil, tweets: [XTweet]? = nil, posts: [XTweet]? = nil, media: [XMedia]? = nil) {
            self.users = users
            self.tweets = tweets
            self.posts = posts
            self.media = media
        }
    }

    public var data: Payload?
    public var includes: Includes?
    public var meta: XMeta?
    public var errors: [XProblem]?

    public init(data: Payload?, includes: Includes? = nil, meta: XMeta? = nil, errors: [XProblem]? = nil) {
        self.data = data
        self.includes = includes
        self.meta = meta
        self.errors = errors
    }

    /// The user with `id` among `includes.users`.
    public func includedUser(id: String?) -> XUser? {
        guard let id else { return nil }
        return includes?.users?.first { $0.id == id }
    }
}

/// A page of posts.
public typealias XTweetPage = XResponse<[XTweet]>
