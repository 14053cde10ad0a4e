extension FakeXServer {
    /// The author deletes `id` (as on x.com): it leaves every list, lookups name it missing.
    /// Returns whether it existed.
    @discardableResult
    public func deleteTweet(id: String) -> Bool {
        world.withLock { $0.tweets.removeValue(forKey: id) != nil }
    }
}
