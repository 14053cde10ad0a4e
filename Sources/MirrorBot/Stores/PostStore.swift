import Foundation

/// Where the human's posts are kept.
public protocol PostStore: Sendable {
    /// Stores posts; a post whose id is already stored is left as it is (on Bluesky, one
    /// stored without facets takes the text and facets of its record).
    /// Returns how many were new. Keeps at most the configured limit, oldest out first.
    @discardableResult
    func store(_ posts: [Post]) async throws -> Int

    /// How many posts are stored.
    func count() async throws -> Int

    /// Forgets every stored post.
    func removeAll() async throws
}
