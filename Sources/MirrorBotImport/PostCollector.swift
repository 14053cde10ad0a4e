import MirrorBot

/// Gathers the posts of an import in memory (compact `Post` values only),
/// dropping retweets, empty posts (no text and no pictures), deleted posts and ids seen twice, and counting each.
public struct PostCollector: Sendable {
    public init() {}

    public private(set) var posts: [Post] = []
    private var seen: Set<String> = []
    public private(set) var read = 0
    public private(set) var retweets = 0
    public private(set) var empty = 0
    public private(set) var duplicates = 0
    /// Posts the archive marks deleted (X's `deleted-tweets.js`, `deleted_at`), never stored.
    public private(set) var deleted = 0

    /// Counts a post read but deleted by its author.
    public mutating func countDeleted() {
        read += 1
        deleted += 1
    }

    /// Counts a boost or retweet known as such without its text (a Mastodon `Announce`).
    public mutating func countRetweet() {
        read += 1
        retweets += 1
    }

    public mutating func add(_ post: Post) {
        read += 1
        if post.text.hasPrefix("RT @") {
            retweets += 1
        } else if post.text.allSatisfy(\.isWhitespace) && post.media.isEmpty {
            empty += 1
        } else if !seen.insert(post.id).inserted {
            duplicates += 1
        } else {
            posts.append(post)
        }
    }

    /// Why nothing can be imported, when posts were read and none can be kept
    /// ("1,163 posts read, none importable (29 retweets, 1,134 deleted)"); nil otherwise.
    /// Posts already stored by an earlier import are importable: a second run is no error.
    public var nothingImportable: String? {
        guard read > 0, posts.isEmpty, duplicates == 0 else { return nil }
        let reasons = [(retweets, "retweets"), (empty, "without text"), (deleted, "deleted")]
            .filter { $0.0 > 0 }.map { "\($0.0.grouped) \($0.1)" }
        return "\(read.grouped) posts read, none importable (\(reasons.joined(separator: ", ")))"
    }

    /// Hands over the newest `limit` posts (newest first, as the store keeps
    /// them) and how many were left out; sorts in place, copies nothing.
    public mutating func takeNewest(_ limit: Int?) -> (posts: [Post], left: Int) {
        posts.sort { a, b in
            a.createdAt != b.createdAt ? a.createdAt > b.createdAt : a.id > b.id
        }
        var left = 0
        if let limit, posts.count > limit {
            left = posts.count - limit
            posts.removeLast(left)
        }
        let taken = posts
        posts = []
        return (taken, left)
    }
}
