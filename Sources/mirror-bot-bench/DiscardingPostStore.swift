import MirrorBot

/// A store that keeps nothing: measures reading and checking alone.
struct DiscardingPostStore: PostStore {
    func store(_ posts: [Post]) async throws -> Int { posts.count }
    func count() async throws -> Int { 0 }
    func removeAll() async throws {}
}
