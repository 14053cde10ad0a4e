extension FakeMastodonServer {
    /// The author deletes `id` (as in the web app): lookups answer 404 from now on.
    /// Returns whether it existed.
    @discardableResult
    public func deleteStatus(id: String) -> Bool {
        world.withLock { world in
            defer { world.removeStatus(id) }
            return world.statuses[id] != nil
        }
    }
}
