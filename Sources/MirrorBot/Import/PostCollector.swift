/// Gathers the posts of an import in memory (compact `Post` values only),
/// dropping retweets, empty posts and ids seen twice, and counting each.
struct PostCollector {
    private(set) var posts: [Post] = []
    private var seen: Set<String> = []
    private(set) var read = 0
    private(set) var retweets = 0
    private(set) var empty = 0
    private(set) var duplicates = 0

    mutating func add(_ post: Post) {
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

    /// The newest `limit` posts (newest first, as the store keeps them) and how many were left out.
    func newest(_ limit: Int?) -> (posts: [Post], left: Int) {
        let sorted = posts.sorted { a, b in
            a.createdAt != b.createdAt ? a.createdAt > b.createdAt : a.id > b.id
        }
        guard let limit, sorted.count > limit else { return (sorted, 0) }
        return (Array(sorted.prefix(limit)), sorted.count - limit)
    }
}
