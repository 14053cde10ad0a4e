/// Stores the human's new posts: the daemon's learning and `train scheduler`.
public struct PostLearner: Sendable {
    public let human: any SocialNetwork
    public let humanAccount: Account
    public let posts: any PostStore
    public let cursors: any CursorStore
    public var log: Logger

    static let stream = "human_posts"

    public init(human: any SocialNetwork, humanAccount: Account, posts: any PostStore, cursors: any CursorStore, log: Logger) {
        self.human = human
        self.humanAccount = humanAccount
        self.posts = posts
        self.cursors = cursors
        self.log = log
    }

    /// The human's own posts newer than the stored position (retweets and posts of unknown kind left
    /// out; with any of the latter the position stays, so they are read again); returns (stored, retweets).
    @discardableResult
    public func learnPosts(limit: Int, ignoreCursor: Bool = false) async throws -> (stored: Int, retweets: Int) {
        let stream = PositionedStream(stream: Self.stream, cursors: cursors, log: log)
        var stored = 0
        var retweets = 0
        var unknown = 0
        var pages = 0
        let read = try await stream.read(fromStart: ignoreCursor) { position in
            human.posts(of: humanAccount.id, after: position, limit: limit)
        } each: { page in
            pages += 1
            let originals = page.filter(\.isOwnText)
            retweets += page.filter(\.isRetweet).count
            unknown += page.filter { $0.isKindUnknown && !$0.isRetweet }.count
            stored += try await posts.store(originals.map(Post.init))
            if ignoreCursor { log.report(.trainProgress(pages: pages, stored: stored)) }
        }
        if unknown > 0 {
            // Not stored as originals, and the position stays: the next walk reads them again.
            log.report(.postsKindUnknown(count: unknown))
        } else {
            try await stream.save(read)
        }
        if stored > 0 { log.report(.learnedPosts(stored: stored, retweetsSkipped: retweets)) }
        return (stored, retweets)
    }
}
