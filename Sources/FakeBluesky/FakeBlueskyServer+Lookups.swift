extension FakeBlueskyServer {
    /// The author deletes the post at `uri` (its record leaves the repository and every
    /// view: `getPosts` leaves it out). Returns whether it existed.
    @discardableResult
    public func deletePost(uri: String) -> Bool {
        world.withLock { $0.posts.removeValue(forKey: uri) != nil }
    }
}
