import MirrorBot

extension CountingNetwork: PostLookupNetwork {
    /// The base's batch size; 1 when the base cannot look posts up.
    public var lookupBatchSize: Int { (base as? any PostLookupNetwork)?.lookupBatchSize ?? 1 }

    /// The base's lookup, counted as `lookup`; a base without lookups fails (nothing counts as gone).
    public func missingPosts(among ids: [String]) async throws -> Set<String> {
        guard let lookups = base as? any PostLookupNetwork else {
            throw NetworkError.failed(endpoint: "lookup", status: 0, detail: "this network cannot look posts up")
        }
        return try await counted("lookup") { try await lookups.missingPosts(among: ids) }
    }
}

extension CountingNetwork: PostDeletingNetwork {
    /// The base's deletion, counted as `delete`; a base that cannot delete fails.
    public func deletePost(id: String) async throws {
        guard let deleting = base as? any PostDeletingNetwork else {
            throw NetworkError.failed(endpoint: "delete", status: 0, detail: "this network cannot delete posts")
        }
        try await counted("delete") { try await deleting.deletePost(id: id) }
    }
}
