/// Gathers the posts of an import in memory (compact `Post` values only),
/// dropping retweets, empty posts and ids seen twice, and counting each.
public struct PostCollector: Sendable {
    public init() {}

    public private(set) var posts: [Post] = []
    private var seen: Set<String> = []
    public private(set) var read = 0
    public private(set) var retweets = 0
    public private(set) var empty = 0
    public private(set) var duplicates = 0

    /// Counts a boost or retweet known as such without its text (a Mastodon `Announce`).
    public mutating func countRetweet() {
        read += 1
        retweets += 1
    }

    public mutating func add(_ post: Post) {
        read += 1
        if post.text.hasPrefix("RT @") {
            retweets += 1
        } else if post.text.allSatisfy(\.isWhitespace) {
            empty += 1
        } else if !seen.insert(post.id).inserted {
            duplicates += 1
        } else {
            posts.append(post)
        }
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
